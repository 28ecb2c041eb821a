import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHandler, createReceiver } from '../src/index.js';
import { listen, post, SECRET, signed, type Listening } from './helpers.js';

const got: Array<{ name: string; payload: unknown }> = [];
const opened = {
  type: 'circuitOpened',
  occurredAt: '2026-11-21T21:00:00.000Z',
  ownerKeyId: 'key_1',
  targetId: 'reg_1',
  url: 'https://hooks.example.com/x',
  openUntil: '2026-11-21T21:01:00.000Z',
};

let server: Listening;
beforeAll(async () => {
  const receiver = createReceiver({
    secret: SECRET,
    logger: { error: () => {} },
    handlers: {
      webhooks: {
        circuitOpened: (payload, ctx) => void got.push({ name: ctx.name, payload: payload.openUntil }),
        stockUpdate: () => {},
      },
    },
  });
  server = await listen(createNodeHandler(receiver));
});
afterAll(() => server?.close());

const send = (body: unknown) => {
  const text = JSON.stringify(body);
  return post(`${server.url}/webhooks/operationalEvents`, signed(text), text);
};

describe('/webhooks/operationalEvents', () => {
  it('calls the handler of the operational event the verified payload names in `type`, typed', async () => {
    expect((await send(opened)).status).toBe(200);
    expect(got).toEqual([{ name: 'circuitOpened', payload: opened.openUntil }]);
  });

  it('answers 400 when the payload names no operational event, and validates against the named one', async () => {
    expect((await send({ ...opened, type: 'stockUpdate' })).status).toBe(400);
    const invalid = await send({ ...opened, openUntil: undefined });
    expect([invalid.status, JSON.stringify(invalid.json)]).toEqual([400, expect.stringContaining('openUntil')]);
  });

  it('answers 404 for an operational event without a handler, 401 for a bad signature', async () => {
    expect(
      (await send({ type: 'circuitClosed', occurredAt: opened.occurredAt, ownerKeyId: 'key_1', targetId: 'reg_1', url: opened.url }))
        .status,
    ).toBe(404);
    const text = JSON.stringify(opened);
    const forged = await post(`${server.url}/webhooks/operationalEvents`, { ...signed(text), 'webhook-signature': 'v1,AAAA' }, text);
    expect(forged.status).toBe(401);
  });
});
