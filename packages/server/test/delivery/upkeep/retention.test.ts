import { describe, expect, it } from 'vitest';
import { parseDuration } from '../../../src/config.js';
import type { Database } from '../../../src/db/database.js';
import { HistoryPruner } from '../../../src/delivery/upkeep/retention.js';
import { addHistoryDays } from '../../../src/delivery/upkeep/partitions.sql.js';
import { dropExpiredPartition, tidyHistory } from '../../../src/delivery/upkeep/prune.sql.js';
import { migrate } from '../../../src/db/migrate.js';
import { migrations } from '../../../src/db/migrations/index.js';
import { recoverWindowMs } from '../../../src/delivery/queue/requeue.sql.js';
import { createMetrics } from '../../../src/metrics/metrics.js';
import { createDeliveryWorker } from '../../../src/delivery/worker.js';
import { createTestDatabase, databaseKinds, waitFor } from '../../support/delivery-support.js';
import { fillDeliveredHistory, fillPending } from '../../support/fill-history.js';
import { dbFactories, startTestServer } from '../../support/server-support.js';

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

const leaves = async (db: Database) =>
  db.query<{ name: string; rows: number }>(
    `SELECT t.relid::text AS name, (SELECT count(*)::int FROM delivery_history h WHERE h.tableoid = t.relid) AS rows
     FROM pg_partition_tree('delivery_history') t WHERE t.isleaf ORDER BY 1`,
  );
const prunedTally = async (db: Database) =>
  (await db.query<{ n: number }>('SELECT coalesce(sum(pruned), 0)::int AS n FROM delivery_pruned'))[0]!.n;

describe.each(databaseKinds())('delivery history retention on %s', (kind) => {
  it('drops the days all past retention, with their attempts, deleting no row, and keeps the rest and the queue', async () => {
    const t = await createTestDatabase(kind);
    try {
      // 2,500 messages that ended 2 to 3 days ago (every 10th with a failed attempt first), 400 of the last half day, 30 pending.
      const old = await fillDeliveredHistory(t.db, { messages: 2_500, targets: 5, endAt: new Date(Date.now() - 2 * DAY), spanMs: DAY });
      await fillDeliveredHistory(t.db, { messages: 400, targets: old.targetIds, ownerKeyId: old.ownerKeyId, spanMs: DAY / 2 });
      await fillPending(t.db, { messages: 30, targetIds: old.targetIds, ownerKeyId: old.ownerKeyId, dueInMs: 3_600_000 });
      expect(await count(t.db, 'delivery_attempts')).toBe(250 + 40);
      // No day of theirs was made: the old rows sit in the default partition.
      expect((await leaves(t.db)).find((p) => p.name === 'delivery_history_default')!.rows).toBeGreaterThanOrEqual(2_500);
      const days = (await leaves(t.db)).length;

      const seen = counting(t.db);
      const pruner = new HistoryPruner(seen.db, { retentionMs: DAY, batch: 1_000, onError: (e) => expect.fail(String(e)) });
      expect(await pruner.run()).toBe(2_500);

      expect(seen.deletes).toEqual([]);
      expect(pruner.partitionsDropped).toBeGreaterThanOrEqual(2);
      const after = await leaves(t.db);
      expect(after.find((p) => p.name === 'delivery_history_default')!.rows).toBe(0);
      // The days of the old rows were made (moved out of the default) and dropped; the week ahead is there.
      expect(after.length).toBeGreaterThanOrEqual(days);
      expect(await count(t.db, 'delivery_history')).toBe(400);
      expect(await count(t.db, 'delivery_attempts')).toBe(40);
      expect(await count(t.db, 'deliveries')).toBe(30);
      expect(await prunedTally(t.db)).toBe(2_500);
      expect(await pruner.run()).toBe(0);
      // The gauge reads the statistics the run left (it analyzed each partition).
      const text = await createMetrics(t.db).scrape();
      expect(text).toMatch(/^clubnotify_delivery_history_rows\{table="delivery_history"\} 400$/m);
      expect(text).toMatch(/^clubnotify_delivery_history_rows\{table="delivery_attempts"\} 40$/m);
      const bytes = Number(/^clubnotify_delivery_history_bytes\{table="delivery_history"\} (\d+)$/m.exec(text)?.[1]);
      expect(bytes).toBeGreaterThan(8_192);
    } finally {
      await t.drop();
    }
  }, 120_000);

  it('keeps a day until all of it is past retention', async () => {
    const t = await createTestDatabase(kind);
    try {
      // One message at 00:30 UTC yesterday, with a retention reaching back to 00:00 yesterday: not yet.
      const midnight = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z').getTime() - DAY;
      await fillDeliveredHistory(t.db, { messages: 1, targets: 1, endAt: new Date(midnight + 1_800_000), spanMs: 1_000 });
      const pruner = new HistoryPruner(t.db, { retentionMs: Date.now() - midnight, onError: (e) => expect.fail(String(e)) });
      expect(await pruner.run()).toBe(0);
      expect(await count(t.db, 'delivery_history')).toBe(1);
      const longer = new HistoryPruner(t.db, { retentionMs: Date.now() - midnight - DAY, onError: (e) => expect.fail(String(e)) });
      expect(await longer.run()).toBe(1);
      expect(await count(t.db, 'delivery_history')).toBe(0);
    } finally {
      await t.drop();
    }
  }, 120_000);

  it('under a retention shorter than a day, deletes what is past it from the days not yet past, in batches', async () => {
    const t = await createTestDatabase(kind);
    try {
      // 300 messages that ended 70 to 80 minutes ago and 50 of the last minute, under a one-hour retention.
      const old = await fillDeliveredHistory(t.db, {
        messages: 300,
        targets: 3,
        endAt: new Date(Date.now() - 70 * 60_000),
        spanMs: 600_000,
      });
      await fillDeliveredHistory(t.db, { messages: 50, targets: old.targetIds, ownerKeyId: old.ownerKeyId, spanMs: 60_000 });
      const seen = counting(t.db);
      const pruner = new HistoryPruner(seen.db, { retentionMs: 3_600_000, batch: 100, onError: (e) => expect.fail(String(e)) });
      expect(await pruner.run()).toBe(300);
      // Batches of at most 100 (a day that ended before the hour, past midnight, is dropped whole instead).
      expect(seen.deletes.length).toBeGreaterThan(0);
      expect(seen.deletes.every((n) => n <= 100)).toBe(true);
      expect(await count(t.db, 'delivery_history')).toBe(50);
      expect(await prunedTally(t.db)).toBe(300);
      expect(await pruner.run()).toBe(0);
    } finally {
      await t.drop();
    }
  }, 120_000);
});

