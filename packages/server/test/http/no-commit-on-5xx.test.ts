import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../src/db/database.js';
import { dbFactories, problem, startTestServer, type TestServer } from '../support/server-support.js';

/**
 * The app's database, with a switch that breaks the rows written records come back as (an
 * id that is a number, a stock change's answer that is no answer), so the answer built from
 * them violates the spec after the writes.
 */
function faultyDatabase(real: () => Database, kind: Database['kind']) {
  const fault = { on: false };
  // A stock change is one WITH statement whose rows carry each change's answer as JSON (`body`).
  const broken = (row: unknown) =>
    row && typeof row === 'object' && 'drink_found' in row ? { ...row, body: '{"drink":42}' } : { ...(row as object), id: 42 };
  const WRITE =
    /^\s*((INSERT INTO|UPDATE) (concerts|items|registrations|subscriptions|api_keys|deliveries)\b[\s\S]*RETURNING|WITH levels\b|WITH moved\b)/i;
  const wrap = (q: Queryable): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const rows = await q.query<T>(sql, params);
      return fault.on && WRITE.test(sql) ? rows.map((row) => broken(row) as T) : rows;
    },
  });
  const db: Database = {
    // Known before the real database is opened (createApp reads it).
    kind,
    query: (sql, params) => wrap(real()).query(sql, params),
    transaction: (fn) => real().transaction((tx) => fn(wrap(tx))),
    close: () => real().close(),
  };
  return { db, fault };
}

interface Case {
  name: string;
  send(s: TestServer, headers: Record<string, string>): Promise<Response>;
  /** What the request changes when it succeeds. */
  effect(s: TestServer): Promise<unknown>;
  /** The problem that refuses the broken work; `response-validation` unless said. */
  problem?: string;
}

const LIVE = 'con_jazznight2026';
const DOOMED = 'con_doomed';
const stamp = randomUUID().slice(0, 8);
const admin = (s: TestServer, method: string, path: string, body: unknown, headers: Record<string, string>) =>
  s.call(method, path, { key: s.adminKey, body, headers });
const count = async (s: TestServer, sql: string, params: unknown[]) => Number((await s.db.query<{ n: string }>(sql, params))[0]!.n);
const queued = (s: TestServer) => count(s, 'SELECT count(*) AS n FROM delivery_messages', []);

const cases: Case[] = [
  {
    name: 'scheduleConcert',
    send: (s, h) => admin(s, 'POST', '/concerts', { title: `Rollback ${stamp}`, startsAt: '2027-03-01T20:00:00Z', venue: 'Main Hall' }, h),
    effect: async (s) => [await count(s, 'SELECT count(*) AS n FROM concerts WHERE title = $1', [`Rollback ${stamp}`]), await queued(s)],
  },
  {
    name: 'updateConcert',
    send: (s, h) => admin(s, 'PATCH', `/concerts/${LIVE}`, { ticketsAvailable: 7 }, h),
    effect: async (s) => [(await s.db.query('SELECT tickets_available FROM concerts WHERE id = $1', [LIVE]))[0], await queued(s)],
  },
  {
    name: 'changeStock',
    send: async (s, h) => {
      const [drink, ingredient] = await Promise.all(
        ['drink', 'ingredient'].map(
          async (kind) => (await s.db.query<{ id: string }>('SELECT id FROM items WHERE kind = $1 ORDER BY seq LIMIT 1', [kind]))[0]!.id,
        ),
      );
      return admin(s, 'POST', '/stockChanges', { drink: { id: drink, stock: 11 }, ingredient: { id: ingredient, stock: 12 } }, h);
    },
    effect: async (s) => [await s.db.query('SELECT stock FROM items ORDER BY seq'), await queued(s)],
    // The answer is also the stockUpdate webhook's body: the outgoing payload check refuses it first.
    problem: 'payload-validation',
  },
  {
    name: 'registerForAlert',
    send: (s, h) => s.call('POST', '/registerForAlert', { body: { url: `https://hooks.example.com/${stamp}` }, headers: h }),
    effect: (s) => count(s, 'SELECT count(*) AS n FROM registrations WHERE url = $1', [`https://hooks.example.com/${stamp}`]),
  },
  {
    name: 'subscribeConcertUpdates',
    send: (s, h) =>
      s.call('POST', '/concertUpdates', { body: { concertId: LIVE, callbackUrl: `https://hooks.example.com/sub-${stamp}` }, headers: h }),
    effect: (s) => count(s, 'SELECT count(*) AS n FROM subscriptions WHERE callback_url = $1', [`https://hooks.example.com/sub-${stamp}`]),
  },
  {
    name: 'createApiKey',
    send: (s, h) => admin(s, 'POST', '/apiKeys', { name: `key ${stamp}`, scope: 'subscriber' }, h),
    effect: (s) => count(s, 'SELECT count(*) AS n FROM api_keys WHERE name = $1', [`key ${stamp}`]),
  },
  {
    name: 'cancelConcert',
    send: (s, h) => admin(s, 'POST', `/concerts/${DOOMED}/cancel`, { reason: 'Rolled back?' }, h),
    effect: async (s) => [(await s.db.query('SELECT status FROM concerts WHERE id = $1', [DOOMED]))[0], await queued(s)],
  },
];

