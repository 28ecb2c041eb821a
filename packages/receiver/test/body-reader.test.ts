import { describe, expect, it } from 'vitest';
import { BodyTooLargeError, createReceiver, type ReceiverRequest } from '../src/index.js';
import { SECRET, signed, stockUpdate } from './helpers.js';

const handled: string[] = [];
const receiver = createReceiver({
  secret: SECRET,
  mode: 'production',
  maxBodyBytes: 1024,
  logger: { error: () => undefined },
  handlers: { webhooks: { stockUpdate: (_payload, ctx) => void handled.push(ctx.id) } },
});
const json = JSON.stringify(stockUpdate);

function request(body: ReceiverRequest['body'], headers = signed(json)): ReceiverRequest {
  return { method: 'POST', event: { kind: 'webhook', name: 'stockUpdate' }, headers, body };
}

describe('a body reader handed to receiver.handle', () => {
  it('is called with maxBodyBytes, and what it resolves is verified and handled', async () => {
    const headers = signed(json);
    let limit: number | undefined;
    const answer = await receiver.handle(request((l: number) => ((limit = l), Promise.resolve(Buffer.from(json))), headers));
    expect(answer.status).toBe(200);
    expect(limit).toBe(1024);
    expect(handled).toContain(headers['webhook-id']);
  });

  it('answers 413 whether it rejects or throws BodyTooLargeError', async () => {
    const rejects = await receiver.handle(request(() => Promise.reject(new BodyTooLargeError(1024))));
    const throws = await receiver.handle(
      request(() => {
        throw new BodyTooLargeError(1024);
      }),
    );
    for (const answer of [rejects, throws]) {
      expect(answer.status).toBe(413);
      expect(answer.headers).toMatchObject({ 'content-type': 'application/problem+json', connection: 'close' });
    }
  });

  it('rejects handle with any other error it throws or rejects with (the adapter answers 500)', async () => {
    const failure = new Error('socket reset');
    await expect(receiver.handle(request(() => Promise.reject(failure)))).rejects.toBe(failure);
    await expect(
      receiver.handle(
        request(() => {
          throw failure;
        }),
      ),
    ).rejects.toBe(failure);
  });

  it('may resolve a string, as the body itself may be one', async () => {
    const answer = await receiver.handle(request(() => Promise.resolve(json) as unknown as Promise<Uint8Array>));
    expect(answer.status).toBe(200);
  });

  it('is not called when the headers already decide the answer', async () => {
    let called = false;
    const answer = await receiver.handle(
      request(() => ((called = true), Promise.resolve(Buffer.from(json))), { 'content-type': 'application/json' }),
    );
    expect(answer.status).toBe(400);
    expect(called).toBe(false);
  });
});
