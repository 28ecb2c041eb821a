/**
 * ANALYZE samples 300 rows per unit of the largest statistics target among a table's columns,
 * and the worker analyzes `deliveries` every 30 s (PGlite has no autovacuum). With the default
 * target (100: 30,000 rows, every column) that took 35–210 ms on PGlite as the table grew to
 * 55,000 rows, a stall of every request, since PGlite runs one statement at a time. The
 * planner's choices here need counts and ranges of the columns queries filter or order by, not
 * the bodies, urls and ids: those get no statistics, the rest a target of 10 (3,000 rows).
 * ANALYZE then took 10–11 ms at 35,000–55,000 rows.
 */
const filtered = ['status', 'next_attempt_at', 'lease_expires_at', 'target_id', 'owner_key_id', 'event', 'kind', 'created_at', 'seq'];
const unused = [
  'id',
  'message_id',
  'url',
  'content_type',
  'body',
  'attempt_count',
  'round_attempts',
  'lease_owner',
  'updated_at',
  'success_attempt',
  'success_started_at',
  'success_duration_ms',
  'success_status_code',
  'success_error',
  'success_response_body',
];

export const sql = `
ALTER TABLE deliveries
  ${[...filtered.map((c) => `ALTER COLUMN ${c} SET STATISTICS 10`), ...unused.map((c) => `ALTER COLUMN ${c} SET STATISTICS 0`)].join(',\n  ')};
`;
