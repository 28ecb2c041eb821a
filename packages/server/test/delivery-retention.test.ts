import { describe, expect, it } from 'vitest';
import { parseDuration } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { HistoryPruner } from '../src/delivery/retention.js';
import { pruneHistoryBatch, tidyHistory } from '../src/delivery/sql/prune.js';
import { recoverWindowMs } from '../src/delivery/sql/requeue.js';
import { createMetrics } from '../src/metrics/metrics.js';
import { createDeliveryWorker } from '../src/delivery/worker.js';
import { createTestDatabase, databaseKinds, waitFor } from './delivery-support.js';
import { fillDeliveredHistory, fillPending } from './fill-history.js';
import { dbFactories, startTestServer } from './server-support.js';

const DAY = 86_400_000;

/** The database, counting the statements that delete from the history. */
function counting(db: Database): { db: Database; deletes: number[] } {
  const seen = { db, deletes: [] as number[] };
  seen.db = {
    ...db,
    kind: db.kind,
    async query<T>(sql: string, params?: unknown[]) {
      const rows = await db.query<T>(sql, params);
      if (sql.includes('DELETE FROM delivery_history')) seen.deletes.push((rows[0] as { n: number }).n);
      return rows;
    },
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
  };
  return seen;
}

const count = async (db: Database, table: string) => (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

describe.each(databaseKinds)('delivery history retention on %s', (kind) => {
  it('prunes what ended before the retention in batches, with its attempts, and keeps the rest and the queue', async () => {
    const t = await createTestDatabase(kind);
    try {
      // 2,500 messages that ended 2 to 3 days ago (every 10th with a failed attempt first), 400 of the last day, 30 pending.
      const old = await fillDeliveredHistory(t.db, { messages: 2_500, targets: 5, endAt: new Date(Date.now() - 2 * DAY), spanMs: DAY });
      await fillDeliveredHistory(t.db, { messages: 400, targets: old.targetIds, ownerKeyId: old.ownerKeyId, spanMs: DAY / 2 });
      await fillPending(t.db, { messages: 30, targetIds: old.targetIds, ownerKeyId: old.ownerKeyId, dueInMs: 3_600_000 });
      expect(await count(t.db, 'delivery_attempts')).toBe(250 + 40);

      const seen = counting(t.db);
      const pruner = new HistoryPruner(seen.db, { retentionMs: DAY, batch: 1_000, onError: (e) => expect.fail(String(e)) });
      expect(await pruner.run()).toBe(2_500);

      expect(seen.deletes).toEqual([1_000, 1_000, 500]);
      expect(await count(t.db, 'delivery_history')).toBe(400);
      expect(await count(t.db, 'delivery_attempts')).toBe(40);
      expect(await count(t.db, 'deliveries')).toBe(30);
      expect(await pruner.run()).toBe(0);
      // The gauge reads the statistics the run left (it analyzed the history).
      const text = await createMetrics(t.db).scrape();
      expect(text).toMatch(/^clubnotify_delivery_history_rows\{table="delivery_history"\} 400$/m);
      expect(text).toMatch(/^clubnotify_delivery_history_rows\{table="delivery_attempts"\} 40$/m);
      const bytes = Number(/^clubnotify_delivery_history_bytes\{table="delivery_history"\} (\d+)$/m.exec(text)?.[1]);
      expect(bytes).toBeGreaterThan(8_192);
    } finally {
      await t.drop();
    }
  }, 120_000);
});

/** The inserts into `table` that have reached the statistics views. */
async function insertsCounted(db: Database, table: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT n_tup_ins::int AS n FROM pg_stat_user_tables WHERE relid = $1::regclass`, [table]);
  return row?.n ?? 0;
}

describe.each(databaseKinds)('the history’s statistics on %s', (kind) => {
  // Issue 29.3: analyzing a large history every minute read 3,000 random pages for statistics that had not moved.
  it('are taken again only when a tenth of the history is new, as autovacuum would', async () => {
    const t = await createTestDatabase(kind);
    const estimate = async () =>
      (await t.db.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE oid = 'delivery_history'::regclass`))[0]!.n;
    try {
      const filled = await fillDeliveredHistory(t.db, { messages: 2_000, targets: 3, retriedEvery: 0 });
      // A backend reports its counts to pg_stat up to seconds after it commits: had the fill's come after the first
      // tidy's ANALYZE, the second tidy would count them as new and analyze again.
      await expect.poll(() => insertsCounted(t.db, 'delivery_history')).toBeGreaterThanOrEqual(2_000);
      await tidyHistory(t.db, false);
      expect(await estimate()).toBe(2_000);
      await fillDeliveredHistory(t.db, { messages: 100, targets: filled.targetIds, ownerKeyId: filled.ownerKeyId, retriedEvery: 0 });
      await tidyHistory(t.db, false);
      expect(await estimate()).toBe(2_000);
      await fillDeliveredHistory(t.db, { messages: 1_000, targets: filled.targetIds, ownerKeyId: filled.ownerKeyId, retriedEvery: 0 });
      await tidyHistory(t.db, false);
      expect(await estimate()).toBe(3_100);
    } finally {
      await t.drop();
    }
  }, 120_000);
});

