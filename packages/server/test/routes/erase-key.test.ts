import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillDeliveredHistory, fillPending } from '../support/fill-history.js';
import { dbFactories, pointers, problem, startTestServer, type TestServer } from '../support/server-support.js';

const count = async (s: TestServer, sql: string, params: unknown[]) => (await s.db.query<{ n: number }>(sql, params))[0]!.n;

describe.each(dbFactories())('erasing an API key with its history on $name', (factory) => {
  let s: TestServer;
  let alice: string;
  let bob: string;

  beforeAll(async () => {
    s = await startTestServer(factory);
    const keys = await s.db.query<{ id: string; name: string }>(`SELECT id, name FROM api_keys`);
    alice = keys.find((k) => k.name === 'alice')!.id;
    bob = keys.find((k) => k.name === 'bob')!.id;
  });
  afterAll(async () => s?.close());

  it('deletes the key, its targets, their queued and ended messages and attempts, and says how many messages went', async () => {
    const mine = await fillDeliveredHistory(s.db, { messages: 120, targets: 3, ownerKeyId: alice, retriedEvery: 4 });
    await fillPending(s.db, { messages: 7, targetIds: mine.targetIds, ownerKeyId: alice, dueInMs: 3_600_000 });
    const sub = await s.call('POST', '/concertUpdates', {
      body: { concertId: 'con_jazznight2026', callbackUrl: 'https://hooks.example.com/a' },
    });
    expect(sub.status).toBe(200);
    const theirs = await fillDeliveredHistory(s.db, { messages: 10, targets: 1, ownerKeyId: bob, retriedEvery: 0 });

    const res = await s.call('POST', `/apiKeys/${alice}/erase`, { key: s.adminKey });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: alice, messages: 127, registrations: 3, subscriptions: 1 });

    const left = (table: string, column = 'owner_key_id') =>
      count(s, `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [alice]);
    for (const table of ['deliveries', 'delivery_history', 'registrations', 'subscriptions', 'idempotency_keys'])
      expect(await left(table)).toBe(0);
    expect(await left('api_keys', 'id')).toBe(0);
    expect(await count(s, `SELECT count(*)::int AS n FROM delivery_attempts`, [])).toBe(0);
    expect(await count(s, `SELECT count(*)::int AS n FROM delivery_targets WHERE target_id = ANY($1::text[])`, [mine.targetIds])).toBe(0);
    // Another owner's history stays; the erased key no longer works, and erasing it again is 404.
    expect(await count(s, `SELECT count(*)::int AS n FROM delivery_history WHERE target_id = $1`, [theirs.targetIds[0]])).toBe(10);
    expect((await s.call('GET', '/registrations')).status).toBe(401);
    const again = await s.call('POST', `/apiKeys/${alice}/erase`, { key: s.adminKey });
    expect(again.status).toBe(404);
    expect(await pointers(again)).toEqual(['/path/apiKeyId']);
  });

  it('is for admins only, and keeps the last admin key', async () => {
    expect((await problem(await s.call('POST', `/apiKeys/${bob}/erase`, { key: null }))).status).toBe(401);
    expect((await problem(await s.call('POST', `/apiKeys/${bob}/erase`, { key: s.bobKey }))).status).toBe(403);
    const [admin] = await s.db.query<{ id: string }>(`SELECT id FROM api_keys WHERE scope = 'admin'`);
    const last = await s.call('POST', `/apiKeys/${admin!.id}/erase`, { key: s.adminKey });
    expect((await problem(last)).status).toBe(409);
    expect(await count(s, `SELECT count(*)::int AS n FROM api_keys WHERE id = $1`, [admin!.id])).toBe(1);
  });
});
