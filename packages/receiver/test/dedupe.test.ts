import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHandler, createReceiver, MemoryDedupeStore, PostgresDedupeStore } from '../src/index.js';
import { listen, messageId, post, SECRET, signed, stockUpdate } from './helpers.js';
import { missing, postgres } from '../../../test/dependencies.js';

describe('MemoryDedupeStore', () => {
  it('forgets a handled id once its time to live has passed', async () => {
    let clock = 0;
    const store = new MemoryDedupeStore({ now: () => clock });
    expect(await store.claim('a', 60)).toBe('claimed');
    expect(await store.claim('a', 60)).toBe('in-progress');
    await store.complete('a', 600);
    clock = 599_000;
    expect(await store.claim('a', 60)).toBe('handled');
    clock = 601_000;
    expect(await store.claim('a', 60)).toBe('claimed');
  });

  it('forgets a failed claim so a retry runs', async () => {
    const store = new MemoryDedupeStore();
    await store.claim('b', 60);
    await store.release('b');
    expect(await store.claim('b', 60)).toBe('claimed');
  });

  it('never holds more than maxEntries ids', async () => {
    const store = new MemoryDedupeStore({ maxEntries: 100 });
    for (let i = 0; i < 1000; i++) {
      await store.claim(`id${i}`, 60);
      await store.complete(`id${i}`, 600);
    }
    expect(store.size).toBe(100);
    expect(await store.claim('id999', 60)).toBe('handled');
  });

  it('sweeps expired ids as new ones arrive', async () => {
    let clock = 0;
    const store = new MemoryDedupeStore({ now: () => clock });
    for (let i = 0; i < 50; i++) await store.complete(`old${i}`, 10);
    clock = 11_000;
    await store.complete('new', 10);
    expect(store.size).toBe(1);
  });

  // A synchronous handler completes its id straight after the claim: the store rewrites the claim in place.
  it('evicts ids completed straight after their claim oldest first, and sweeps them once expired', async () => {
    let clock = 0;
    const store = new MemoryDedupeStore({ maxEntries: 3, now: () => clock });
    for (const id of ['a', 'b', 'c', 'd']) {
      expect(store.claimNow(id, 60)).toBe('claimed');
      store.completeNow(id, 10);
    }
    expect(store.size).toBe(3);
    expect(['b', 'c', 'd'].map((id) => store.claimNow(id, 60))).toEqual(['handled', 'handled', 'handled']);
    clock = 11_000;
    expect(store.claimNow('e', 60)).toBe('claimed');
    store.completeNow('e', 10);
    expect(store.size).toBe(1);
    expect(store.claimNow('a', 60)).toBe('claimed');
  });

  it('evicts an id claimed again after its lease ran out as the newest, not by its first claim', async () => {
    let clock = 0;
    const store = new MemoryDedupeStore({ maxEntries: 2, now: () => clock });
    expect(store.claimNow('a', 1)).toBe('claimed');
    expect(store.claimNow('b', 60)).toBe('claimed');
    clock = 2_000;
    expect(store.claimNow('a', 60)).toBe('claimed');
    expect(store.claimNow('c', 60)).toBe('claimed');
    expect(store.size).toBe(2);
    expect(['a', 'c', 'b'].map((id) => store.claimNow(id, 60))).toEqual(['in-progress', 'in-progress', 'claimed']);
  });

  it('keeps a claim and a handled id apart on a clock with fractions of a millisecond', async () => {
    let clock = 1000.75;
    const store = new MemoryDedupeStore({ now: () => clock });
    expect(await store.claim('c', 0.0005)).toBe('claimed');
    expect(await store.claim('c', 0.0005)).toBe('in-progress');
    clock += 1;
    expect(await store.claim('c', 60)).toBe('claimed');
    await store.complete('c', 600);
    await store.release('c');
    clock += 599_000;
    expect(await store.claim('c', 60)).toBe('handled');
    clock += 1_001;
    expect(await store.claim('c', 60)).toBe('claimed');
  });

  it('keeps a handled id after a failed run of the same id released its claim', async () => {
    const store = new MemoryDedupeStore({ maxEntries: 2 });
    await store.claim('d', 60);
    await store.complete('d', 600);
    await store.release('d');
    expect(await store.claim('d', 60)).toBe('handled');
    for (const id of ['e', 'f']) await store.complete(id, 600);
    expect(store.size).toBe(2);
    expect(await store.claim('d', 60)).toBe('claimed');
  });

  it('refuses a time to live shorter than twice the tolerance', () => {
    expect(() => createReceiver({ secret: SECRET, dedupeTtlSec: 500, handlers: {} })).toThrow(/at least twice/);
  });
});

