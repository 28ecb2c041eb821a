/**
 * Payload versions (issue 47): each target is pinned to a payload version (a major of the
 * contract) and each queued message keeps the version it was queued in, across retries,
 * replays and recoveries. `payload_version` is the version the target gets; `body_version` the
 * version the stored body is in: the same, except when the converter failed at enqueue (the
 * body stays in the current version and the worker records the delivery failed, naming the
 * converter; a replay after a fixed converter converts it then). Rows made before this
 * migration were all made in version 1, the only version until then.
 * `payload_version_warnings` keeps which owners were warned (`payloadVersionSunset`) that their
 * targets use a version a month from its sunset: once per owner, version and sunset.
 */
export const sql = `
ALTER TABLE registrations ADD COLUMN payload_version integer NOT NULL DEFAULT 1;
ALTER TABLE subscriptions ADD COLUMN payload_version integer NOT NULL DEFAULT 1;
ALTER TABLE operational_subscriptions ADD COLUMN payload_version integer NOT NULL DEFAULT 1;
ALTER TABLE deliveries ADD COLUMN payload_version integer NOT NULL DEFAULT 1, ADD COLUMN body_version integer NOT NULL DEFAULT 1;
ALTER TABLE delivery_history ADD COLUMN payload_version integer NOT NULL DEFAULT 1, ADD COLUMN body_version integer NOT NULL DEFAULT 1;
-- As every column of the two (migrations 010, 023): ANALYZE samples 3,000 rows.
ALTER TABLE deliveries ALTER COLUMN payload_version SET STATISTICS 10, ALTER COLUMN body_version SET STATISTICS 0;
ALTER TABLE delivery_history ALTER COLUMN payload_version SET STATISTICS 10, ALTER COLUMN body_version SET STATISTICS 0;

CREATE TABLE payload_version_warnings (
  owner_key_id     text NOT NULL,
  payload_version  integer NOT NULL,
  sunset           text NOT NULL,
  warned_at        timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_key_id, payload_version, sunset)
);

DROP VIEW delivery_messages;
CREATE VIEW delivery_messages AS
  SELECT seq, id, message_id, kind, event, target_id, owner_key_id, url, content_type, body,
         status, attempt_count, round_attempts, next_attempt_at, created_at, updated_at, payload_version FROM deliveries
  UNION ALL
  SELECT seq, id, message_id, kind, event, target_id, owner_key_id, url, content_type, body,
         status, attempt_count, round_attempts, NULL::timestamptz, created_at, completed_at, payload_version FROM delivery_history;
`;
