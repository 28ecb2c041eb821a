import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReadBudget } from '../../src/db/read-budget.js';
import { operations } from '../../src/http/operations.js';
import { dbFactories, problem, startTestServer, type TestServer } from '../support/server-support.js';

// Reads (every keyed GET) run on a budget of their own; publishing never waits for it. These
// tests fill the budget and check that only reads are refused, with 503 and Retry-After.

const reads = [...operations.values()].filter((op) => op.read);
const concert = { title: 'Bulkhead night', startsAt: '2026-12-12T20:00:00Z', venue: 'Main Hall', priceCents: 2500, currency: 'EUR' };

/** Resolves once `count` reads wait for a turn. */
function waitingReads(budget: ReadBudget, count: number): Promise<void> {
  return new Promise((resolve) => {
    if (budget.waiting >= count) return resolve();
    const stop = budget.onWaiting(() => {
      if (budget.waiting < count) return;
      stop();
      resolve();
    });
  });
}

describe.each(dbFactories())('the reads bulkhead, on $name', (factory) => {
  let server: TestServer;
  const budget = new ReadBudget({ concurrency: 1, queueLimit: 1, maxWaitMs: 60_000 });

  beforeAll(async () => {
    server = await startTestServer(factory, { deps: { readBudget: budget } });
  });
  afterAll(() => server?.close());

  it('answers every read 503 with Retry-After while the read budget is full, and still publishes', async () => {
    // The test holds the only turn, as a long read would, and one read waits behind it.
    const release = await budget.acquire().turn;
    const queued = server.call('GET', '/items', { key: server.adminKey });
    await waitingReads(budget, 1);

    const wrong: string[] = [];
    for (const op of reads) {
      const res = await server.call('GET', op.path.replace(/\{[^}]+\}/g, 'x_1'), { key: server.adminKey });
      const body = res.status === 503 ? await problem(res) : await res.text();
      if (res.status !== 503 || res.headers.get('retry-after') !== '1') wrong.push(`${op.id}: ${res.status}`);
      else expect((body as { detail: string }).detail).toMatch(/Too many reads at once/);
    }
    expect(wrong).toEqual([]);

    const published = await server.call('POST', '/concerts', { key: server.adminKey, body: concert });
    expect(published.status).toBe(201);
    expect((await server.call('GET', '/healthz', { key: null })).status).toBe(200);
    expect((await server.call('GET', '/readyz', { key: null })).status).toBe(200);

    release();
    expect((await queued).status).toBe(200);
  });

  it('gives the place of a waiting read whose client left to the next read', async () => {
    const release = await budget.acquire().turn;
    const leaving = new AbortController();
    const gone = server.call('GET', '/items', { key: server.adminKey, signal: leaving.signal }).catch((error: Error) => error);
    await waitingReads(budget, 1);
    leaving.abort();
    await gone;
    await vi.waitFor(() => expect(budget.waiting).toBe(0));
    const next = server.call('GET', '/items', { key: server.adminKey });
    await waitingReads(budget, 1);
    release();
    expect((await next).status).toBe(200);
    expect([budget.running, budget.waiting]).toEqual([0, 0]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('reads blocked in PostgreSQL', () => {
  let server: TestServer;
  // As many turns as the read pool has connections (2 by default); none may wait.
  const budget = new ReadBudget({ concurrency: 2, queueLimit: 0, maxWaitMs: 60_000 });

  beforeAll(async () => {
    server = await startTestServer(
      dbFactories().find((f) => f.name === 'postgres')!,
      { deps: { readBudget: budget } },
    );
  });
  afterAll(() => server?.close());

  it('hold only the reads’ connections: publishing goes on and further reads answer 503', async () => {
    let unlock!: () => void;
    const unlocked = new Promise<void>((resolve) => (unlock = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = server.db.transaction(async (tx) => {
      await tx.query('LOCK TABLE items IN ACCESS EXCLUSIVE MODE');
      locked();
      await unlocked;
    });
    await lockTaken;
    const blocked = [1, 2].map(() => server.call('GET', '/items', { key: server.adminKey }));
    await vi.waitFor(
      async () => {
        const [row] = await server.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FROM items%'`,
        );
        expect(row!.n).toBe(2);
      },
      { timeout: 20_000, interval: 50 },
    );

    const refused = await server.call('GET', '/registrations', { key: server.adminKey });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    const published = await server.call('POST', '/concerts', { key: server.adminKey, body: concert });
    expect(published.status).toBe(201);
    const registered = await server.call('POST', '/registerForAlert', { body: { url: 'https://hooks.example.com/a' } });
    expect(registered.status).toBe(200);

    unlock();
    await holder;
    expect((await Promise.all(blocked)).map((r) => r.status)).toEqual([200, 200]);
  });

  it('refuses a write on the reads’ connections', async () => {
    await expect(server.db.reads!.query(`UPDATE items SET name = name WHERE false`)).rejects.toMatchObject({ code: '25006' });
  });
});
