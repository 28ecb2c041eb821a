import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { fillDeliveredHistory } from '../support/fill-history.js';
import { createScratchPostgres } from '../support/scratch-postgres.js';
import { postgres, present } from '../../../../test/dependencies.js';

/** True once `pid` waits for a lock: the insert has reached the point the race is about. */
async function waitsForLock(c: pg.Client, pid: number): Promise<void> {
  for (;;) {
    const { rows } = await c.query<{ waiting: boolean }>(`SELECT count(*) > 0 AS waiting FROM pg_locks WHERE pid = $1 AND NOT granted`, [
      pid,
    ]);
    if (rows[0]!.waiting) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

// A record statement that routes a row while the upkeep makes that row's day: ATTACH PARTITION
// takes only SHARE UPDATE EXCLUSIVE on the history, so without a stronger lock the insert routes
// by the partitions it saw (the default one), waits for the default partition, and then fails
// its constraint (23514) once the day is attached: the recorder's whole batch with it.
describe.skipIf(!present(postgres))('making a day of the history while deliveries are recorded (PostgreSQL)', () => {
  it('lets a concurrent insert of that day wait and land in the new partition, not fail', async () => {
    const scratch = await createScratchPostgres('cn_day_race', { migrated: true });
    const upkeep = new pg.Client({ connectionString: scratch.url });
    const recorder = new pg.Client({ connectionString: scratch.url });
    await upkeep.connect();
    await recorder.connect();
    try {
      const day = new Date().toISOString().slice(0, 10);
      // Test databases are made with today's day (scratch-postgres.ts): this test makes it again itself.
      const part = `delivery_history_${day.replaceAll('-', '')}`;
      await upkeep.query(`DROP TABLE IF EXISTS ${part}`);
      await upkeep.query('DELETE FROM delivery_history_partitions WHERE name = $1', [part]);
      await upkeep.query('BEGIN');
      expect((await upkeep.query(`SELECT delivery_history_add_day($1::date) AS made`, [day])).rows).toEqual([{ made: true }]);
      const pid = (await recorder.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      const rows = { query: async <T>(sql: string, params?: unknown[]) => (await recorder.query(sql, params)).rows as T[] };
      const inserted = fillDeliveredHistory(rows, {
        messages: 1,
        targets: 1,
        retriedEvery: 0,
        spanMs: 0,
        endAt: new Date(`${day}T12:00:00Z`),
      });
      await waitsForLock(upkeep, pid);
      await upkeep.query('COMMIT');
      await inserted;
      const stored = await recorder.query<{ part: string }>(`SELECT tableoid::regclass::text AS part FROM delivery_history`);
      expect(stored.rows).toEqual([{ part }]);
    } finally {
      await upkeep.end();
      await recorder.end();
      await scratch.drop();
    }
  });
});
