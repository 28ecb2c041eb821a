import { formatInstant as iso } from '../domain/instant.js';
import { SUCCESS_COLUMNS } from '../delivery/queue/fragments.sql.js';

/**
 * The attempt log of some deliveries (`delivery_attempt_log`'s two halves, $1 their ids): the
 * successes kept on history rows are read from the days since the oldest of them was created ($2;
 * a delivery ends after it is created, both by the database's clock), not from every day's index (issue 52).
 */
export const ATTEMPT_LOG_SQL = `SELECT delivery_id, ${SUCCESS_COLUMNS.join(', ')} FROM delivery_attempts WHERE delivery_id = ANY($1::text[])
  UNION ALL
  SELECT id, ${SUCCESS_COLUMNS.map((c) => `success_${c}`).join(', ')} FROM delivery_history
  WHERE id = ANY($1::text[]) AND success_attempt IS NOT NULL AND completed_at >= $2
  ORDER BY delivery_id, attempt`;

/** {@link ATTEMPT_LOG_SQL}'s parameters for these deliveries. */
export function attemptLogParams(rows: ReadonlyArray<{ id: string; created_at: Date | string }>): [string[], string] {
  return [rows.map((r) => r.id), iso(Math.min(...rows.map((r) => new Date(r.created_at).getTime())))];
}