describe.each(databaseKinds)('the insert-only history on %s', (kind) => {
  // Issue 29.3: without autovacuum (PGlite, or PostgreSQL with it off) nothing else ever vacuums it before pruning starts.
  it('is vacuumed once a fifth of its pages are new, as autovacuum would, where no autovacuum runs', async (ctx) => {
    const t = await createTestDatabase(kind);
    try {
      const [setting] = await t.db.query<{ on: boolean }>(`SELECT current_setting('autovacuum')::boolean AS on`);
      if (kind === 'postgres' && setting?.on) ctx.skip();
      const pages = async () =>
        (
          await t.db.query<{ pages: number; visible: number }>(
            `SELECT (pg_relation_size(oid) / 8192)::int AS pages, relallvisible::int AS visible FROM pg_class WHERE oid = 'delivery_history'::regclass`,
          )
        )[0]!;
      const filled = await fillDeliveredHistory(t.db, { messages: 2_000, targets: 3, retriedEvery: 0 });
      await tidyHistory(t.db, false);
      const first = await pages();
      expect(first.pages).toBeGreaterThan(16);
      expect(first.visible).toBe(first.pages);
      await fillDeliveredHistory(t.db, { messages: 100, targets: filled.targetIds, ownerKeyId: filled.ownerKeyId, retriedEvery: 0 });
      await tidyHistory(t.db, false);
      const second = await pages();
      expect(second.pages).toBeGreaterThan(first.pages);
      // Not vacuumed: the new pages are not all-visible. An ANALYZE may have recounted the map meanwhile (the
      // statistics of the first fill can reach it late) and found the page the inserts went on cleared.
      expect(second.visible).toBeLessThanOrEqual(first.visible);
      await fillDeliveredHistory(t.db, { messages: 1_000, targets: filled.targetIds, ownerKeyId: filled.ownerKeyId, retriedEvery: 0 });
      await tidyHistory(t.db, false);
      const third = await pages();
      expect(third.visible).toBe(third.pages);
    } finally {
      await t.drop();
    }
  }, 120_000);
});

describe.runIf(process.env.DATABASE_URL)('pruning on PostgreSQL', () => {
  it('prunes in one process at a time: a batch while another holds the pruning lock deletes nothing', async () => {
    const t = await createTestDatabase('postgres');
    try {
      await fillDeliveredHistory(t.db, { messages: 50, targets: 1, endAt: new Date(Date.now() - 2 * DAY) });
      const during = await t.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(742002)');
        return pruneHistoryBatch(t.db, DAY, 1_000);
      });
      expect(during).toBe(0);
      expect(await pruneHistoryBatch(t.db, DAY, 1_000)).toBe(50);
    } finally {
      await t.drop();
    }
  }, 60_000);
});

describe.each(databaseKinds)('the worker on %s', (kind) => {
  it('prunes the history beside its claims, without being asked', async () => {
    const t = await createTestDatabase(kind);
    const worker = createDeliveryWorker({ db: t.db, policy: { allow: [] }, retentionMs: DAY, onError: (e) => expect.fail(String(e)) });
    try {
      const old = await fillDeliveredHistory(t.db, { messages: 1_500, targets: 2, endAt: new Date(Date.now() - 2 * DAY), spanMs: DAY });
      await fillDeliveredHistory(t.db, { messages: 20, targets: old.targetIds, ownerKeyId: old.ownerKeyId });
      worker.start();
      await waitFor(async () => (await count(t.db, 'delivery_history')) === 20, 30_000, 'the history within its retention');
      expect(await count(t.db, 'delivery_attempts')).toBe(2);
    } finally {
      await worker.stop();
      await t.drop();
    }
  }, 120_000);
});

describe('the recovery window under a retention', () => {
  it.each([
    ['30d', 30 * DAY, 14 * DAY],
    ['12h', DAY / 2, DAY / 2],
    ['90s', 90_000, 90_000],
    ['90m', 5_400_000, 5_400_000],
  ])('DELIVERY_RETENTION=%s keeps %d ms and lets recovery reach back %d ms', (raw, retention, window) => {
    expect(parseDuration(raw)).toBe(retention);
    expect(recoverWindowMs(retention)).toBe(window);
  });

  it.each(['30', '1w', '-3d', '59s', '1.5d', ''])('refuses DELIVERY_RETENTION=%j', (raw) => {
    expect(parseDuration(raw)).toBeUndefined();
  });
});

describe.each(dbFactories)('recovery at the edge of a one-hour retention on $name', (factory) => {
  it('answers 422 outside-recovery-window past the retention, and recovers what is inside it', async () => {
    const s = await startTestServer(factory, { deps: { deliveryRetentionMs: 3_600_000 } });
    try {
      const [alice] = await s.db.query<{ id: string }>(`SELECT id FROM api_keys WHERE name = 'alice'`);
      const filled = await fillDeliveredHistory(s.db, { messages: 3, targets: 1, ownerKeyId: alice!.id, spanMs: 60_000 });
      await s.db.query(`UPDATE delivery_history SET status = 'failed' WHERE target_id = $1`, filled.targetIds);
      const recover = (minutesAgo: number) =>
        s.call('POST', '/deliveries/recover', {
          body: { targetId: filled.targetIds[0], since: new Date(Date.now() - minutesAgo * 60_000).toISOString() },
        });
      const outside = await recover(61);
      expect(outside.status).toBe(422);
      const problem = (await outside.json()) as { type: string; errors: Array<{ pointer: string; detail: string }> };
      expect(problem.type).toBe('https://clubnotify.dev/problems/outside-recovery-window');
      expect(problem.errors).toEqual([{ pointer: '/body/since', detail: 'must be at most 1 hour ago' }]);
      const inside = await recover(59);
      expect(inside.status).toBe(202);
      expect(await inside.json()).toEqual({ recovered: 3 });
      expect(await count(s.db, 'deliveries')).toBe(3);
    } finally {
      await s.close();
    }
  }, 60_000);
});
