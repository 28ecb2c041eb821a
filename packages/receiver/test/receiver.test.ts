import { validateBody, type BodyValidatorKey } from '@clubnotify/spec';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createNodeHandler, createReceiver, sign, type EventContext, type HandlerResult } from '../src/index.js';
import {
  earlyInSecond,
  listen,
  messageId,
  now,
  OTHER_SECRET,
  post,
  rawRequest,
  SECRET,
  signed,
  stockUpdate,
  type Listening,
} from './helpers.js';

const calls: Array<{ kind: string; name: string; payload: unknown; ctx: EventContext }> = [];
const behaviour = new Map<string, () => Promise<void | HandlerResult>>();
const logged: unknown[][] = [];

function record(kind: string, name: string) {
  return async (payload: unknown, ctx: EventContext): Promise<void | HandlerResult> => {
    calls.push({ kind, name, payload, ctx });
    const act = behaviour.get(ctx.id);
    return act ? act() : undefined;
  };
}

const receiver = createReceiver({
  secrets: [OTHER_SECRET, SECRET],
  mode: 'development',
  maxBodyBytes: 64 * 1024,
  logger: { error: (...args: unknown[]) => logged.push(args) },
  handlers: {
    webhooks: { concertAlert: record('webhook', 'concertAlert'), stockUpdate: record('webhook', 'stockUpdate') },
    callbacks: { concertAlert: record('callback', 'concertAlert') },
  },
});

let app: Listening;
beforeAll(async () => {
  app = await listen(createNodeHandler(receiver));
});
afterAll(() => app.close());

const json = JSON.stringify(stockUpdate);
const callsFor = (id: string) => calls.filter((c) => c.ctx.id === id);

function expectProblem(answer: { status: number; contentType: string | null; json: any }, status: number, event = 'webhook.stockUpdate') {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toBe('application/problem+json');
  expect(validateBody('schema.Problem', answer.json).ok).toBe(true);
  expect(answer.json.status).toBe(status);
  if (status !== 404 && status !== 405)
    expect(validateBody(`${event}.response.${status}.application/problem+json` as BodyValidatorKey, answer.json).ok).toBe(true);
}