describe.each(dbFactories())('retention of a history made before its partitions (migration 102) on $name', (factory) => {
  it('deletes the legacy partition’s rows past retention in batches, then drops it once all of it is', async () => {
    const database = await factory.open({ migrated: false });
    const db = database.db;
    try {
      await migrate(
        db,
        migrations.filter((m) => m.version < 100),
      );
      const old = await fillDeliveredHistory(db, { messages: 2_500, targets: 5, endAt: new Date(Date.now() - 2 * DAY), spanMs: DAY });
      await fillDeliveredHistory(db, { messages: 400, targets: old.targetIds, ownerKeyId: old.ownerKeyId, spanMs: DAY / 2 });
      await migrate(db);
      const seen = counting(db);
      const pruner = new HistoryPruner(seen.db, { retentionMs: DAY, batch: 1_000, onError: (e) => expect.fail(String(e)) });
      expect(await pruner.run()).toBe(2_500);
      expect(seen.deletes).toEqual([1_000, 1_000, 500]);
      expect(await count(db, 'delivery_history_legacy')).toBe(400);
      expect(await count(db, 'delivery_attempts')).toBe(40);
      expect(await prunedTally(db)).toBe(2_500);
      // Once the legacy bound is past retention, the rest goes with the partition.
      const [bound] = await db.query<{ upper: Date }>(
        `SELECT upper FROM delivery_history_partitions WHERE name = 'delivery_history_legacy'`,
      );
      const past = new HistoryPruner(db, {
        retentionMs: Date.now() - new Date(bound!.upper).getTime(),
        onError: (e) => expect.fail(String(e)),
      });
      expect(await past.run()).toBe(400);
      expect(await db.query(`SELECT to_regclass('delivery_history_legacy') AS t`)).toEqual([{ t: null }]);
      expect(await count(db, 'delivery_attempts')).toBe(0);
    } finally {
      await database.drop();
    }
  }, 180_000);
});

