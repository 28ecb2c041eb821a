import type { components } from '@clubnotify/spec';
import type { Queryable } from '../db/database.js';
import { targetHealth } from '../delivery/target-health.js';
import { formatInstant } from './instant.js';

/** A target's health as the API shows it (`TargetHealth` in the spec). */
export type TargetHealthReport = components['schemas']['TargetHealth'];

const iso = (value: Date | string | null) => (value === null ? null : formatInstant(value));

/**
 * A target's health from its attempt log and `delivery_targets`, with the circuit breaker's
 * state as the delivery workers keep it (`closed` when the target was never attempted).
 */
export async function targetHealthReport(db: Queryable, targetId: string): Promise<TargetHealthReport> {
  const [row] = await db.query<{
    last_success_at: Date | null;
    last_failure_at: Date | null;
    consecutive_failures: number;
    failing_since: Date | null;
  }>(
    `WITH a AS (
       SELECT a.started_at, coalesce(a.status_code BETWEEN 200 AND 299, false) AS ok
       FROM deliveries d JOIN delivery_attempts a ON a.delivery_id = d.id WHERE d.target_id = $1
       UNION ALL
       -- The success that ended a delivery is on its row (migration 009).
       SELECT success_started_at, coalesce(success_status_code BETWEEN 200 AND 299, false)
       FROM deliveries WHERE target_id = $1 AND success_attempt IS NOT NULL
     ), s AS (
       SELECT max(started_at) FILTER (WHERE ok) AS last_success_at, max(started_at) FILTER (WHERE NOT ok) AS last_failure_at FROM a
     )
     SELECT s.last_success_at, s.last_failure_at,
       (SELECT count(*)::int FROM a WHERE NOT ok AND started_at > coalesce(s.last_success_at, '-infinity')) AS consecutive_failures,
       (SELECT failing_since FROM delivery_targets WHERE target_id = $1) AS failing_since
     FROM s`,
    [targetId],
  );
  const circuit = (await targetHealth(db, [targetId])).get(targetId)!;
  return {
    lastSuccessAt: iso(row!.last_success_at),
    lastFailureAt: iso(row!.last_failure_at),
    consecutiveFailures: row!.consecutive_failures,
    failingSince: iso(row!.failing_since),
    circuitState: circuit.circuitState,
  };
}
