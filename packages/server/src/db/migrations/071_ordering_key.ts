/**
 * Ordered delivery per (target, key) (issue 50). A message of an event that declares
 * `x-clubnotify-ordering-key` carries its key and its place among that key's messages to its
 * target (`key_seq`: 1, 2, 3…, kept in the history so a replay takes its old place again).
 * `ordering_sequences` holds the last place given per (target, key): the enqueue bumps it in
 * its own transaction, so concurrent publishers of one key wait for each other's commit and
 * the places follow the commits. The claim skips a keyed row while an earlier one of its
 * (target, key) is still queued; the partial index answers that for keyed rows only.
 */
export const sql = `
ALTER TABLE deliveries ADD COLUMN ordering_key text, ADD COLUMN key_seq bigint;
ALTER TABLE delivery_history ADD COLUMN ordering_key text, ADD COLUMN key_seq bigint;
ALTER TABLE deliveries ALTER COLUMN ordering_key SET STATISTICS 10, ALTER COLUMN key_seq SET STATISTICS 10;
ALTER TABLE delivery_history ALTER COLUMN ordering_key SET STATISTICS 10, ALTER COLUMN key_seq SET STATISTICS 10;
CREATE INDEX deliveries_ordering ON deliveries (target_id, ordering_key, key_seq) WHERE ordering_key IS NOT NULL;
CREATE TABLE ordering_sequences (
  target_id text NOT NULL,
  ordering_key text NOT NULL,
  last_seq bigint NOT NULL,
  PRIMARY KEY (target_id, ordering_key)
);
`;
