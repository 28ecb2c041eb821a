/**
 * The history partitioned by time (issue 52), step 1 of 3: a bound on the table as it is, so
 * that migration 102 can make it one partition of a table partitioned by `completed_at` without
 * reading it under a lock. Each migration is a transaction of its own and keeps its locks to its
 * commit, hence three: this one adds the CHECK without reading the table (ACCESS EXCLUSIVE for a
 * catalog write: milliseconds); 101 validates it under SHARE UPDATE EXCLUSIVE (a full read, while
 * inserts, reads and deletes go on); 102 swaps the tables (catalog writes only).
 *
 * The bound is three UTC midnights ahead: rows recorded until the swap (and a while after, in
 * case a deployment rolls back after this one) fit under it. `delivery_history_partitions` lists
 * the partitions with their bounds, for the upkeep that adds them and the retention that drops them.
 */
export const sql = `
CREATE TABLE delivery_history_partitions (
  name   text PRIMARY KEY,
  lower  timestamptz,
  upper  timestamptz NOT NULL
);
INSERT INTO delivery_history_partitions (name, lower, upper)
VALUES ('delivery_history_legacy', NULL, date_trunc('day', now(), 'UTC') + interval '3 days');
DO $$
BEGIN
  EXECUTE format('ALTER TABLE delivery_history ADD CONSTRAINT delivery_history_before CHECK (completed_at < %L) NOT VALID',
    (SELECT upper FROM delivery_history_partitions WHERE name = 'delivery_history_legacy'));
END $$;
`;
