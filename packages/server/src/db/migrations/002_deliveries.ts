/**
 * The outbox and its log. `deliveries` holds one row per message per target, claimed by
 * workers with a lease; `delivery_attempts` records every attempt (unique per attempt
 * number, so two workers can never both record the same attempt); `delivery_targets`
 * tracks how long a target has been failing, for the disable window.
 */
export const sql = `
CREATE TABLE deliveries (
  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id text PRIMARY KEY,
  message_id text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('webhook', 'callback')),
  event text NOT NULL,
  target_id text NOT NULL,
  owner_key_id text NOT NULL,
  url text NOT NULL,
  content_type text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed', 'cancelled')),
  attempt_count integer NOT NULL DEFAULT 0,
  round_attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  lease_owner text,
  lease_expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX deliveries_target ON deliveries (target_id, status);
CREATE INDEX deliveries_owner_seq ON deliveries (owner_key_id, seq);

CREATE TABLE delivery_attempts (
  delivery_id text NOT NULL REFERENCES deliveries (id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  started_at timestamptz NOT NULL,
  duration_ms integer NOT NULL,
  status_code integer,
  error text,
  response_body text,
  PRIMARY KEY (delivery_id, attempt)
);

CREATE TABLE delivery_targets (
  target_id text PRIMARY KEY,
  failing_since timestamptz,
  last_success_at timestamptz
);
`;
