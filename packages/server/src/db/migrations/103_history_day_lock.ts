/**
 * Making a day of the history that has begun (102's `delivery_history_add_day`: on a new database
 * or after every worker was down, when rows of that day go to the default partition) now holds
 * ACCESS EXCLUSIVE on the history from the moment it knows the day is missing to its commit.
 * ATTACH PARTITION takes only SHARE UPDATE EXCLUSIVE there, so a record statement beside it routed
 * its row by the partitions it saw (to the default one), waited for the default partition, and
 * failed its constraint once the day was attached (23514, the whole batch with it). The history is
 * locked before the default partition, so a transaction that already holds a lock on it finishes
 * first (a weaker lock, SHARE ROW EXCLUSIVE, deadlocked with a recorder holding the default
 * partition from an earlier read). A day ahead, the upkeep's usual work, takes no such lock: no
 * row routes to it yet.
 */
export const sql = `
CREATE OR REPLACE FUNCTION delivery_history_add_day(day date) RETURNS boolean LANGUAGE plpgsql AS $fn$
DECLARE
  lo timestamptz := day::timestamp AT TIME ZONE 'UTC';
  hi timestamptz := (day + 1)::timestamp AT TIME ZONE 'UTC';
  part text := 'delivery_history_' || to_char(day, 'YYYYMMDD');
BEGIN
  PERFORM pg_advisory_xact_lock(742003);
  IF EXISTS (SELECT 1 FROM delivery_history_partitions WHERE coalesce(lower, '-infinity') < hi AND upper > lo) THEN
    RETURN false;
  END IF;
  IF lo <= now() + interval '1 minute' THEN
    LOCK TABLE delivery_history IN ACCESS EXCLUSIVE MODE;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE delivery_history INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE)', part);
  EXECUTE format('WITH moved AS (DELETE FROM delivery_history_default WHERE completed_at >= $1 AND completed_at < $2 RETURNING *)
                  INSERT INTO %I SELECT * FROM moved', part) USING lo, hi;
  PERFORM delivery_history_ready(part);
  EXECUTE format('ALTER TABLE delivery_history ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
  INSERT INTO delivery_history_partitions (name, lower, upper) VALUES (part, lo, hi);
  RETURN true;
END $fn$;
`;