const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(missing(postgres))('PostgresDedupeStore (own database)', () => {
  const name = `cn_receiver_${randomBytes(6).toString('hex')}`;
  let url: string;
  const pools: pg.Pool[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(databaseUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
  });

  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  function pool(): pg.Pool {
    const p = new pg.Pool({ connectionString: url, max: 4 });
    // DROP DATABASE ... WITH (FORCE) below may reach a connection that is still closing.
    p.on('error', () => undefined);
    p.on('connect', (client) => client.on('error', () => undefined));
    pools.push(p);
    return p;
  }

  it('lets exactly one of several instances claim an id', async () => {
    const stores = [
      new PostgresDedupeStore({ pool: pool() }),
      new PostgresDedupeStore({ pool: pool() }),
      new PostgresDedupeStore({ connectionString: url }),
    ];
    await stores[0]!.claim('warmup', 60);
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => stores[i % 3]!.claim('msg_shared', 60)));
    expect(results.filter((r) => r === 'claimed')).toHaveLength(1);
    expect(results.filter((r) => r === 'in-progress')).toHaveLength(11);
    await stores[1]!.complete('msg_shared', 600);
    expect(await stores[2]!.claim('msg_shared', 60)).toBe('handled');
    await stores[2]!.close();
  });

  it('lets a retry claim an id whose handler failed, or whose lease ran out', async () => {
    const store = new PostgresDedupeStore({ pool: pool() });
    expect(await store.claim('msg_failed', 60)).toBe('claimed');
    await store.release('msg_failed');
    expect(await store.claim('msg_failed', 60)).toBe('claimed');
    expect(await store.claim('msg_lease', 0.05)).toBe('claimed');
    await new Promise((r) => setTimeout(r, 100));
    expect(await store.claim('msg_lease', 60)).toBe('claimed');
  });

  it('releases the claim of a handler that timed out, so a retry on another instance runs it', async () => {
    let runs = 0;
    const instance = () =>
      createReceiver({
        secret: SECRET,
        handlerTimeoutSec: 0.2,
        logger: { error: () => undefined },
        dedupe: new PostgresDedupeStore({ pool: pool() }),
        handlers: { webhooks: { stockUpdate: () => (++runs === 1 ? new Promise<void>(() => {}) : undefined) } },
      });
    const a = await listen(createNodeHandler(instance()));
    const b = await listen(createNodeHandler(instance()));
    try {
      const body = JSON.stringify(stockUpdate);
      const headers = signed(body, { id: messageId() });
      const first = await post(`${a.url}/webhooks/stockUpdate`, headers, body, 'POST', AbortSignal.timeout(3000));
      expect(first).toMatchObject({ status: 503, json: { code: 'handler_timeout' } });
      expect((await post(`${b.url}/webhooks/stockUpdate`, headers, body)).status).toBe(200);
      expect((await post(`${a.url}/webhooks/stockUpdate`, headers, body)).status).toBe(200);
      expect(runs).toBe(2);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('runs the handler once when two receiver instances get the same message', async () => {
    let runs = 0;
    const instance = () =>
      createReceiver({
        secret: SECRET,
        dedupe: new PostgresDedupeStore({ pool: pool() }),
        handlers: { webhooks: { stockUpdate: async () => void (runs++, await new Promise((r) => setTimeout(r, 50))) } },
      });
    const a = await listen(createNodeHandler(instance()));
    const b = await listen(createNodeHandler(instance()));
    try {
      const body = JSON.stringify(stockUpdate);
      const headers = signed(body, { id: messageId() });
      const answers = await Promise.all([a, b, a, b].map((s) => post(`${s.url}/webhooks/stockUpdate`, headers, body)));
      expect(runs).toBe(1);
      expect(answers.filter((x) => x.status === 200).length).toBeGreaterThanOrEqual(2);
      for (const answer of answers.filter((x) => x.status !== 200))
        expect(answer).toMatchObject({ status: 503, json: { code: 'in_progress' } });
      const again = await post(`${b.url}/webhooks/stockUpdate`, headers, body);
      expect(again.status).toBe(200);
      expect(runs).toBe(1);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
