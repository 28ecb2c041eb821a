import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrism, type PrismInstance } from '../../scripts/mock/prism.js';
import { writeSpecFile } from '../../scripts/mock/spec-file.js';
import { startRealServer, type RealServer } from '../e2e/real-server.js';

// `prism proxy --errors` in front of the reference server: Prism validates each request
// and each response against the spec and turns an error-level violation into its own
// error answer (type https://stoplight.io/prism/errors#...); warnings travel in the
// `sl-violations` header. Requests the spec itself forbids (no Authorization header, a
// text/plain body, limit=500) never reach the server through --errors, so the error cases
// here are the ones only the server can detect: unknown key, wrong scope, unknown ids,
// forged cursors and idempotency conflicts. 413 and 415 cannot be checked this way: Prism
// rejects a wrong media type itself (422) and re-serialises JSON bodies before forwarding,
// so a padded 70 KB body reaches the server small; the server suites cover both directly.

let server: RealServer;
let prism: PrismInstance;
/** Prism's own lines, for a call that cannot reach it (once, under 3 workers, every other connection was refused). */
const prismLog: string[] = [];

beforeAll(async () => {
  server = await startRealServer();
  const log = (line: string) => void prismLog.push(line);
  prism = await startPrism({ mode: 'proxy', specPath: await writeSpecFile(), upstream: server.url, args: ['--errors'], log });
});

/** A request to Prism that got no answer, with what Prism and its process said last. */
function unreachable(error: Error): Error {
  const { exitCode, signalCode } = prism.process;
  const state = exitCode === null && signalCode === null ? 'running' : `exited (${exitCode ?? signalCode})`;
  const lines = prismLog.slice(-15).join('\n');
  return new Error(
    `prism at ${prism.url} (${state}): ${(error.cause as Error | undefined)?.message ?? error.message}; its last lines:\n${lines}`,
    { cause: error },
  );
}

afterAll(async () => {
  await prism?.close();
  await server?.close();
});

type Who = 'admin' | 'subscriber' | 'other' | 'unknown' | null;

