import type { Queryable } from '../src/db/database.js';

/**
 * Adds `count` succeeded deliveries of one target in the server's shape (the success on the
 * row, as the worker records it), in one statement: a history for read and delivery tests.
 */
export async function fillDeliveredHistory(
  db: Queryable,
  target: { id: string; ownerKeyId: string; url: string; event: string },
  count: number,
): Promise<void> {
  await db.query(
    `INSERT INTO deliveries (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, status,
       attempt_count, created_at, updated_at, success_attempt, success_started_at, success_duration_ms, success_status_code)
     SELECT 'dlv_hist' || g, 'msg_hist' || g, 'webhook', $2, $1, $3, $4, 'application/json', '{}', 'succeeded',
       1, t, t, 1, t, 5, 200
     FROM generate_series(1, $5::int) g, LATERAL (SELECT now() - interval '2 days' + g * interval '1 ms' AS t) at`,
    [target.id, target.event, target.ownerKeyId, target.url, count],
  );
  await db.query('ANALYZE deliveries');
}
