/**
 * Every column of the history chooses its statistics target, as the queue's do (migration 010):
 * the columns no query filters or orders by get none, so the worker's ANALYZE of the history
 * (every minute, `delivery/upkeep/retention.ts`) samples 3,000 rows whatever its size.
 */
const unused = [
  'kind',
  'content_type',
  'attempt_count',
  'round_attempts',
  'success_attempt',
  'success_started_at',
  'success_duration_ms',
  'success_status_code',
  'traceparent',
  'tracestate',
];

export const sql = `
ALTER TABLE delivery_history
  ${unused.map((c) => `ALTER COLUMN ${c} SET STATISTICS 0`).join(',\n  ')};
`;
