/**
 * Finding any message (issue 30): the log filtered by `messageId` (the `webhook-id`) and by
 * creation time, in the queue and in the history. A message id is a point lookup on either
 * table. Time ranges read the history by `created_at` (the failures alone for "undelivered
 * since"); the queue holds only the backlog, so its time filter rides on the scan of its seq order.
 * `message_id` had no statistics (migrations 010, 012): the planner then guessed 0.5 % of the rows
 * per id and walked the seq index backwards through the whole history (243 ms at 200,000
 * rows); a target of 10, like the other filtered columns, lets it see the ids are unique and
 * keeps ANALYZE's sample at 3,000 rows.
 */
export const sql = `
CREATE INDEX deliveries_message ON deliveries (message_id);
CREATE INDEX delivery_history_message ON delivery_history (message_id);
CREATE INDEX delivery_history_created ON delivery_history (created_at);
CREATE INDEX delivery_history_unsettled_created ON delivery_history (created_at) WHERE status <> 'succeeded';
ALTER TABLE deliveries ALTER COLUMN message_id SET STATISTICS 10;
ALTER TABLE delivery_history ALTER COLUMN message_id SET STATISTICS 10;
`;
