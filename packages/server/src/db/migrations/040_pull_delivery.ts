/**
 * Pull delivery (issue 30): a registration or subscription made with `delivery: pull` is not
 * sent to; its owner leases its messages from a feed and reports each attempt's outcome.
 * `pull` is copied onto each queued message (and kept in the history, so a replay stays pull),
 * so the push claim reads a due index that holds no pull rows, however many wait for a reader,
 * and the feed reads its own, by target. A feed's lease is `lease_expires_at` (the column of the
 * engine's earlier per-row leases, unused by push rows since migration 008).
 */
export const sql = `
ALTER TABLE registrations ADD COLUMN delivery text NOT NULL DEFAULT 'push' CHECK (delivery IN ('push', 'pull'));
ALTER TABLE subscriptions ADD COLUMN delivery text NOT NULL DEFAULT 'push' CHECK (delivery IN ('push', 'pull'));
ALTER TABLE deliveries ADD COLUMN pull boolean NOT NULL DEFAULT false;
ALTER TABLE delivery_history ADD COLUMN pull boolean NOT NULL DEFAULT false;
-- As every column of the two (migrations 010, 023): ANALYZE samples 3,000 rows.
ALTER TABLE deliveries ALTER COLUMN pull SET STATISTICS 10;
ALTER TABLE delivery_history ALTER COLUMN pull SET STATISTICS 10;
DROP INDEX deliveries_due;
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE NOT pull;
CREATE INDEX deliveries_pull_due ON deliveries (target_id, next_attempt_at) WHERE pull;
CREATE INDEX deliveries_pull_leased ON deliveries (lease_expires_at) WHERE pull AND lease_expires_at IS NOT NULL;
`;
