/**
 * Owners control their keys and targets (issue 15). Keys are revoked, never deleted, so the
 * delivery log keeps its owners; `seq` pages the key list. Targets gain `paused`, an
 * optional per-target rate limit (the delivery worker honours it) and a previous secret that
 * stays valid until `previous_secret_expires_at` after a rotation.
 */
export const sql = `
ALTER TABLE api_keys ADD COLUMN revoked_at timestamptz;
ALTER TABLE api_keys ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE;

ALTER TABLE registrations DROP CONSTRAINT registrations_status_check;
ALTER TABLE registrations ADD CONSTRAINT registrations_status_check CHECK (status IN ('active', 'paused', 'disabled'));
ALTER TABLE registrations ADD COLUMN rate_limit_per_second integer CHECK (rate_limit_per_second > 0);
ALTER TABLE registrations ADD COLUMN previous_secret text;
ALTER TABLE registrations ADD COLUMN previous_secret_expires_at timestamptz;
CREATE INDEX registrations_owner ON registrations (owner_key_id) WHERE deleted_at IS NULL;

ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check CHECK (status IN ('active', 'paused', 'disabled'));
ALTER TABLE subscriptions ADD COLUMN rate_limit_per_second integer CHECK (rate_limit_per_second > 0);
ALTER TABLE subscriptions ADD COLUMN previous_secret text;
ALTER TABLE subscriptions ADD COLUMN previous_secret_expires_at timestamptz;
CREATE INDEX subscriptions_owner ON subscriptions (owner_key_id) WHERE deleted_at IS NULL;
`;
