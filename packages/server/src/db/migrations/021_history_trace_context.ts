/**
 * The history keeps a message's trace context too (see 020): a replay moves the row back to
 * the queue with it, and its next attempts continue the message's trace.
 */
export const sql = `
ALTER TABLE delivery_history ADD COLUMN IF NOT EXISTS traceparent text, ADD COLUMN IF NOT EXISTS tracestate text;
`;
