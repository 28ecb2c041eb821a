/**
 * The W3C trace context of the publish that queued a delivery, so that every attempt (in any
 * process, after any number of retries) continues the publish's trace. NULL when tracing is off.
 */
export const sql = `
ALTER TABLE deliveries ADD COLUMN IF NOT EXISTS traceparent text, ADD COLUMN IF NOT EXISTS tracestate text;
`;