/** Rows that end at noon UTC tomorrow, in that day's partition (made a week ahead). */
const TOMORROW = (() => {
  const day = new Date(Date.now() + DAY).toISOString().slice(0, 10);
  return { table: `delivery_history_${day.replaceAll('-', '')}`, fill: { endAt: new Date(`${day}T12:00:00Z`), spanMs: 60_000 } };
})();

/** The inserts into `table` that have reached the statistics views. */
async function insertsCounted(db: Database, table: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT n_tup_ins::int AS n FROM pg_stat_user_tables WHERE relid = $1::regclass`, [table]);
  return row?.n ?? 0;
}

describe.each(databaseKinds())('the history’s statistics on %s', (kind) => {
  // Issue 29.3: analyzing a large history every minute read 3,000 random pages for statistics that had not moved.
  it('are taken again only when a tenth of the history is new, as autovacuum would', async () => {
    const t = await createTestDatabase(kind);
    const estimate = async () =>
      (await t.db.query<{ n: number }>(`SELECT reltuples::int AS n FROM pg_class WHERE oid = $1::regclass`, [TOMORROW.table]))[0]!.n;
    try {
      await addHistoryDays(t.db);
      const filled = await fillDeliveredHistory(t.db, { messages: 2_000, targets: 3, retriedEvery: 0, ...TOMORROW.fill });
      // A backend reports its counts to pg_stat up to seconds after it commits: had the fill's come after the first
      // tidy's ANALYZE, the second tidy would count them as new and analyze again.
      await expect.poll(() => insertsCounted(t.db, TOMORROW.table)).toBeGreaterThanOrEqual(2_000);
      await tidyHistory(t.db, false);
      expect(await estimate()).toBe(2_000);
      await fillDeliveredHistory(t.db, {
        messages: 100,
        targets: filled.targetIds,
        ownerKeyId: filled.ownerKeyId,
        retriedEvery: 0,
        ...TOMORROW.fill,
      });
      await tidyHistory(t.db, false);
      expect(await estimate()).toBe(2_000);
      await fillDeliveredHistory(t.db, {
        messages: 1_000,
        targets: filled.targetIds,
        ownerKeyId: filled.ownerKeyId,
        retriedEvery: 0,
        ...TOMORROW.fill,
      });
      await tidyHistory(t.db, false);
      expect(await estimate()).toBe(3_100);
    } finally {
      await t.drop();
    }
  }, 120_000);
});

describe.each(databaseKinds())('the insert-only history on %s', (kind) => {
  // Issue 29.3: without autovacuum (PGlite, or PostgreSQL with it off) nothing else ever vacuums it before pruning starts.
  it('is vacuumed once a fifth of its pages are new, as autovacuum would, where no autovacuum runs', async (ctx) => {
    const t = await createTestDatabase(kind);
    try {
      const [setting] = await t.db.query<{ on: boolean }>(`SELECT current_setting('autovacuum')::boolean AS on`);
      if (kind === 'postgres' && setting?.on) ctx.skip();
      const pages = async () =>
        (
          await t.db.query<{ pages: number; visible: number }>(
            `SELECT (pg_relation_size(oid) / 8192)::int AS pages, relallvisible::int AS visible FROM pg_class WHERE oid = $1::regclass`,
            [TOMORROW.table],
          )
        )[0]!;
      await addHistoryDays(t.db);
      const filled = await fillDeliveredHistory(t.db, { messages: 2_000, targets: 3, retriedEvery: 0, ...TOMORROW.fill });
      await tidyHistory(t.db, false);
      const first = await pages();
      expect(first.pages).toBeGreaterThan(16);
      expect(first.visible).toBe(first.pages);
      await fillDeliveredHistory(t.db, {
        messages: 100,
        targets: filled.targetIds,
        ownerKeyId: filled.ownerKeyId,
        retriedEvery: 0,
        ...TOMORROW.fill,
      });
      await tidyHistory(t.db, false);
      const second = await pages();
      expect(second.pages).toBeGreaterThan(first.pages);
      // Not vacuumed: the new pages are not all-visible. An ANALYZE may have recounted the map meanwhile (the
      // statistics of the first fill can reach it late) and found the page the inserts went on cleared.
      expect(second.visible).toBeLessThanOrEqual(first.visible);
      await fillDeliveredHistory(t.db, {
        messages: 1_000,
        targets: filled.targetIds,
        ownerKeyId: filled.ownerKeyId,
        retriedEvery: 0,
        ...TOMORROW.fill,
      });
      await tidyHistory(t.db, false);
      const third = await pages();
      expect(third.visible).toBe(third.pages);
    } finally {
      await t.drop();
    }
  }, 120_000);
});

describe.runIf(process.env.DATABASE_URL)('pruning on PostgreSQL', () => {
  it('prunes in one process at a time: a drop while another holds the pruning lock drops nothing', async () => {
    const t = await createTestDatabase('postgres');
    try {
      await fillDeliveredHistory(t.db, { messages: 50, targets: 1, endAt: new Date(Date.now() - 2 * DAY), spanMs: 60_000 });
      await addHistoryDays(t.db);
      const during = await t.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(742002)');
        return dropExpiredPartition(t.db, DAY);
      });
      expect(during).toBeUndefined();
      expect(await dropExpiredPartition(t.db, DAY)).toMatchObject({ rows: 50 });
    } finally {
      await t.drop();
    }
  });
});

describe.each(databaseKinds())('the worker on %s', (kind) => {
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

describe.each(dbFactories())('recovery at the edge of a one-hour retention on $name', (factory) => {
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
  });
});

describe.each(dbFactories())('idempotency keys on $name', (factory) => {
  it('are deleted after their 24 hours by the upkeep, in batches, oldest first; a key inside them still answers its repeat', async () => {
    const s = await startTestServer(factory);
    try {
      const concert = { title: 'Keyed', startsAt: '2026-12-01T21:00:00Z', venue: 'Blue Room', priceCents: 1200 };
      const publish = (key: string) => s.call('POST', '/concerts', { key: s.adminKey, headers: { 'idempotency-key': key }, body: concert });
      expect((await publish('fresh-1')).status).toBe(201);
      expect((await publish('aged-1')).status).toBe(201);
      const [{ owner }] = (await s.db.query<{ owner: string }>(
        `SELECT owner_key_id AS owner FROM idempotency_keys WHERE key = 'fresh-1'`,
      )) as [{ owner: string }];
      // Their 24 hours ended an hour ago: the published one, and 2,499 more straight in SQL.
      await s.db.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'aged-1'`);
      await s.db.query(
        `INSERT INTO idempotency_keys (owner_key_id, key, operation, request_hash, status_code, response, created_at)
         SELECT $1, 'old-' || g, 'scheduleConcert', 'h', 201, '{}', now() - interval '25 hours' - g * interval '1 second'
         FROM generate_series(1, 2499) g`,
        [owner],
      );
      const deletes: number[] = [];
      const db: Database = {
        ...s.db,
        kind: s.db.kind,
        async query<T>(sql: string, params?: unknown[]) {
          const rows = await s.db.query<T>(sql, params);
          if (sql.includes('DELETE FROM idempotency_keys')) deletes.push((rows[0] as { n: number }).n);
          return rows;
        },
        transaction: (fn) => s.db.transaction(fn),
        close: () => s.db.close(),
      };
      const pruner = new HistoryPruner(db, { retentionMs: 30 * DAY, batch: 1_000, onError: (e) => expect.fail(String(e)) });
      await pruner.run();
      expect(deletes).toEqual([1_000, 1_000, 500]);
      expect(pruner.idempotencyKeysPruned).toBe(2_500);
      expect(await count(s.db, 'idempotency_keys')).toBe(1);
      // Inside its 24 hours a key still answers the repeat with the first answer; past them it is a new key.
      expect((await publish('fresh-1')).status).toBe(200);
      expect((await publish('aged-1')).status).toBe(201);
      await pruner.run();
      expect(pruner.idempotencyKeysPruned).toBe(2_500);
    } finally {
      await s.close();
    }
  });
});
