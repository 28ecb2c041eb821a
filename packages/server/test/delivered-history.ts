import type { Queryable } from '../src/db/database.js';

/**
 * Adds `messages` succeeded deliveries spread over `targets` (existing ids of `ownerKeyId`) in
 * the server's shape (the success on the row, as the worker records it), in one statement.
 * Stands in for the history helper of the queue/history split until that is merged.
 */
export async function fillDeliveredHistory(
  db: Queryable,
  options: { messages: number; targets: readonly string[]; ownerKeyId: string },
): Promise<{ ownerKeyId: string; targetIds: string[] }> {
  await db.query(
    `INSERT INTO deliveries (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, status,
       attempt_count, created_at, updated_at, success_attempt, success_started_at, success_duration_ms, success_status_code)
     SELECT 'dlv_hist' || g, 'msg_hist' || g, 'webhook', 'stockUpdate', ($2::text[])[1 + g % cardinality($2::text[])], $3,
       'https://hooks.example.com/history', 'application/json', '{}', 'succeeded', 1, t, t, 1, t, 5, 200
     FROM generate_series(1, $1::int) g, LATERAL (SELECT now() - interval '2 days' + g * interval '1 ms' AS t) at`,
    [options.messages, options.targets, options.ownerKeyId],
  );
  await db.query('ANALYZE deliveries');
  return { ownerKeyId: options.ownerKeyId, targetIds: [...options.targets] };
}
