/**
 * The queue apart from the history (issue 29). `deliveries` keeps only pending work (due, waiting
 * for a retry, or on the wire); a delivery that ends (succeeded, failed, cancelled) moves in the
 * statement that records it to `delivery_history`, written once and read by the log, replay,
 * recovery and the console, pruned by retention. The claim then reads a table the size of the
 * backlog, whatever the history, and its estimates stay right. Replay and recovery move a finished
 * delivery back to the queue under the same id and `seq`. `delivery_messages` reads both as one.
 *
 * The target health report (issue 35) reads a summary of the attempt log kept on
 * `delivery_targets` by the record statement, instead of scanning a target's deliveries and
 * attempts: the start of the latest 2xx and non-2xx attempts, and the non-2xx attempts since the
 * latest 2xx. Unlike the circuit's `consecutive_failures`, disabling or recovering a target does
 * not reset them, and pruning the log does not change them. Both are backfilled here from the log.
 */
const message = 'seq, id, message_id, kind, event, target_id, owner_key_id, url, content_type, body';
const success = 'success_attempt, success_started_at, success_duration_ms, success_status_code, success_error, success_response_body';

export const sql = `
CREATE TABLE delivery_history (
  seq bigint NOT NULL,
  id text PRIMARY KEY,
  message_id text NOT NULL,
  kind text NOT NULL,
  event text NOT NULL,
  target_id text NOT NULL,
  owner_key_id text NOT NULL,
  url text NOT NULL,
  content_type text NOT NULL,
  body text NOT NULL,
  status text NOT NULL CHECK (status IN ('succeeded', 'failed', 'cancelled')),
  attempt_count integer NOT NULL,
  round_attempts integer NOT NULL,
  created_at timestamptz NOT NULL,
  completed_at timestamptz NOT NULL DEFAULT now(),
  success_attempt integer,
  success_started_at timestamptz,
  success_duration_ms integer,
  success_status_code integer,
  success_error text,
  success_response_body text
);
CREATE UNIQUE INDEX delivery_history_seq ON delivery_history (seq);
CREATE INDEX delivery_history_owner_seq ON delivery_history (owner_key_id, seq);
CREATE INDEX delivery_history_target_seq ON delivery_history (target_id, seq);
CREATE INDEX delivery_history_completed ON delivery_history (completed_at);
-- Most deliveries succeed: the log filtered to the others (status=failed, recovery) reads these
-- small indexes in seq order instead of skipping past every success.
CREATE INDEX delivery_history_unsettled_seq ON delivery_history (seq) WHERE status <> 'succeeded';
CREATE INDEX delivery_history_owner_unsettled_seq ON delivery_history (owner_key_id, seq) WHERE status <> 'succeeded';
CREATE INDEX delivery_history_target_unsettled_seq ON delivery_history (target_id, seq) WHERE status <> 'succeeded';
ALTER TABLE delivery_history
  ALTER COLUMN body SET STATISTICS 0, ALTER COLUMN url SET STATISTICS 0, ALTER COLUMN id SET STATISTICS 0,
  ALTER COLUMN message_id SET STATISTICS 0, ALTER COLUMN success_response_body SET STATISTICS 0, ALTER COLUMN success_error SET STATISTICS 0,
  ALTER COLUMN seq SET STATISTICS 10, ALTER COLUMN target_id SET STATISTICS 10, ALTER COLUMN owner_key_id SET STATISTICS 10,
  ALTER COLUMN status SET STATISTICS 10, ALTER COLUMN event SET STATISTICS 10, ALTER COLUMN completed_at SET STATISTICS 10,
  ALTER COLUMN created_at SET STATISTICS 10;
ALTER TABLE delivery_attempts
  ALTER COLUMN response_body SET STATISTICS 0, ALTER COLUMN error SET STATISTICS 0, ALTER COLUMN delivery_id SET STATISTICS 10,
  ALTER COLUMN attempt SET STATISTICS 10, ALTER COLUMN started_at SET STATISTICS 10, ALTER COLUMN duration_ms SET STATISTICS 0,
  ALTER COLUMN status_code SET STATISTICS 10;

INSERT INTO delivery_history (${message}, status, attempt_count, round_attempts, created_at, completed_at, ${success})
SELECT ${message}, status, attempt_count, round_attempts, created_at, updated_at, ${success}
FROM deliveries WHERE status <> 'pending';
DELETE FROM deliveries WHERE status <> 'pending';

-- A pending row's success columns are empty (a replay moved them to the log); kept if not.
INSERT INTO delivery_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error, response_body)
SELECT id, ${success} FROM deliveries WHERE success_attempt IS NOT NULL ON CONFLICT DO NOTHING;
DROP VIEW delivery_attempt_log;
ALTER TABLE deliveries
  DROP COLUMN success_attempt, DROP COLUMN success_started_at, DROP COLUMN success_duration_ms,
  DROP COLUMN success_status_code, DROP COLUMN success_error, DROP COLUMN success_response_body,
  ADD CONSTRAINT deliveries_pending_only CHECK (status = 'pending');
-- Every row of the queue is pending: the due index covers them all, and the claim tests no status,
-- so its estimate no longer hangs on the status column's statistics (issue 35).
DROP INDEX deliveries_due;
CREATE INDEX deliveries_due ON deliveries (next_attempt_at);

CREATE VIEW delivery_messages AS
  SELECT ${message}, status, attempt_count, round_attempts, next_attempt_at, created_at, updated_at FROM deliveries
  UNION ALL
  SELECT ${message}, status, attempt_count, round_attempts, NULL::timestamptz, created_at, completed_at FROM delivery_history;

CREATE VIEW delivery_attempt_log AS
  SELECT delivery_id, attempt, started_at, duration_ms, status_code, error, response_body FROM delivery_attempts
  UNION ALL
  SELECT id, ${success} FROM delivery_history WHERE success_attempt IS NOT NULL;

ALTER TABLE delivery_targets
  ADD COLUMN last_ok_attempt_at timestamptz,
  ADD COLUMN last_failed_attempt_at timestamptz,
  ADD COLUMN failed_attempts_since_ok integer NOT NULL DEFAULT 0;

WITH a AS (
  SELECT d.target_id, l.started_at, coalesce(l.status_code BETWEEN 200 AND 299, false) AS ok
  FROM delivery_attempt_log l JOIN delivery_messages d ON d.id = l.delivery_id
), w AS (
  SELECT target_id, started_at, ok, max(started_at) FILTER (WHERE ok) OVER (PARTITION BY target_id) AS ok_at FROM a
)
INSERT INTO delivery_targets AS t (target_id, last_ok_attempt_at, last_failed_attempt_at, failed_attempts_since_ok)
SELECT target_id, max(ok_at), max(started_at) FILTER (WHERE NOT ok),
       count(*) FILTER (WHERE NOT ok AND started_at > coalesce(ok_at, '-infinity'))::int
FROM w GROUP BY target_id
ON CONFLICT (target_id) DO UPDATE SET last_ok_attempt_at = excluded.last_ok_attempt_at,
  last_failed_attempt_at = excluded.last_failed_attempt_at, failed_attempts_since_ok = excluded.failed_attempts_since_ok;
`;
