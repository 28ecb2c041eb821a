import { describe, it, expect } from 'vitest';
import type { Database } from '../src/db/database.js';
import { claimDue, recordOutcomes, type ClaimedDelivery, type Outcome } from '../src/delivery/store.js';
import { addRegistration, createTestDatabase, databaseKinds, queueMessages } from './delivery-support.js';

const POLICY = { disableAfterMs: 86_400_000, breakAfter: 5, coolDownMs: 60_000 };

const claim = (db: Database, owner: string): Promise<ClaimedDelivery[]> =>
  claimDue(db, { owner, limit: 10, leaseMs: 30_000, perTarget: 4, inFlight: new Map(), held: new Set(), perOwner: 100, ownerHeld: new Map() });

function outcome(delivery: ClaimedDelivery, statusCode: number): Outcome {
  const ok = statusCode < 300;
  return {
    delivery,
    result: { startedAt: new Date(), durationMs: 3, statusCode, error: ok ? null : `HTTP ${statusCode}`, responseBody: ok ? 'thanks' : 'no', retryAfterMs: null },
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
  db.query<LogRow>(`SELECT attempt, status_code, error, response_body FROM delivery_attempt_log WHERE delivery_id = $1 ORDER BY attempt`, [id]);
const table = (db: Database, id: string) => db.query<{ attempt: number }>(`SELECT attempt FROM delivery_attempts WHERE delivery_id = $1`, [id]);

describe.each(databaseKinds)('the attempt log on %s', (kind) => {
  it('keeps the success that ends a delivery on its row and the failures before it in delivery_attempts; the log reads both', async () => {
    const t = await createTestDatabase(kind);
    try {
      const target = await addRegistration(t.db, 'http://127.0.0.1:9/hook');
      await queueMessages(t.db, target, 'http://127.0.0.1:9/hook', 1);
      const [first] = await claim(t.db, 'wrk_a');
      await recordOutcomes(t.db, 'wrk_a', [outcome(first!, 503)], POLICY);
      const [second] = await claim(t.db, 'wrk_a');
      expect(second!.attempt_count).toBe(2);
      await recordOutcomes(t.db, 'wrk_a', [outcome(second!, 204)], POLICY);

      expect(await log(t.db, first!.id)).toEqual([
        { attempt: 1, status_code: 503, error: 'HTTP 503', response_body: 'no' },
        { attempt: 2, status_code: 204, error: null, response_body: 'thanks' },
      ]);
      expect(await table(t.db, first!.id)).toEqual([{ attempt: 1 }]);
      const [row] = await t.db.query<{ status: string; success_attempt: number }>(`SELECT status, success_attempt FROM deliveries WHERE id = $1`, [first!.id]);
      expect(row).toEqual({ status: 'succeeded', success_attempt: 2 });
    } finally {
      await t.drop();
    }
  });

  it.runIf(kind === 'postgres')('logs a success recorded after its lease was lost in delivery_attempts, and leaves the delivery to its new holder', async () => {
    const t = await createTestDatabase(kind);
    try {
      const target = await addRegistration(t.db, 'http://127.0.0.1:9/hook');
      await queueMessages(t.db, target, 'http://127.0.0.1:9/hook', 1);
      const [leased] = await claim(t.db, 'wrk_a');
      await t.db.query(`UPDATE deliveries SET lease_owner = 'wrk_b' WHERE id = $1`, [leased!.id]);
      await recordOutcomes(t.db, 'wrk_a', [outcome(leased!, 200)], POLICY);

      expect(await table(t.db, leased!.id)).toEqual([{ attempt: 1 }]);
      expect(await log(t.db, leased!.id)).toMatchObject([{ attempt: 1, status_code: 200 }]);
      const [row] = await t.db.query<{ status: string; success_attempt: number | null }>(`SELECT status, success_attempt FROM deliveries WHERE id = $1`, [leased!.id]);
      expect(row).toEqual({ status: 'pending', success_attempt: null });
    } finally {
      await t.drop();
    }
  });
});
