/**
 * The trace context columns of the queue (migration 020) are never filtered or ordered by: like
 * the bodies and ids (migration 010), they get no statistics, so ANALYZE of the queue keeps
 * sampling 3,000 rows.
 */
export const sql = `
ALTER TABLE deliveries ALTER COLUMN traceparent SET STATISTICS 0, ALTER COLUMN tracestate SET STATISTICS 0;
`;
