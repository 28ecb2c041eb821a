import { describe, it, expect } from 'vitest';
import { createTestDatabase, databaseKinds } from '../../support/delivery-support.js';
import { finishedStayOutOfTheQueue } from '../../support/finished-out-of-queue.js';

describe.each(databaseKinds())('statistics of deliveries on %s (migration 010)', (kind) => {
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

  // The behaviour at the smallest size that shows it; 20,000 finished ones in statistics.scale.test.ts (test:scale).
  it('keeps 20 finished deliveries out of the queue: the claim reads the 5 pending ones by the due index', async () => {
    await finishedStayOutOfTheQueue(kind, 20, 5);
  });
});
