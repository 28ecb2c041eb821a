import type { Queryable } from '../db/database.js';

/** `closed`: attempts flow; `open`: none until the cool-down ends; `half-open`: one probe at a time. */
export type CircuitState = 'closed' | 'open' | 'half-open';

/** How a registration's or subscription's deliveries are going, as every process sees it. */
export interface TargetHealth {
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  /** Failed attempts since the last success. */
  consecutiveFailures: number;
  circuitState: CircuitState;
  /** When an open circuit lets the next probe through; null unless open. */
  circuitOpenUntil: Date | null;
}

const HEALTHY: TargetHealth = {
  lastSuccessAt: null,
  lastFailureAt: null,
  consecutiveFailures: 0,
  circuitState: 'closed',
  circuitOpenUntil: null,
};

/**
 * The delivery health of each target (registration or subscription id). A target never
 * attempted reads as closed with no failures.
 */
export async function targetHealth(db: Queryable, targetIds: readonly string[]): Promise<Map<string, TargetHealth>> {
  const rows = await db.query<{
    target_id: string;
    last_success_at: Date | string | null;
    last_failure_at: Date | string | null;
    consecutive_failures: number;
    circuit_open_until: Date | string | null;
    open: boolean | null;
  }>(
    `SELECT target_id, last_success_at, last_failure_at, consecutive_failures, circuit_open_until, circuit_open_until > now() AS open
     FROM delivery_targets WHERE target_id = ANY($1::text[])`,
    [targetIds],
  );
  const health = new Map<string, TargetHealth>(targetIds.map((id) => [id, HEALTHY]));
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  for (const row of rows) {
    health.set(row.target_id, {
      lastSuccessAt: date(row.last_success_at),
      lastFailureAt: date(row.last_failure_at),
      consecutiveFailures: row.consecutive_failures,
      circuitState: row.circuit_open_until === null ? 'closed' : row.open ? 'open' : 'half-open',
      circuitOpenUntil: row.open ? date(row.circuit_open_until) : null,
    });
  }
  return health;
}
