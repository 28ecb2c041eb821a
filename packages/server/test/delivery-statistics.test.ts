import { describe, it, expect } from 'vitest';
import { addRegistration, createTestDatabase, databaseKinds, queueMessages } from './delivery-support.js';

describe.each(databaseKinds)('statistics of deliveries on %s (migration 010)', (kind) => {
  it('sets every column’s statistics target, so ANALYZE samples 3,000 rows, not 30,000', async () => {
    const t = await createTestDatabase(kind);
    try {
      // -1 (PostgreSQL 15) or NULL (17, PGlite) is the default target: a new column must choose.
      const rows = await t.db.query<{ name: string; target: number }>(
        `SELECT attname AS name, coalesce(attstattarget, -1)::int AS target FROM pg_attribute
         WHERE attrelid = 'deliveries'::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
      );
      expect(rows.filter((r) => r.target < 0).map((r) => r.name)).toEqual([]);
      expect(Math.max(...rows.map((r) => r.target))).toBe(10);
      expect(rows.find((r) => r.name === 'body')!.target).toBe(0);
    } finally {
      await t.drop();
    }
  });

  it('still finds due deliveries by the due index behind 20,000 finished ones', async () => {
    const t = await createTestDatabase(kind);
    try {
      const target = await addRegistration(t.db, 'http://127.0.0.1:9/hook');
      await queueMessages(t.db, target, 'http://127.0.0.1:9/hook', 20_000);
      await t.db.query(`UPDATE deliveries SET status = 'succeeded', next_attempt_at = NULL`);
      await queueMessages(t.db, target, 'http://127.0.0.1:9/hook', 500);
      await t.db.query('ANALYZE deliveries');
      const plan = await t.db.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM deliveries WHERE status = 'pending' AND next_attempt_at <= now() ORDER BY next_attempt_at LIMIT 80`,
      );
      expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/Index Scan using deliveries_due/);
    } finally {
      await t.drop();
    }
  }, 60_000);
});
