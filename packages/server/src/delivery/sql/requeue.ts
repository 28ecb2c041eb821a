import type { Queryable } from '../../db/database.js';
import { SUCCESS_COLUMNS } from './fragments.js';

/** How far back a recovery may requeue a target's deliveries (recoverDeliveries, `recoverSince`). */
export const RECOVER_WINDOW_MS = 14 * 86_400_000;
/** The window as a recovery's 400 names it. */
export const RECOVER_WINDOW = `${RECOVER_WINDOW_MS / 86_400_000} days`;

/** Due now, at the first attempt of a new round; returns the ids requeued ($1, $2 for `where`). */
function requeue(tx: Queryable, where: string, params: unknown[], returning = 'id'): Promise<Record<string, unknown>[]> {
  return tx.query(
    `UPDATE deliveries SET status = 'pending', round_attempts = 0, next_attempt_at = now(),
       lease_owner = NULL, lease_expires_at = NULL, updated_at = now()
     WHERE ${where} RETURNING ${returning}`,
    params,
  );
}

/** Queues one delivery again (a replay), returning `columns` of its row. */
export async function requeueDelivery<Row>(tx: Queryable, id: string, columns: string): Promise<Row | undefined> {
  await moveSuccessToLog(tx, id);
  const [row] = await requeue(tx, 'id = $1', [id], columns);
  return row as Row | undefined;
}

/** Queues again a target's deliveries in `statuses` created since `since`; returns how many. */
export async function requeueSince(tx: Queryable, targetId: string, statuses: readonly string[], since: string): Promise<number> {
  const rows = await requeue(tx, 'target_id = $1 AND status = ANY($3::text[]) AND created_at >= $2', [targetId, since, statuses]);
  return rows.length;
}

/** Before a replay: the success on the delivery's row joins the rest of its log (the next round may succeed too). */
async function moveSuccessToLog(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    `WITH logged AS (
       INSERT INTO delivery_attempts (delivery_id, ${SUCCESS_COLUMNS.join(', ')})
       SELECT id, ${SUCCESS_COLUMNS.map((c) => `success_${c}`).join(', ')} FROM deliveries WHERE id = $1 AND success_attempt IS NOT NULL
       ON CONFLICT DO NOTHING
     )
     UPDATE deliveries SET ${SUCCESS_COLUMNS.map((c) => `success_${c} = NULL`).join(', ')} WHERE id = $1 AND success_attempt IS NOT NULL`,
    [id],
  );
}
