import type { Queryable } from '../../db/database.js';
import { SUCCESS_COLUMNS } from './fragments.sql.js';

/**
 * The columns a message keeps from the queue (`deliveries`) to the history (`delivery_history`) and back;
 * a replayed message keeps its publish's trace context (migrations 020, 021) and its ordering key and place (070).
 */
export const MESSAGE_COLUMNS =
  'seq, id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, traceparent, tracestate, pull, ' +
  'payload_version, body_version, ordering_key, key_seq';
const SUCCESS = SUCCESS_COLUMNS.map((c) => `success_${c}`).join(', ');

/**
 * The insert of ended deliveries into the history: `from` yields the message columns, `status`,
 * `attempt_count`, `round_attempts`, `created_at` and the `success_` columns (or their NULLs).
 */
export const insertHistorySql = (from: string) =>
  `INSERT INTO delivery_history (${MESSAGE_COLUMNS}, status, attempt_count, round_attempts, created_at, completed_at, ${SUCCESS})
   SELECT ${MESSAGE_COLUMNS}, status, attempt_count, round_attempts, created_at, now(), ${SUCCESS} FROM ${from}`;

/**
 * Ends the queued deliveries that `where` selects as `cancelled`: they leave the queue for the
 * history in one statement. Returns their ids.
 */
export async function cancelQueued(tx: Queryable, where: string, params: unknown[]): Promise<string[]> {
  const rows = await tx.query<{ id: string }>(
    `WITH gone AS (
       DELETE FROM deliveries WHERE ${where} RETURNING ${MESSAGE_COLUMNS}, attempt_count, round_attempts, created_at
     ), kept AS (
       INSERT INTO delivery_history (${MESSAGE_COLUMNS}, status, attempt_count, round_attempts, created_at, completed_at)
       SELECT ${MESSAGE_COLUMNS}, 'cancelled', attempt_count, round_attempts, created_at, now() FROM gone
     )
     SELECT id FROM gone`,
    params,
  );
  return rows.map((r) => r.id);
}

/**
 * Moves ended deliveries that `where` selects (on `delivery_history`) back to the queue, due now
 * at the first attempt of a new round, under the same id and `seq` (so the log keeps its order).
 * The success kept on the history row joins the rest of the attempt log first (the next round
 * may succeed too). Returns `returning` columns of the queued rows.
 */
export async function requeueFinished<Row>(tx: Queryable, where: string, params: unknown[], returning: string): Promise<Row[]> {
  return tx.query<Row>(
    `WITH moved AS (
       DELETE FROM delivery_history WHERE ${where} RETURNING *
     ), logged AS (
       INSERT INTO delivery_attempts (delivery_id, ${SUCCESS_COLUMNS.join(', ')})
       SELECT id, ${SUCCESS} FROM moved WHERE success_attempt IS NOT NULL
       ON CONFLICT DO NOTHING
     ), unheld AS (
       -- A failed message back in the queue no longer holds its key (migration 072): it takes its old place instead.
       DELETE FROM ordering_holds WHERE delivery_id IN (SELECT id FROM moved)
     ), queued AS (
       INSERT INTO deliveries (${MESSAGE_COLUMNS}, attempt_count, round_attempts, next_attempt_at, created_at) OVERRIDING SYSTEM VALUE
       SELECT ${MESSAGE_COLUMNS}, attempt_count, 0, now(), created_at FROM moved
       RETURNING ${returning}
     )
     SELECT * FROM queued`,
    params,
  );
}
