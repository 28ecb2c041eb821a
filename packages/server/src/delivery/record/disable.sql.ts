import type { Queryable } from '../../db/database.js';
import { cancelDeliveriesForTarget } from '../queue/cancel.sql.js';

/** A target's failure window and circuit start over (it was disabled, or is recovered). */
export async function resetHealth(tx: Queryable, targetId: string): Promise<void> {
  await tx.query(
    `UPDATE delivery_targets SET failing_since = NULL, consecutive_failures = 0, circuit_open_until = NULL WHERE target_id = $1`,
    [targetId],
  );
}

/** A re-activated target's failure window starts over (its count and circuit stay as they were). */
export async function restartFailureWindow(tx: Queryable, targetId: string): Promise<void> {
  await tx.query('UPDATE delivery_targets SET failing_since = NULL WHERE target_id = $1', [targetId]);
}

const TABLES = { reg: 'registrations', sub: 'subscriptions', ops: 'operational_subscriptions' } as const;

/** The table a target id names (`reg_…`, `sub_…`, `ops_…`), or null. */
export function targetTable(targetId: string): (typeof TABLES)[keyof typeof TABLES] | null {
  return TABLES[targetId.slice(0, targetId.indexOf('_')) as keyof typeof TABLES] ?? null;
}

/** Disables a registration, subscription or operational-event subscription, cancels its pending deliveries and resets its health. */
export async function disableTarget(tx: Queryable, targetId: string, reason: string): Promise<void> {
  const table = targetTable(targetId) ?? 'registrations';
  await tx.query(`UPDATE ${table} SET status = 'disabled', disabled_reason = $2, disabled_at = now() WHERE id = $1 AND status = 'active'`, [
    targetId,
    reason,
  ]);
  await cancelDeliveriesForTarget(tx, targetId);
  await resetHealth(tx, targetId);
}
