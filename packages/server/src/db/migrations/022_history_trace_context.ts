/**
 * The publish's trace context (migration 020) moves with a delivery from the queue to the
 * history and back, so that the attempts of a replayed or recovered delivery still continue the
 * publish's trace. Never filtered on: no statistics.
 */
export const sql = `
ALTER TABLE delivery_history ADD COLUMN traceparent text, ADD COLUMN tracestate text;
ALTER TABLE delivery_history ALTER COLUMN traceparent SET STATISTICS 0, ALTER COLUMN tracestate SET STATISTICS 0;
`;
