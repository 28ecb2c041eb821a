import type { Queryable } from '../../db/database.js';
import { formatWindow } from './durations.js';
import { requeueFinished } from './history.sql.js';

/** How far back a recovery may requeue a target's deliveries (recoverDeliveries, `recoverSince`) when retention allows it. */
export const RECOVER_WINDOW_MS = 14 * 86_400_000;
/** The window as a recovery's 422 names it. */
export const RECOVER_WINDOW = formatWindow(RECOVER_WINDOW_MS);

/**
 * The recovery window under a retention of `retentionMs`: the 14 days, or the retention if
 * shorter, so that everything a recovery may ask for is still in the history (pruning goes by
 * `completed_at`, never before `created_at`).
 */
export function recoverWindowMs(retentionMs: number | undefined): number {
  return Math.min(RECOVER_WINDOW_MS, retentionMs ?? RECOVER_WINDOW_MS);
}

/**
 * Queues one ended delivery again (a replay), returning `columns` of its row; undefined if it is not in the history (pending, or gone).
 * `endedSince` bounds `completed_at` (the bound its read found it with, `readByIdTime`): the days before it are not read.
 */
export async function requeueDelivery<Row>(tx: Queryable, id: string, columns: string, endedSince?: string): Promise<Row | undefined> {
  const [row] = endedSince
    ? await requeueFinished<Row>(tx, 'id = $1 AND completed_at >= $2', [id, endedSince], columns)
    : await requeueFinished<Row>(tx, 'id = $1', [id], columns);
  return row;
}

/** Queues again a target's deliveries in `statuses` created since `since`; returns how many. */
export async function requeueSince(tx: Queryable, targetId: string, statuses: readonly string[], since: string): Promise<number> {
  const rows = await requeueFinished(
    tx,
    // A delivery ends after it is created: the bound on completed_at reads only the history's partitions since then (migration 102).
    'target_id = $1 AND status = ANY($3::text[]) AND created_at >= $2 AND completed_at >= $2',
    [targetId, since, statuses],
    'id',
  );
  return rows.length;
}
