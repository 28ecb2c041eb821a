import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetchHandler, createNodeHandler, createReceiver, sign } from '../src/index.js';
import { listen, OTHER_SECRET, rawRequest, SECRET, signed, stockUpdate, type Listening } from './helpers.js';

const json = JSON.stringify(stockUpdate);
const receiver = createReceiver({
  secret: SECRET,
  logger: { error: () => undefined },
  handlers: { webhooks: { stockUpdate: () => undefined } },
});
const WRONG = 'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=';

let app: Listening;
beforeAll(async () => {
  app = await listen(createNodeHandler(receiver));
});
afterAll(() => app.close());

/** Sends the signed message with `lines` as extra or replacing header lines, each written as given. */
async function send(lines: (h: Record<string, string>) => string[], base = signed(json)): Promise<{ status: number; json: any }> {
  const { 'webhook-signature': _, ...rest } = base;
  const head = [
    'POST /webhooks/stockUpdate HTTP/1.1',
    'host: 127.0.0.1',
    ...Object.entries(rest).map(([k, v]) => `${k}: ${v}`),
    ...lines(base),
  ].join('\r\n');
  const response = await rawRequest(app.url, head, json);
  const [status, body] = [Number(response.slice(9, 12)), response.slice(response.indexOf('\r\n\r\n') + 4)];
  return { status, json: body ? JSON.parse(body) : undefined };
}

const signatureOf = (h: Record<string, string>) => h['webhook-signature']!;
const otherSignature = (h: Record<string, string>) =>
  sign(OTHER_SECRET, { id: h['webhook-id']!, timestamp: Number(h['webhook-timestamp']), body: json });

describe('several webhook-signature lines (Node joins them with ", ")', () => {
  it.each([
    [
      'the valid signature in the first line',
      (h: Record<string, string>) => [`webhook-signature: ${signatureOf(h)}`, `webhook-signature: ${WRONG}`],
    ],
    [
      'the valid signature in the second line',
      (h: Record<string, string>) => [`webhook-signature: ${WRONG}`, `webhook-signature: ${signatureOf(h)}`],
    ],
    [
      'the valid signature inside a space-separated list of the first line',
      (h: Record<string, string>) => [`webhook-signature: ${WRONG} ${signatureOf(h)}`, `webhook-signature: ${otherSignature(h)} v1,`],
    ],
  ])('accepts %s', async (_name, lines) => {
    expect((await send(lines)).status).toBe(200);
  });

  it('still refuses when no line holds a valid signature', async () => {
    const answer = await send((h) => [`webhook-signature: ${WRONG}`, `webhook-signature: ${otherSignature(h)}`]);
    expect(answer).toMatchObject({ status: 401, json: { type: 'https://clubnotify.dev/problems/invalid-signature' } });
  });

  it('accepts repeated lines from Web Headers (the Fetch adapter)', async () => {
    const h = signed(json);
    const headers = new Headers(Object.entries(h).filter(([k]) => k !== 'webhook-signature'));
    headers.append('webhook-signature', h['webhook-signature']!);
    headers.append('webhook-signature', WRONG);
    const response = await createFetchHandler(receiver)(
      new Request('http://receiver/webhooks/stockUpdate', { method: 'POST', headers, body: json }),
    );
    expect(response.status).toBe(200);
  });

  it('accepts raw header arrays (req.headersDistinct)', async () => {
    const h = signed(json);
    const headers = { ...h, 'webhook-signature': [h['webhook-signature']!, WRONG] };
    expect((await receiver.handle({ method: 'POST', event: { kind: 'webhook', name: 'stockUpdate' }, headers, body: json })).status).toBe(
      200,
    );
  });
});

describe('other webhook-* headers sent twice', () => {
  it.each(['webhook-id', 'webhook-timestamp', 'webhook-attempt'])('answers 400 saying %s was sent more than once', async (name) => {
    const answer = await send((h) => [
      `webhook-signature: ${signatureOf(h)}`,
      `${name}: ${h[name] ?? '1'}`,
      ...(name === 'webhook-attempt' ? [`${name}: 1`] : []),
    ]);
    expect(answer).toMatchObject({
      status: 400,
      json: {
        type: 'https://clubnotify.dev/problems/malformed-headers',
        detail: `The ${name} header was sent more than once; send it exactly once.`,
      },
    });
  });

  it('answers 400, not a crash, to a repeated webhook-id as a raw header array', async () => {
    const h = signed(json);
    const answer = await receiver.handle({
      method: 'POST',
      event: { kind: 'webhook', name: 'stockUpdate' },
      headers: { ...h, 'webhook-id': [h['webhook-id']!, h['webhook-id']!] },
      body: json,
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).detail).toMatch(/webhook-id header was sent more than once/);
  });
});
