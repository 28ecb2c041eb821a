/**
 * Finding any message (issue 30): the log filtered by `messageId` (the `webhook-id`) and by
 * creation time, in the queue and in the history. A message id is a point lookup on either
 * table. Time ranges read the history by `created_at` (the failures alone for "undelivered
 * since"); the queue holds only the backlog, so its time filter rides on the scan of its seq order.
 */
export const sql = `
CREATE INDEX deliveries_message ON deliveries (message_id);
CREATE INDEX delivery_history_message ON delivery_history (message_id);
CREATE INDEX delivery_history_created ON delivery_history (created_at);
CREATE INDEX delivery_history_unsettled_created ON delivery_history (created_at) WHERE status <> 'succeeded';
`;
