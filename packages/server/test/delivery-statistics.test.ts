import { describe, it, expect } from 'vitest';
import { cancelDeliveriesForTarget } from '../src/delivery/sql/cancel.js';
import { addRegistration, createTestDatabase, databaseKinds, queueMessages } from './delivery-support.js';

describe.each(databaseKinds)('statistics of deliveries on %s (migration 010)', (kind) => {
  it.each(['deliveries', 'delivery_history', 'delivery_attempts'])(
    'sets every column’s statistics target of %s, so ANALYZE samples 3,000 rows, not 30,000',
    async (table) => {
      const t = await createTestDatabase(kind);
      try {
        // -1 (PostgreSQL 15) or NULL (17, PGlite) is the default target: a new column must choose.
        const rows = await t.db.query<{ name: string; target: number }>(
          `SELECT attname AS name, coalesce(attstattarget, -1)::int AS target FROM pg_attribute
           WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
          [table],
        );
        expect(rows.filter((r) => r.target < 0).map((r) => r.name)).toEqual([]);
        expect(Math.max(...rows.map((r) => r.target))).toBe(10);
      } finally {
        await t.drop();
      }
    },
  );

  it('keeps 20,000 finished deliveries out of the queue: the claim reads the 500 pending ones by the due index', async () => {
    const t = await createTestDatabase(kind);
    try {
      const target = await addRegistration(t.db, 'http://127.0.0.1:9/hook');
      await queueMessages(t.db, target, 'http://127.0.0.1:9/hook', 20_000);
      expect(await cancelDeliveriesForTarget(t.db, target.id)).toBe(20_000);
      await queueMessages(t.db, target, 'http://127.0.0.1:9/hook', 500);
      const counts = await t.db.query<{ queued: number; history: number }>(
        `SELECT (SELECT count(*) FROM deliveries)::int AS queued, (SELECT count(*) FROM delivery_history)::int AS history`,
      );
      expect(counts).toEqual([{ queued: 500, history: 20_000 }]);
      await t.db.query('ANALYZE deliveries');
      // 500 rows fit a few pages, where a scan may be as cheap as the index: the index must be usable
      // by the claim's predicate (pull rows, migration 040, are not in it).
      const plan = await t.db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        return tx.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT id FROM deliveries WHERE next_attempt_at <= now() AND NOT pull ORDER BY next_attempt_at LIMIT 80`,
        );
      });
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Scan using deliveries_due/);
    } finally {
      await t.drop();
    }
    // 20,500 deliveries queued and 20,000 cancelled: 15 s at load 13, 60 s at load 30.
  }, 240_000);
});
