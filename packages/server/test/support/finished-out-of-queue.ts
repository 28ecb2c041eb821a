import { expect } from 'vitest';
import { cancelDeliveriesForTarget } from '../../src/delivery/queue/cancel.sql.js';
import { addRegistration, createTestDatabase, queueMessages } from './delivery-support.js';

/**
 * Queues `finished` deliveries and cancels them, then queues `pending` more: the finished ones
 * must be in the history, not the queue, and the claim's due index must be usable by its
 * predicate. The gate runs it small (delivery/upkeep/statistics.test.ts), test:scale at 20,000.
 */
export async function finishedStayOutOfTheQueue(kind: 'pglite' | 'postgres', finished: number, pending: number): Promise<void> {
  const t = await createTestDatabase(kind);
  try {
    const target = await addRegistration(t.db, 'http://127.0.0.1:9/hook');
    await queueMessages(t.db, target, 'http://127.0.0.1:9/hook', finished);
    expect(await cancelDeliveriesForTarget(t.db, target.id)).toBe(finished);
    await queueMessages(t.db, target, 'http://127.0.0.1:9/hook', pending);
    const counts = await t.db.query<{ queued: number; history: number }>(
      `SELECT (SELECT count(*) FROM deliveries)::int AS queued, (SELECT count(*) FROM delivery_history)::int AS history`,
    );
    expect(counts).toEqual([{ queued: pending, history: finished }]);
    await t.db.query('ANALYZE deliveries');
    // A small queue fits a few pages, where a scan may be as cheap as the index: the index must be
    // usable by the claim's predicate (pull rows, migration 040, are not in it).
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
}
