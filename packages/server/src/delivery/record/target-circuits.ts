import type { Queryable } from '../../db/database.js';

/** `closed`: attempts flow; `open`: none until the cool-down ends; `half-open`: one probe at a time. */
export type CircuitState = 'closed' | 'open' | 'half-open';

/**
 * A target's circuit breaker as every process sees it: the columns the breaker decides from (`last_success_at`,
 * `last_failure_at`, `consecutive_failures`, `circuit_open_until`), which disabling and recovery reset. Not the health
 * the API reports (`domain/target-health-report.ts`), which reads the attempt log's summary.
 */
export interface TargetCircuit {
  state: CircuitState;
  /** When an open circuit lets the next probe through; null unless open. */
  openUntil: Date | null;
  /** Failed attempts since the breaker last saw a success (or was reset). */
  failures: number;
  /** The breaker's last success and failure. */
  successAt: Date | null;
  failureAt: Date | null;
}

const CLOSED: TargetCircuit = { state: 'closed', openUntil: null, failures: 0, successAt: null, failureAt: null };

/** The circuit of each target (registration or subscription id); a target never attempted reads as closed with no failures. */
export async function targetCircuits(db: Queryable, targetIds: readonly string[]): Promise<Map<string, TargetCircuit>> {
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
  const circuits = new Map<string, TargetCircuit>(targetIds.map((id) => [id, CLOSED]));
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  for (const row of rows) {
    circuits.set(row.target_id, {
      state: row.circuit_open_until === null ? 'closed' : row.open ? 'open' : 'half-open',
      openUntil: row.open ? date(row.circuit_open_until) : null,
      failures: row.consecutive_failures,
      successAt: date(row.last_success_at),
      failureAt: date(row.last_failure_at),
    });
  }
  return circuits;
}