/** One call through Prism; fails on any violation Prism reports. */
async function call(method: string, path: string, options: { who?: Who; body?: unknown; headers?: Record<string, string> } = {}) {
  const who = options.who === undefined ? 'subscriber' : options.who;
  const keys = {
    admin: server.adminKey,
    subscriber: server.subscriberKey,
    other: server.otherKey,
    unknown: 'cn_unknownkey0000000000000000000000000000000',
  };
  const headers: Record<string, string> = { ...options.headers };
  if (who) headers.authorization = `Bearer ${keys[who]}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(prism.url + path, { method, headers, body }).catch((error: Error) => {
    throw unreachable(error);
  });
  const text = await res.text();
  const what = `${method} ${path} -> ${res.status}: ${text.slice(0, 300)}`;
  expect(res.headers.get('sl-violations'), what).toBeNull();
  expect(text, what).not.toContain('stoplight.io/prism/errors');
  const json = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
  return { status: res.status, json, headers: res.headers };
}

describe('the reference server behind prism proxy --errors', () => {
  it('answers health checks within the contract', async () => {
    expect((await call('GET', '/healthz', { who: null })).status).toBe(200);
    expect((await call('GET', '/readyz', { who: null })).status).toBe(200);
  });

  it('registers, lists and removes webhook registrations within the contract', async () => {
    const alert = await call('POST', '/registerForAlert', { body: { url: 'https://hooks.example.com/proxy/alerts' } });
    expect(alert.status).toBe(200);
    const stock = await call('POST', '/registerForStockUpdates', { body: { url: 'https://hooks.example.com/proxy/stock' } });
    expect(stock.status).toBe(200);
    const list = await call('GET', '/registrations?limit=1');
    expect(list.status).toBe(200);
    expect(list.json.data).toHaveLength(1);
    expect((await call('GET', `/registrations?event=stockUpdate`)).status).toBe(200);
    expect((await call('DELETE', `/registrations/${stock.json.id}`, { who: 'other' })).status).toBe(404);
    expect((await call('DELETE', `/registrations/${stock.json.id}`)).status).toBe(204);
    expect((await call('DELETE', `/registrations/${stock.json.id}`)).status).toBe(404);
  });

  it('publishes a concert, subscribes to it, changes and cancels it within the contract', async () => {
    const concert = await call('POST', '/concerts', {
      who: 'admin',
      headers: { 'idempotency-key': 'proxy-concert-1' },
      body: { title: 'Proxy Night', startsAt: '2027-01-15T20:00:00Z', venue: 'Main Hall', priceCents: 2500, currency: 'EUR' },
    });
    expect(concert.status).toBe(201);
    const id = concert.json.id as string;
    const sub = await call('POST', '/concertUpdates', { body: { concertId: id, callbackUrl: 'https://hooks.example.com/proxy/concert' } });
    expect(sub.status).toBe(200);
    expect((await call('GET', `/concertUpdates?concertId=${id}`)).status).toBe(200);
    expect((await call('GET', `/concerts/${id}`)).status).toBe(200);
    const update = await call('PATCH', `/concerts/${id}`, {
      who: 'admin',
      headers: { 'idempotency-key': 'proxy-update-1' },
      body: { ticketsAvailable: 40, message: '40 more tickets.' },
    });
    expect(update.status).toBe(200);
    const cancel = await call('POST', `/concerts/${id}/cancel`, {
      who: 'admin',
      headers: { 'idempotency-key': 'proxy-cancel-1' },
      body: { reason: 'The singer is ill.' },
    });
    expect(cancel.status).toBe(200);
    expect((await call('DELETE', `/concertUpdates/${sub.json.id}`)).status).toBe(204);
    expect(
      (await call('POST', '/concertUpdates', { body: { concertId: 'con_doesnotexist', callbackUrl: 'https://hooks.example.com/x' } }))
        .status,
    ).toBe(404);
  });

  it('changes stock and creates API keys within the contract', async () => {
    const stock = await call('POST', '/stockChanges', {
      who: 'admin',
      headers: { 'idempotency-key': 'proxy-stock-1' },
      body: { drink: { id: 'itm_mojito', stock: 18 }, ingredient: { id: 'itm_mint', stock: 3 } },
    });
    expect(stock.status).toBe(200);
    expect((await call('POST', '/apiKeys', { who: 'admin', body: { name: 'proxy', scope: 'subscriber' } })).status).toBe(201);
  });

  it.each([
    '/items',
    '/items/cursor',
    '/items/pages?page=2&size=3',
    '/items/pages/linked?size=3',
    '/items/pages/link-header?page=1&size=5',
    '/items/offsets?offset=4&limit=3',
    '/items/offsets/linked?limit=3',
    '/items/pages?page=999',
  ])('lists GET %s within the contract', async (path) => {
    const page = await call('GET', path);
    expect(page.status).toBe(200);
    expect(Array.isArray(page.json.data)).toBe(true);
  });

  it('follows links.next of /items within the contract', async () => {
    const first = await call('GET', '/items?limit=2');
    expect(first.json.links.next).toMatch(/^\/items\?/);
    expect((await call('GET', first.json.links.next)).status).toBe(200);
  });

  it.each<[string, { method: string; path: string; who: Who; body?: unknown; want: number }]>([
    ['400 for a forged cursor', { method: 'GET', path: '/items?cursor=forged.cursor', who: 'subscriber', want: 400 }],
    ['401 for an unknown key', { method: 'GET', path: '/registrations', who: 'unknown', want: 401 }],
    [
      '403 for a subscriber publishing',
      { method: 'POST', path: '/apiKeys', who: 'subscriber', body: { name: 'x', scope: 'admin' }, want: 403 },
    ],
    ['404 for an unknown concert', { method: 'GET', path: '/concerts/con_doesnotexist', who: 'subscriber', want: 404 }],
  ])('answers %s as a problem within the contract', async (_name, { method, path, who, body, want }) => {
    const res = await call(method, path, { who, body });
    expect(res.status).toBe(want);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.json.status).toBe(want);
  });

  it('answers 409 for an Idempotency-Key reused with another body, within the contract', async () => {
    const body = { title: 'Twice', startsAt: '2027-02-01T20:00:00Z', venue: 'Main Hall', priceCents: 1500, currency: 'EUR' };
    const headers = { 'idempotency-key': 'proxy-conflict-1' };
    expect((await call('POST', '/concerts', { who: 'admin', headers, body })).status).toBe(201);
    expect((await call('POST', '/concerts', { who: 'admin', headers, body: { ...body, title: 'Thrice' } })).status).toBe(409);
  });
});
