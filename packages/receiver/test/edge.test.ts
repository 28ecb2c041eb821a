import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createFetchHandler, createReceiver, signedHeaders, type HandlerResult } from '../src/index.js';
import { createEventReceiver } from '../src/edge.js';
import { event } from '../../spec/src/generated/events/webhook.stockUpdate.js';

const secret = () => `whsec_${randomBytes(24).toString('base64')}`;
const oldSecret = secret();
const newSecret = secret();
const update = {
  drink: { id: 'itm_mojito', name: 'Mojito', stock: 7, unit: 'glass' },
  ingredient: { id: 'itm_mint', name: 'Fresh mint', stock: 1, unit: 'bunch' },
};
const quiet = { error: () => undefined };

/** The same handler behind both receivers: the payload's ingredient id picks what it does. */
function handler(payload: typeof update): void | HandlerResult {
  if (payload.ingredient.id === 'throws') throw new Error('boom');
  if (payload.ingredient.id === 'gone') return { status: 410 };
}

interface Case {
  name: string;
  body?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  method?: string;
  signWith?: string;
  timestamp?: number;
}

function request(c: Case, id: string): Request {
  const body = c.body ?? JSON.stringify(update);
  const signed = signedHeaders(c.signWith ?? oldSecret, { id, timestamp: c.timestamp ?? Math.floor(Date.now() / 1000), body });
  const headers = { 'content-type': 'application/json', ...signed, ...c.headers };
  const method = c.method ?? 'POST';
  return new Request('http://receiver.test/webhooks/stockUpdate', { method, headers, body: method === 'POST' ? body : undefined });
}

const json = (value: unknown) => JSON.stringify(value);
const cases: Case[] = [
  { name: 'a valid delivery' },
  { name: 'one signed with the new secret of a rotation', signWith: newSecret },
  { name: 'a bad signature', signWith: secret() },
  { name: 'a stale timestamp', timestamp: Math.floor(Date.now() / 1000) - 3600 },
  { name: 'a missing webhook-id', headers: { 'webhook-id': '' } },
  { name: 'a malformed webhook-timestamp', headers: { 'webhook-timestamp': 'soon' } },
  { name: 'a malformed webhook-attempt', headers: { 'webhook-attempt': 'first' } },
  { name: 'a delivery in its payload version', headers: { 'webhook-version': '1' } },
  { name: 'a delivery in another payload version', headers: { 'webhook-version': '2' } },
  { name: 'a malformed webhook-version', headers: { 'webhook-version': 'v1' } },
  { name: 'another content type', headers: { 'content-type': 'text/plain' } },
  { name: 'a latin-1 charset', headers: { 'content-type': 'application/json; charset=latin1' } },
  { name: 'a body over maxBodyBytes', body: json({ ...update, padding: 'x'.repeat(5000) }) },
  { name: 'a body that is not UTF-8', body: new Uint8Array([0x7b, 0xff, 0x7d]) },
  { name: 'a body that is not JSON', body: '{"drink":' },
  { name: 'a payload the spec refuses', body: json({ ...update, drink: { ...update.drink, stock: -1 }, extra: true }) },
  { name: 'a GET', method: 'GET' },
  { name: 'a handler that throws', body: json({ ...update, ingredient: { ...update.ingredient, id: 'throws' } }) },
  { name: 'a handler that answers 410', body: json({ ...update, ingredient: { ...update.ingredient, id: 'gone' } }) },
];

describe('createEventReceiver answers as createReceiver does', () => {
  const options = { secrets: [oldSecret, newSecret], maxBodyBytes: 4096, logger: quiet };
  const full = createFetchHandler(createReceiver({ ...options, handlers: { webhooks: { stockUpdate: handler } } }));
  const edge = createEventReceiver({ ...options, event, handler });
  const answer = async (response: Response) => ({
    status: response.status,
    type: response.headers.get('content-type'),
    allow: response.headers.get('allow'),
    body: await response.text(),
  });

  it.each(cases)('to $name', async (c) => {
    const id = `msg_${randomBytes(8).toString('hex')}`;
    const [expected, actual] = await Promise.all([full(request(c, id)).then(answer), edge(request(c, id)).then(answer)]);
    expect(actual).toEqual(expected);
  });

  it('runs the handler once for a repeated webhook-id, and answers 200 both times', async () => {
    let runs = 0;
    const receive = createEventReceiver({ secret: oldSecret, event, handler: () => void runs++ });
    const id = `msg_${randomBytes(8).toString('hex')}`;
    const statuses = [(await receive(request({ name: 'first' }, id))).status, (await receive(request({ name: 'again' }, id))).status];
    expect({ statuses, runs }).toEqual({ statuses: [200, 200], runs: 1 });
  });

  it('gives ctx.ordering: where each message stands in its key', async () => {
    const positions: string[] = [];
    const receive = createEventReceiver({
      secret: oldSecret,
      event,
      handler: (_payload, ctx) => void positions.push(`${ctx.ordering?.sequence} ${ctx.ordering?.position}`),
    });
    for (const sequence of ['1', '2', '4', '3']) {
      const headers = { 'webhook-ordering-key': 'itm_mojito', 'webhook-ordering-sequence': sequence };
      expect((await receive(request({ name: sequence, headers }, `msg_${randomBytes(8).toString('hex')}`))).status).toBe(200);
    }
    expect(positions).toEqual(['1 first', '2 next', '4 gap', '3 stale']);
  });

  it('refuses a secret that is not whsec_ base64 when it is created', () => {
    expect(() => createEventReceiver({ secret: 'not a secret!', event, handler })).toThrow(/whsec_/);
  });
});