describe('verification (each case breaks exactly one thing)', () => {
  const cases: Array<
    [string, { headers: (h: Record<string, string>) => Record<string, string>; body?: string; want: number; detail: RegExp }]
  > = [
    [
      'rejects a message without webhook-id',
      { headers: ({ 'webhook-id': _, ...h }) => h, want: 400, detail: /webhook-id header is missing/ },
    ],
    [
      'rejects a message without webhook-timestamp',
      { headers: ({ 'webhook-timestamp': _, ...h }) => h, want: 400, detail: /webhook-timestamp header is missing/ },
    ],
    [
      'rejects a message without webhook-signature',
      { headers: ({ 'webhook-signature': _, ...h }) => h, want: 400, detail: /webhook-signature header is missing/ },
    ],
    ['rejects a non-numeric timestamp', { headers: (h) => ({ ...h, 'webhook-timestamp': 'hello' }), want: 400, detail: /digits only/ }],
    ['rejects a signature made 301 s ago', { headers: (h) => signedAt(now() - 301, h), want: 401, detail: /more than 300 seconds old/ }],
    ['rejects a signature made 301 s in the future', { headers: (h) => signedAt(now() + 301, h), want: 401, detail: /in the future/ }],
    ['rejects "v1," with nothing after', { headers: (h) => ({ ...h, 'webhook-signature': 'v1,' }), want: 401, detail: /raw request body/ }],
    [
      'rejects a partial signature',
      { headers: (h) => ({ ...h, 'webhook-signature': h['webhook-signature']!.slice(0, 8) }), want: 401, detail: /No signature/ },
    ],
    [
      'rejects a wrong version prefix',
      { headers: (h) => ({ ...h, 'webhook-signature': h['webhook-signature']!.replace('v1,', 'v2,') }), want: 401, detail: /No signature/ },
    ],
    ['rejects a body with one byte changed', { headers: (h) => h, body: json.replace('18', '19'), want: 401, detail: /raw request body/ }],
    [
      'rejects JSON re-serialised with other whitespace',
      { headers: (h) => h, body: JSON.stringify(stockUpdate, null, 2), want: 401, detail: /raw request body/ },
    ],
    [
      'rejects a message signed with an unknown secret',
      {
        headers: (h) => ({
          ...h,
          'webhook-signature': sign('whsec_dW5rbm93bg==', { id: h['webhook-id']!, timestamp: Number(h['webhook-timestamp']), body: json }),
        }),
        want: 401,
        detail: /No signature/,
      },
    ],
  ];

  function signedAt(timestamp: number, h: Record<string, string>) {
    return {
      ...h,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': sign(SECRET, { id: h['webhook-id']!, timestamp, body: json }),
    };
  }

  it.each(cases)('%s', async (_name, { headers, body, want, detail }) => {
    await earlyInSecond();
    const answer = await post(`${app.url}/webhooks/stockUpdate`, headers(signed(json)), body ?? json);
    expectProblem(answer, want);
    expect(answer.json.detail).toMatch(detail);
  });

  it('never runs the handler for a refused message', async () => {
    const h = signed(json);
    await post(`${app.url}/webhooks/stockUpdate`, { ...h, 'webhook-signature': 'v1,' }, json);
    expect(callsFor(h['webhook-id']!)).toHaveLength(0);
  });

  it('accepts a signature made 299 s ago', async () => {
    const id = messageId();
    const answer = await post(`${app.url}/webhooks/stockUpdate`, signed(json, { id, timestamp: now() - 299 }), json);
    expect(answer.status).toBe(200);
  });

  it('accepts a header with several signatures when one is valid', async () => {
    const h = signed(json);
    const header = [
      'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=',
      'v2,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=',
      h['webhook-signature'],
      'v1,',
    ].join(' ');
    const answer = await post(`${app.url}/webhooks/stockUpdate`, { ...h, 'webhook-signature': header }, json);
    expect(answer.status).toBe(200);
  });

  it('accepts either secret during rotation', async () => {
    expect((await post(`${app.url}/webhooks/stockUpdate`, signed(json, { secret: OTHER_SECRET }), json)).status).toBe(200);
    expect((await post(`${app.url}/webhooks/stockUpdate`, signed(json, { secret: SECRET }), json)).status).toBe(200);
  });

  it('reads header names case-insensitively', async () => {
    const h = signed(json);
    const head = [
      'POST /webhooks/stockUpdate HTTP/1.1',
      `Host: 127.0.0.1`,
      'Content-Type: application/json',
      `WEBHOOK-ID: ${h['webhook-id']}`,
      `Webhook-Timestamp: ${h['webhook-timestamp']}`,
      `Webhook-Signature: ${h['webhook-signature']}`,
      'Webhook-Attempt: 3',
    ].join('\r\n');
    const response = await rawRequest(app.url, head, json);
    expect(response.startsWith('HTTP/1.1 200')).toBe(true);
    expect(callsFor(h['webhook-id']!)[0]?.ctx.attempt).toBe(3);
  });
});

