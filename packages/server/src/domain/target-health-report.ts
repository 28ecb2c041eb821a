import type { components } from '@clubnotify/spec';
import type { Queryable } from '../db/database.js';
import type { CircuitState } from '../delivery/record/target-circuits.js';
import { formatInstant } from './instant.js';

/** A target's health as the API shows it (`TargetHealth` in the spec). */
export type TargetHealthReport = components['schemas']['TargetHealth'];

interface SummaryRow {
  target_id: string;
  last_success_at: Date | null;
  last_failure_at: Date | null;
  consecutive_failures: number;
  failing_since: Date | null;
  circuit_state: CircuitState;
}

const NEVER: Omit<SummaryRow, 'target_id'> = {
  last_success_at: null,
  last_failure_at: null,
  consecutive_failures: 0,
  failing_since: null,
  circuit_state: 'closed',
};

const iso = (value: Date | string | null) => (value === null ? null : formatInstant(value));

/**
 * A target's health from the attempt log's summary kept on `delivery_targets` by the record
 * statement (one primary-key read, whatever the history; migration 012), with the circuit
 * breaker's state as the delivery workers keep it (`closed` when the target was never attempted).
 */
export async function targetHealthReport(db: Queryable, targetId: string): Promise<TargetHealthReport> {
  return (await targetHealthReports(db, [targetId])).get(targetId)!;
}

/** The health of each target of a page, in one indexed read (`include=health`). */
export async function targetHealthReports(db: Queryable, targetIds: readonly string[]): Promise<Map<string, TargetHealthReport>> {
  const rows = await db.query<SummaryRow>(
    `SELECT target_id, last_ok_attempt_at AS last_success_at, last_failed_attempt_at AS last_failure_at,
       failed_attempts_since_ok AS consecutive_failures, failing_since,
       CASE WHEN circuit_open_until IS NULL THEN 'closed' WHEN circuit_open_until > now() THEN 'open' ELSE 'half-open' END AS circuit_state
     FROM delivery_targets WHERE target_id = ANY($1::text[])`,
    [targetIds],
  );
  const byId = new Map(rows.map((row) => [row.target_id, row]));
  return new Map(targetIds.map((id) => [id, report(byId.get(id) ?? NEVER)]));
}

function report(row: Omit<SummaryRow, 'target_id'>): TargetHealthReport {
  return {
    lastSuccessAt: iso(row.last_success_at),
    lastFailureAt: iso(row.last_failure_at),
    consecutiveFailures: row.consecutive_failures,
    failingSince: iso(row.failing_since),
    circuitState: row.circuit_state,
  };
}
