/**
 * The history partitioned by time (issue 52), step 3 of 3 (see 100): `delivery_history` becomes a
 * table partitioned by RANGE of `completed_at`, the column retention goes by, in UTC days
 * (`delivery_history_YYYYMMDD`), with a DEFAULT partition so that an insert never fails for a day
 * not yet made. The worker's upkeep adds days ahead (`delivery_history_add_day`) and retention
 * drops a day once all of it is past retention (`delivery/upkeep/`).
 *
 * The table as it was becomes the partition `delivery_history_legacy` (up to the bound of 100,
 * validated by 101), its rows neither copied nor read: ATTACH reads nothing when a valid CHECK
 * implies the partition's bound, and the partitioned table's indexes take the old table's
 * matching indexes as theirs instead of building them. Everything here is a catalog write, so
 * the ACCESS EXCLUSIVE lock on the history lasts as long whatever its size: with 1,000,000 rows
 * (804 MB) on PostgreSQL 15, at a load average of 25 on 2 cores, this transaction took 316 ms,
 * and a reader and a writer of the history beside it waited at most 109 and 135 ms (91 and 81 ms
 * before the migrations, the machine's load); 101 read the table for 1.6 s blocking neither.
 * The days are made by the upkeep, not here (on PGlite each costs a table and 13 indexes: making
 * a week here doubled the time a new database took to migrate). An empty old table is dropped
 * instead. Retention deletes the old partition's rows in batches until
 * all of it is past retention, then drops it.
 *
 * Unique indexes of a partitioned table must hold its partition key: `id` and `seq` are unique in
 * each partition (indexes made with it) and across them by construction (a delivery is in one
 * table at each commit). The views over the history are made again: they named the old table.
 */
export const sql = `
-- Readies a table to become a partition: the history's statistics targets (migrations 010, 023),
-- the partitioned table's indexes under names of its own (ATTACH then takes them instead of
-- building others), and id and seq unique within it.
CREATE FUNCTION delivery_history_ready(part text) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE r record;
BEGIN
  FOR r IN SELECT attname, attstattarget FROM pg_attribute
           WHERE attrelid = 'delivery_history'::regclass AND attnum > 0 AND NOT attisdropped AND coalesce(attstattarget, -1) >= 0 LOOP
    EXECUTE format('ALTER TABLE %I ALTER COLUMN %I SET STATISTICS %s', part, r.attname, r.attstattarget);
  END LOOP;
  FOR r IN SELECT c.relname, pg_get_indexdef(i.indexrelid) AS def FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
           WHERE i.indrelid = 'delivery_history'::regclass LOOP
    EXECUTE format('CREATE INDEX %I ON %I %s', replace(r.relname, 'delivery_history', part), part, substring(r.def FROM ' USING .*$'));
  END LOOP;
  EXECUTE format('CREATE UNIQUE INDEX %I ON %I (id)', part || '_id', part);
  EXECUTE format('CREATE UNIQUE INDEX %I ON %I (seq)', part || '_seq', part);
END $fn$;

-- The partition of one UTC day, unless a partition already covers part of it; rows of that day
-- in the default partition (when the upkeep had not run) move into it. True when made.
CREATE FUNCTION delivery_history_add_day(day date) RETURNS boolean LANGUAGE plpgsql AS $fn$
DECLARE
  lo timestamptz := day::timestamp AT TIME ZONE 'UTC';
  hi timestamptz := (day + 1)::timestamp AT TIME ZONE 'UTC';
  part text := 'delivery_history_' || to_char(day, 'YYYYMMDD');
BEGIN
  PERFORM pg_advisory_xact_lock(742003);
  IF EXISTS (SELECT 1 FROM delivery_history_partitions WHERE coalesce(lower, '-infinity') < hi AND upper > lo) THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I (LIKE delivery_history INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE)', part);
  EXECUTE format('WITH moved AS (DELETE FROM delivery_history_default WHERE completed_at >= $1 AND completed_at < $2 RETURNING *)
                  INSERT INTO %I SELECT * FROM moved', part) USING lo, hi;
  PERFORM delivery_history_ready(part);
  EXECUTE format('ALTER TABLE delivery_history ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
  INSERT INTO delivery_history_partitions (name, lower, upper) VALUES (part, lo, hi);
  RETURN true;
END $fn$;

DO $$
DECLARE
  bound timestamptz := (SELECT upper FROM delivery_history_partitions WHERE name = 'delivery_history_legacy');
  messages text := pg_get_viewdef('delivery_messages');
  attempt_log text := pg_get_viewdef('delivery_attempt_log');
  indexes text[] := ARRAY(SELECT pg_get_indexdef(indexrelid) FROM pg_index
                          WHERE indrelid = 'delivery_history'::regclass AND NOT indisunique ORDER BY indexrelid);
  idx record;
  col record;
  def text;
BEGIN
  ALTER TABLE delivery_history RENAME TO delivery_history_legacy;
  FOR idx IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE i.indrelid = 'delivery_history_legacy'::regclass LOOP
    EXECUTE format('ALTER INDEX %I RENAME TO %I', idx.relname, replace(idx.relname, 'delivery_history', 'delivery_history_legacy'));
  END LOOP;

  CREATE TABLE delivery_history (
    LIKE delivery_history_legacy INCLUDING DEFAULTS INCLUDING STORAGE,
    CONSTRAINT delivery_history_status_check CHECK (status IN ('succeeded', 'failed', 'cancelled'))
  ) PARTITION BY RANGE (completed_at);
  FOR col IN SELECT attname, attstattarget FROM pg_attribute
             WHERE attrelid = 'delivery_history_legacy'::regclass AND attnum > 0 AND NOT attisdropped AND coalesce(attstattarget, -1) >= 0 LOOP
    EXECUTE format('ALTER TABLE delivery_history ALTER COLUMN %I SET STATISTICS %s', col.attname, col.attstattarget);
  END LOOP;
  FOREACH def IN ARRAY indexes LOOP
    EXECUTE def;
  END LOOP;

  EXECUTE 'CREATE OR REPLACE VIEW delivery_messages AS ' || messages;
  EXECUTE 'CREATE OR REPLACE VIEW delivery_attempt_log AS ' || attempt_log;

  CREATE TABLE delivery_history_default (LIKE delivery_history INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING STORAGE);
  PERFORM delivery_history_ready('delivery_history_default');
  ALTER TABLE delivery_history ATTACH PARTITION delivery_history_default DEFAULT;

  IF EXISTS (SELECT 1 FROM delivery_history_legacy) THEN
    -- The legacy partition reaches days ahead: the upkeep makes the days after it (the swap stays short).
    EXECUTE format('ALTER TABLE delivery_history ATTACH PARTITION delivery_history_legacy FOR VALUES FROM (MINVALUE) TO (%L)', bound);
  ELSE
    DROP TABLE delivery_history_legacy;
    DELETE FROM delivery_history_partitions WHERE name = 'delivery_history_legacy';
  END IF;
END $$;
`;