describe('payloads', () => {
  it('hands a text/plain body to the handler as the exact string, without JSON decoding', async () => {
    const text = '"Jazz Night" — moved to Sunday, 19:30 {not json}';
    const h = signed(text, { contentType: 'text/plain; charset=utf-8' });
    const answer = await post(`${app.url}/webhooks/concertAlert`, h, text);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('');
    const [call] = callsFor(h['webhook-id']!);
    expect(call).toMatchObject({ kind: 'webhook', name: 'concertAlert', payload: text });
    expect(call!.ctx).toMatchObject({ id: h['webhook-id'], attempt: 1, kind: 'webhook', name: 'concertAlert' });
    expect(call!.ctx.timestamp.getTime()).toBe(Number(h['webhook-timestamp']) * 1000);
  });

  it('routes the callback and the webhook of the same name to their own handlers', async () => {
    const text = 'Jazz Night is cancelled.';
    const h = signed(text, { contentType: 'text/plain' });
    expect((await post(`${app.url}/callbacks/concertAlert`, h, text)).status).toBe(200);
    expect(callsFor(h['webhook-id']!).map((c) => `${c.kind}.${c.name}`)).toEqual(['callback.concertAlert']);
  });

  it('hands stockUpdate to the handler as the parsed object', async () => {
    const h = signed(json);
    expect((await post(`${app.url}/webhooks/stockUpdate`, { ...h, 'webhook-attempt': '2' }, json)).status).toBe(200);
    expect(callsFor(h['webhook-id']!)[0]).toMatchObject({ payload: stockUpdate, ctx: { attempt: 2 } });
  });

  it('answers 400 to text that is not valid UTF-8', async () => {
    const bytes = new Uint8Array([0x4a, 0x61, 0x7a, 0xff, 0x7a]);
    const answer = await post(`${app.url}/webhooks/concertAlert`, signed(bytes, { contentType: 'text/plain' }), bytes);
    expectProblem(answer, 400, 'webhook.concertAlert');
    expect(answer.json.detail).toMatch(/UTF-8/);
  });

  it.each<[string, number[], number]>([
    ['a lone continuation byte', [0x41, 0x80, 0x42], 400],
    ['an overlong slash', [0x41, 0xc0, 0xaf], 400],
    ['a UTF-16 surrogate', [0x41, 0xed, 0xa0, 0x80], 400],
    ['a sequence cut at the end', [0x41, 0xf0, 0x9f, 0x98], 400],
    ['a code point above U+10FFFF', [0x41, 0xf4, 0x90, 0x80, 0x80], 400],
    ['an encoded U+FFFD, which is valid', [0x41, 0xef, 0xbf, 0xbd], 200],
    ['multi-byte text', [...Buffer.from('Jazz — Night 🎷 ü')], 200],
  ])('decides UTF-8 for %s', async (_name, list, status) => {
    const bytes = new Uint8Array(list);
    const answer = await post(`${app.url}/webhooks/concertAlert`, signed(bytes, { contentType: 'text/plain' }), bytes);
    expect(answer.status).toBe(status);
  });

  it('answers 400 with field errors to a stockUpdate that does not match the schema', async () => {
    const body = JSON.stringify({ drink: stockUpdate.drink });
    const answer = await post(`${app.url}/webhooks/stockUpdate`, signed(body), body);
    expectProblem(answer, 400);
    expect(answer.json.errors).toContainEqual({ pointer: '/body/ingredient', detail: 'is required' });
  });

  it('answers 400 to a body that is not JSON', async () => {
    const body = '{"drink":';
    const answer = await post(`${app.url}/webhooks/stockUpdate`, signed(body), body);
    expectProblem(answer, 400);
  });

  it('answers 400 to an empty concertAlert text', async () => {
    const answer = await post(`${app.url}/webhooks/concertAlert`, signed('', { contentType: 'text/plain' }), '');
    expectProblem(answer, 400, 'webhook.concertAlert');
  });
});

describe('responses', () => {
  it('answers 415 to stockUpdate sent as text/plain', async () => {
    const answer = await post(`${app.url}/webhooks/stockUpdate`, signed(json, { contentType: 'text/plain' }), json);
    expectProblem(answer, 415);
    expect(answer.json.detail).toBe('stockUpdate is sent as application/json, not text/plain.');
  });

  it('answers 415 to text in a charset other than UTF-8', async () => {
    const answer = await post(`${app.url}/callbacks/concertAlert`, signed('hi', { contentType: 'text/plain; charset=iso-8859-1' }), 'hi');
    expectProblem(answer, 415, 'callback.concertAlert');
  });

  it('answers 413 to a body over maxBodyBytes, announced or streamed', async () => {
    const big = JSON.stringify({ ...stockUpdate, pad: 'x'.repeat(70 * 1024) });
    expectProblem(await post(`${app.url}/webhooks/stockUpdate`, signed(big), big), 413);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(big));
        controller.close();
      },
    });
    const response = await fetch(`${app.url}/webhooks/stockUpdate`, {
      method: 'POST',
      headers: signed(big),
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });

  it.each([
    ['an unknown event name', '/webhooks/concertCancelled'],
    ['a name in the wrong case', '/webhooks/stockupdate'],
    ['a webhook name asked as a callback', '/callbacks/stockUpdate'],
    ['a path that names no event', '/'],
  ])('answers 404 to %s', async (_name, path) => {
    const answer = await post(`${app.url}${path}`, signed(json), json);
    expectProblem(answer, 404);
    expect(answer.json.detail).toMatch(/\/webhooks\/stockUpdate/);
  });

  it('answers 405 to a GET', async () => {
    const answer = await post(`${app.url}/webhooks/stockUpdate`, {}, '', 'GET');
    expectProblem(answer, 405);
  });
});