describe.each(dbFactories())('a 5xx leaves nothing committed, on $name', (factory) => {
  let s: TestServer;
  let real: Database;
  const { db, fault } = faultyDatabase(() => real, factory.name);

  beforeAll(async () => {
    s = await startTestServer(factory, { deps: { db } });
    real = s.db;
    // Targets, so that publishing queues deliveries that a rollback must take back.
    await s.call('POST', '/registerForAlert', { body: { url: 'https://hooks.example.com/alerts' } });
    await s.call('POST', '/registerForStockUpdates', { body: { url: 'https://hooks.example.com/stock' } });
    await s.db.query(
      `INSERT INTO concerts (id, title, starts_at, venue, currency) VALUES ($1, 'Doomed', '2027-01-01T20:00:00Z', 'Hall', 'EUR')`,
      [DOOMED],
    );
    for (const concertId of [LIVE, DOOMED]) {
      await s.call('POST', '/concertUpdates', { body: { concertId, callbackUrl: 'https://hooks.example.com/jazz' } });
    }
  });
  beforeEach(() => void (fault.on = false));
  afterAll(() => s.close());

  async function failsWithoutTrace(c: Case, headers: Record<string, string>): Promise<unknown> {
    const before = await c.effect(s);
    fault.on = true;
    const broken = await c.send(s, headers);
    fault.on = false;
    expect(broken.status).toBe(500);
    expect((await problem(broken)).type).toBe(`https://clubnotify.dev/problems/${c.problem ?? 'response-validation'}`);
    expect(await c.effect(s)).toEqual(before);
    return before;
  }

  it.each(cases)('$name: a broken answer rolls the work back, and a retry does it once', async (c) => {
    const before = await failsWithoutTrace(c, {});
    const retry = await c.send(s, {});
    expect(retry.status).toBeLessThan(300);
    expect(await c.effect(s)).not.toEqual(before);
  });

  it.each(cases.slice(0, 3))(
    '$name with an Idempotency-Key: the 500 is not stored, and the retry with the same key does the work',
    async (c) => {
      const key = randomUUID();
      await failsWithoutTrace(c, { 'idempotency-key': key });
      expect(await s.db.query('SELECT key FROM idempotency_keys WHERE key = $1', [key])).toEqual([]);
      const retry = await c.send(s, { 'idempotency-key': key });
      expect(retry.status).toBeLessThan(300);
      const done = await c.effect(s);
      const replay = await c.send(s, { 'idempotency-key': key });
      expect(replay.status).toBe(200);
      expect(await c.effect(s)).toEqual(done);
      expect(await s.db.query('SELECT status_code FROM idempotency_keys WHERE key = $1', [key])).toEqual([{ status_code: retry.status }]);
    },
  );

  it('replayDelivery: a broken answer leaves the delivery as it was', async () => {
    const [target] = await s.db.query<{ id: string; owner_key_id: string }>('SELECT id, owner_key_id FROM registrations LIMIT 1');
    const id = `dlv_${randomUUID().replace(/-/g, '')}`;
    await s.db.query(
      `INSERT INTO delivery_history (seq, id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, status, attempt_count, round_attempts, created_at)
       VALUES (nextval(pg_get_serial_sequence('deliveries', 'seq')), $1, $2, 'webhook', 'concertAlert', $3, $4, 'https://hooks.example.com/alerts',
               'text/plain; charset=utf-8', 'x', 'failed', 8, 8, now())`,
      [id, `msg_${stamp}`, target!.id, target!.owner_key_id],
    );
    const status = async () =>
      (await s.db.query<{ status: string }>('SELECT status FROM delivery_messages WHERE id = $1', [id]))[0]!.status;
    fault.on = true;
    const broken = await s.call('POST', `/deliveries/${id}/replay`, { key: s.adminKey });
    fault.on = false;
    expect(broken.status).toBe(500);
    expect(await status()).toBe('failed');
    expect((await s.call('POST', `/deliveries/${id}/replay`, { key: s.adminKey })).status).toBe(202);
    expect(await status()).toBe('pending');
  });
});
