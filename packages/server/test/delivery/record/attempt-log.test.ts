import { describe, it, expect } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import { recordOutcomes } from '../../../src/delivery/record/record.sql.js';
import type { ClaimedDelivery, Outcome } from '../../../src/delivery/types.js';
import { addRegistration, claimAsIdle, createTestDatabase, databaseKinds, queueMessages } from '../../support/delivery-support.js';

const POLICY = { disableAfterMs: 86_400_000, breakAfter: 5, coolDownMs: 60_000 };

function outcome(delivery: ClaimedDelivery, statusCode: number): Outcome {
  const ok = statusCode < 300;
  return {
    delivery,
    result: {
      startedAt: new Date(),
      durationMs: 3,
      statusCode,
      error: ok ? null : `HTTP ${statusCode}`,
      responseBody: ok ? 'thanks' : 'no',
      retryAfterMs: null,
    },
    status: ok ? 'succeeded' : 'pending',
    retryInMs: ok ? null : 0,
  };
}

interface LogRow {
  attempt: number;
  status_code: number;
  error: string | null;
  response_body: string;
}

const log = (db: Database, id: string) =>
  db.query<LogRow>(
    `SELECT attempt, status_code, error, response_body FROM delivery_attempt_log WHERE delivery_id = $1 ORDER BY attempt, status_code`,
    [id],
  );
const table = (db: Database, id: string) =>
  db.query<{ attempt: number }>(`SELECT attempt FROM delivery_attempts WHERE delivery_id = $1`, [id]);

describe.each(databaseKinds())('the attempt log on %s', (kind) => {
  it('keeps the success that ends a delivery on its row and the failures before it in delivery_attempts; the log reads both', async () => {
    const t = await createTestDatabase(kind);
    try {
      const target = await addRegistration(t.db, 'http://127.0.0.1:9/hook');
      await queueMessages(t.db, target, 'http://127.0.0.1:9/hook', 1);
      const [first] = await claimAsIdle(t.db, 'wrk_a');
      await recordOutcomes(t.db, [outcome(first!, 503)], POLICY);
      const [second] = await claimAsIdle(t.db, 'wrk_a');
      expect(second!.attempt_count).toBe(2);
      await recordOutcomes(t.db, [outcome(second!, 204)], POLICY);

      expect(await log(t.db, first!.id)).toEqual([
        { attempt: 1, status_code: 503, error: 'HTTP 503', response_body: 'no' },
        { attempt: 2, status_code: 204, error: null, response_body: 'thanks' },
      ]);
      expect(await table(t.db, first!.id)).toEqual([{ attempt: 1 }]);
      const [row] = await t.db.query<{ status: string; success_attempt: number }>(
        `SELECT status, success_attempt FROM delivery_history WHERE id = $1`,
        [first!.id],
      );
      expect(row).toEqual({ status: 'succeeded', success_attempt: 2 });
    } finally {
      await t.drop();
    }
  });

  it.runIf(kind === 'postgres')(
    "leaves a delivery to the worker that recorded its attempt first: a stale worker's outcome changes nothing",
    async () => {
      const t = await createTestDatabase(kind);
      try {
        const target = await addRegistration(t.db, 'http://127.0.0.1:9/hook');
        await queueMessages(t.db, target, 'http://127.0.0.1:9/hook', 1);
        const [stale] = await claimAsIdle(t.db, 'wrk_a');
        // wrk_a stalls past its hold on the target: wrk_b serves the target and sends the same attempt.
        await t.db.query(`UPDATE delivery_targets SET holder_until = now() - interval '1 second' WHERE target_id = $1`, [target.id]);
        const [fresh] = await claimAsIdle(t.db, 'wrk_b');
        expect(fresh).toMatchObject({ id: stale!.id, attempt_count: 1 });
        await recordOutcomes(t.db, [outcome(fresh!, 200)], POLICY);
        await recordOutcomes(t.db, [outcome(stale!, 503)], POLICY);

        const [row] = await t.db.query<{ status: string; attempt_count: number; success_attempt: number | null }>(
          `SELECT status, attempt_count, success_attempt FROM delivery_history WHERE id = $1`,
          [stale!.id],
        );
        expect(row).toEqual({ status: 'succeeded', attempt_count: 1, success_attempt: 1 });
        // Both attempts went out and both are in the log.
        expect(await log(t.db, stale!.id)).toMatchObject([
          { attempt: 1, status_code: 200 },
          { attempt: 1, status_code: 503 },
        ]);
      } finally {
        await t.drop();
      }
    },
  );
});
