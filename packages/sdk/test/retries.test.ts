import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConnectionError, RateLimitError, TimeoutError, InternalServerError, createClient, type ClubnotifyClient } from '../src/index.js';
import { backoffDelay, defaultRetry, parseRetryAfter } from '../src/retry.js';
import {
  hangUp,
  json,
  late,
  problem,
  stall,
  stallMidBody,
  startScriptedServer,
  tap,
  type ScriptedServer,
} from './fixtures/scripted-server.js';

let server: ScriptedServer;
let client: ClubnotifyClient;

beforeAll(async () => {
  server = await startScriptedServer();
  client = createClient({
    baseUrl: server.url,
    apiKey: 'k',
    retry: { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 100 },
    timeoutMs: 2_000,
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
});

const concert = { title: 'Jazz night', startsAt: '2026-12-01T20:00:00Z', venue: 'Cellar', currency: 'EUR' };

describe('retries', () => {
  it('retries a GET after a 503 and a dropped connection, then succeeds', async () => {
    server.script(problem(503), hangUp, json(200, { status: 'ok' }));
    await expect(client.health()).resolves.toEqual({ status: 'ok' });
    expect(server.received).toHaveLength(3);
  });

  it('waits at least Retry-After seconds after a 429', async () => {
    server.script(problem(429, {}, { 'Retry-After': '1' }), json(200, { status: 'ok' }));
    await client.health();
    const [first, second] = server.received;
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(950);
  });

  it('gives up after maxAttempts and throws the last error', async () => {
    server.script(problem(429), problem(429), problem(429), json(200, {}));
    await expect(client.health()).rejects.toBeInstanceOf(RateLimitError);
    expect(server.received).toHaveLength(3);
  });

  it('does not wait for a Retry-After longer than maxRetryAfterMs', async () => {
    server.script(problem(503, {}, { 'Retry-After': '3600' }));
    await expect(client.health()).rejects.toBeInstanceOf(InternalServerError);
    expect(server.received).toHaveLength(1);
  });

  it('does not retry other statuses', async () => {
    server.script(problem(500));
    await expect(client.health()).rejects.toBeInstanceOf(InternalServerError);
    expect(server.received).toHaveLength(1);
  });

  it('retries registrations, which are idempotent by design, resending the same body', async () => {
    server.script(problem(503), json(200, { id: 'reg_1' }));
    await client.registerForAlert('https://example.com/hook');
    expect(server.received.map((r) => r.body)).toEqual(['{"url":"https://example.com/hook"}', '{"url":"https://example.com/hook"}']);
  });

  it('does not retry a publishing call without an Idempotency-Key', async () => {
    server.script(problem(503));
    await expect(client.concerts.schedule(concert)).rejects.toBeInstanceOf(InternalServerError);
    server.script(hangUp);
    await expect(client.concerts.schedule(concert)).rejects.toBeInstanceOf(ConnectionError);
    expect(server.received).toHaveLength(2);
  });

  it('retries a publishing call that carries an Idempotency-Key, with the same key', async () => {
    server.script(hangUp, json(201, { id: 'con_1' }));
    await expect(client.concerts.schedule(concert, { idempotencyKey: 'k-1' })).resolves.toEqual({ id: 'con_1' });
    expect(server.received.map((r) => r.headers['idempotency-key'])).toEqual(['k-1', 'k-1']);
  });

  it('retries register(webhook, url) through the operation the spec links to the webhook', async () => {
    server.script(problem(503), json(200, { id: 'reg_1' }));
    await expect(client.register('stockUpdate', 'https://example.com/hook')).resolves.toEqual({ id: 'reg_1' });
    expect(server.received.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /registerForStockUpdates', 'POST /registerForStockUpdates']);
  });

  it('does not retry a call whose operation declares no Idempotency-Key, even when one is sent', async () => {
    server.script(problem(503), json(202, { id: 'del_1' }));
    await expect(client.deliveries.replay('del_1', { idempotencyKey: 'k-2' })).rejects.toBeInstanceOf(InternalServerError);
    expect(server.received).toHaveLength(1);
  });
});

describe('timeouts and cancellation', () => {
  it('throws a TimeoutError when no answer arrives within timeoutMs, after its retries', async () => {
    const quick = createClient({ baseUrl: server.url, timeoutMs: 100, retry: { maxAttempts: 2, baseDelayMs: 10 } });
    server.script(stall, stall);
    await expect(quick.health()).rejects.toBeInstanceOf(TimeoutError);
    expect(server.received).toHaveLength(2);
  });

  it('counts the body against timeoutMs: headers then a stalled body is a TimeoutError', async () => {
    const quick = createClient({ baseUrl: server.url, timeoutMs: 150, retry: false });
    server.script(stallMidBody);
    // The body never ends: only the time limit can end the call (without it, the test times out).
    await expect(quick.health()).rejects.toBeInstanceOf(TimeoutError);
  });

  it('drops an answer that arrives after the timeout, and the retry gets the fresh one', async () => {
    const quick = createClient({ baseUrl: server.url, timeoutMs: 100, retry: { maxAttempts: 2, baseDelayMs: 10 } });
    let staleSent!: () => void;
    const stale = new Promise<void>((resolve) => (staleSent = resolve));
    server.script(late(300, { status: 'stale' }, staleSent), json(200, { status: 'fresh' }));
    await expect(quick.health()).resolves.toEqual({ status: 'fresh' });
    // Once the server wrote the stale answer, it must go nowhere (no unhandled rejection, no
    // second result): the next call, a round trip after it, gets its own answer.
    await stale;
    server.script(json(200, { status: 'next' }));
    await expect(quick.health()).resolves.toEqual({ status: 'next' });
    expect(server.received).toHaveLength(3);
  });

  it("a per-call timeoutMs overrides the client's", async () => {
    server.script(late(300, { status: 'ok' }), late(300, { status: 'ok' }), late(300, { status: 'ok' }));
    await expect(client.health({ timeoutMs: 50 })).rejects.toBeInstanceOf(TimeoutError);
    expect(server.received).toHaveLength(3);
  });

  it('an AbortSignal cancels the backoff wait at once', async () => {
    const controller = new AbortController();
    // The abort comes once the client has the whole 503 (its body buffered, then a turn of the
    // event loop): it is then in its wait, not in the request. The wait is the hour the server
    // asks for, allowed here: only the abort can end the call (without it, the test times out).
    const patient = createClient({
      baseUrl: server.url,
      retry: { maxAttempts: 2, maxRetryAfterMs: 3_600_000 },
      fetch: async (input, init) => {
        const answer = await fetch(input, init);
        const read = new Response(await answer.arrayBuffer(), answer);
        setImmediate(() => controller.abort(new Error('user gave up')));
        return read;
      },
    });
    server.script(problem(503, {}, { 'Retry-After': '3600' }));
    await expect(patient.health({ signal: controller.signal })).rejects.toThrow('user gave up');
    expect(server.received).toHaveLength(1);
  });

  it('an AbortSignal cancels a request in flight and is not retried', async () => {
    const controller = new AbortController();
    server.script(tap(stall, () => controller.abort()));
    const call = client.health({ signal: controller.signal });
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
    expect(server.received).toHaveLength(1);
  });

  it('an AbortSignal stops a pagination between pages', async () => {
    const controller = new AbortController();
    const page = { data: [{ id: 'itm_1' }], next_cursor: 'abc', limit: 1 };
    server.script(
      json(200, page),
      tap(problem(503, {}, { 'Retry-After': '30' }), () => controller.abort(new Error('stop'))),
    );
    const seen: unknown[] = [];
    const walk = (async () => {
      for await (const item of client.paginate('/items/cursor', { query: { limit: 1 }, signal: controller.signal })) {
        seen.push(item);
      }
    })();
    await expect(walk).rejects.toThrow('stop');
    expect(seen).toHaveLength(1);
  });
});

describe('backoff', () => {
  it('doubles from baseDelayMs up to maxDelayMs, jittered down by at most a quarter', () => {
    const policy = { ...defaultRetry, baseDelayMs: 100, maxDelayMs: 1_000 };
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, policy, () => 0))).toEqual([100, 200, 400, 800, 1_000]);
    expect(backoffDelay(1, policy, () => 1)).toBe(75);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('7', now)).toBe(7_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5_000);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