describe('handler failures and idempotency', () => {
  it.each([
    ['webhook', 'concertAlert', 'text/plain', 'New concert'],
    ['webhook', 'stockUpdate', 'application/json', json],
    ['callback', 'concertAlert', 'text/plain', 'Moved'],
  ])('answers 500 with an APIError when the %s %s handler throws, and runs it again on retry', async (kind, name, contentType, body) => {
    const id = messageId();
    let fail = true;
    behaviour.set(id, async () => {
      if (fail) throw new Error('database down');
    });
    const first = await post(`${app.url}/${kind}s/${name}`, signed(body, { id, contentType }), body);
    expect(first.status).toBe(500);
    expect(first.contentType).toBe('application/json');
    expect(validateBody(`${kind}.${name}.response.5XX.application/json` as BodyValidatorKey, first.json).ok).toBe(true);
    expect(first.json.code).toBe('handler_failed');
    expect(first.text).not.toMatch(/database down/);
    expect(logged.some((args) => String(args[0]).includes(id))).toBe(true);
    fail = false;
    const retry = await post(`${app.url}/${kind}s/${name}`, signed(body, { id, contentType }), body);
    expect(retry.status).toBe(200);
    expect(callsFor(id)).toHaveLength(2);
  });

  it('answers 200 to a message id already handled without running the handler again', async () => {
    const id = messageId();
    for (let i = 0; i < 3; i++) expect((await post(`${app.url}/webhooks/stockUpdate`, signed(json, { id }), json)).status).toBe(200);
    expect(callsFor(id)).toHaveLength(1);
  });

  it('runs the handler once for concurrent duplicates', async () => {
    const id = messageId();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    behaviour.set(id, () => gate);
    // Every duplicate's body read (the checks up to the in-flight lookup run at once after it)
    // before the first one's handler ends: released earlier, a duplicate would find the id
    // handled, and the test would pass without any of them running concurrently.
    let read = 0;
    const count = (req: IncomingMessage) => req.on('end', () => read++);
    app.server.on('request', count);
    const answers = Array.from({ length: 5 }, () => post(`${app.url}/webhooks/stockUpdate`, signed(json, { id }), json));
    await vi.waitFor(() => expect(read).toBe(5), { timeout: 45_000 });
    await new Promise((r) => setImmediate(r));
    app.server.off('request', count);
    release();
    expect((await Promise.all(answers)).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(callsFor(id)).toHaveLength(1);
  });

  it('lets a handler answer 410, which does not mark the message handled', async () => {
    const id = messageId();
    behaviour.set(id, async () => ({ status: 410 }));
    expect((await post(`${app.url}/webhooks/stockUpdate`, signed(json, { id }), json)).status).toBe(410);
    behaviour.delete(id);
    expect((await post(`${app.url}/webhooks/stockUpdate`, signed(json, { id }), json)).status).toBe(200);
    expect(callsFor(id)).toHaveLength(2);
  });
});

describe('development mode', () => {
  it('refuses loudly to answer a status the spec does not declare for the event', async () => {
    const id = messageId();
    behaviour.set(id, async () => ({ status: 418 }));
    const answer = await post(`${app.url}/webhooks/concertAlert`, signed('Hi', { id, contentType: 'text/plain' }), 'Hi');
    expect(answer.status).toBe(500);
    expect(answer.json).toMatchObject({ code: 'response_not_in_contract' });
    expect(answer.json.message).toMatch(/declares only 200, 400, 401, 410, 413, 415, 5XX/);
    expect(logged.some((args) => String(args[0]).includes('not in the spec'))).toBe(true);
  });

  it('lets stockUpdate answer any status with an UnknownError body, as its default response allows', async () => {
    const id = messageId();
    behaviour.set(id, async () => ({ status: 418, body: { message: "I'm a teapot" } }));
    const answer = await post(`${app.url}/webhooks/stockUpdate`, signed(json, { id }), json);
    expect(answer.status).toBe(418);
  });

  it('refuses a 5XX body that is not an APIError', async () => {
    const id = messageId();
    behaviour.set(id, async () => ({ status: 503, body: { reason: 'busy' } }));
    const answer = await post(`${app.url}/webhooks/stockUpdate`, signed(json, { id }), json);
    expect(answer.status).toBe(500);
    expect(answer.json.message).toMatch(/503 body \/code: is required/);
  });

  it('sends undeclared answers unchanged in production mode', async () => {
    const prod = createReceiver({
      secret: SECRET,
      mode: 'production',
      handlers: { webhooks: { concertAlert: async () => ({ status: 418 }) } },
    });
    const server = await listen(createNodeHandler(prod));
    try {
      expect((await post(`${server.url}/webhooks/concertAlert`, signed('Hi', { contentType: 'text/plain' }), 'Hi')).status).toBe(418);
    } finally {
      await server.close();
    }
  });
});
