import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbFactories, problem, startTestServer, type TestServer } from '../support/server-support.js';

describe.each(dbFactories())('per-key limits on $name', (factory) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(factory, { deps: { limits: { registrationsPerKey: 3, subscriptionsPerKey: 2 } } });
  });
  afterAll(() => s.close());

  const register = (n: number, key = s.aliceKey) =>
    s.call('POST', '/registerForAlert', { key, body: { url: `https://hooks.example.com/limit/${n}` } });

  it('refuses a registration beyond the limit with a 409 limit-exceeded problem, and keeps idempotent retries working', async () => {
    for (const n of [1, 2, 3]) expect((await register(n)).status).toBe(200);
    const over = await register(4);
    expect(over.status).toBe(409);
    const p = await problem(over);
    expect(p.type).toBe('https://clubnotify.dev/problems/limit-exceeded');
    expect(p.detail).toContain('3 live registrations');
    expect((await register(2)).status).toBe(200);
    expect((await register(4, s.bobKey)).status).toBe(200);
  });

  it('counts concurrent registrations of one key together', async () => {
    const results = await Promise.all([5, 6, 7, 8].map((n) => register(n, s.bobKey)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409]);
  });

  it('frees a place when a registration is removed', async () => {
    const list = (await (await s.call('GET', '/registrations')).json()) as { data: Array<{ id: string }> };
    expect((await s.call('DELETE', `/registrations/${list.data[0]!.id}`)).status).toBe(204);
    expect((await register(4)).status).toBe(200);
  });

  it('limits subscriptions per key on their own', async () => {
    const subscribe = (n: number) =>
      s.call('POST', '/concertUpdates', { body: { concertId: 'con_jazznight2026', callbackUrl: `https://hooks.example.com/cb/${n}` } });
    expect((await subscribe(1)).status).toBe(200);
    expect((await subscribe(2)).status).toBe(200);
    const over = await subscribe(3);
    expect(over.status).toBe(409);
    expect((await problem(over)).detail).toContain('2 live subscriptions');
  });
});
