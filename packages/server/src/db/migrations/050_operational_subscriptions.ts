/**
 * Operational events (issue 32): an owner registers URLs for the events about its own targets,
 * deliveries and key (`POST /operationalEventSubscriptions`). Each subscription is a delivery
 * target like a registration (`ops_` ids): the engine signs with its secret, retries, keeps its
 * circuit in `delivery_targets` and its deliveries in the queue and the history. `events` is the
 * filter; one live subscription per owner and URL (registering it again replaces the filter).
 */
export const sql = `
CREATE TABLE operational_subscriptions (
  seq              bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id               text PRIMARY KEY,
  owner_key_id     text NOT NULL REFERENCES api_keys (id),
  url              text NOT NULL,
  events           text[] NOT NULL,
  secret           text NOT NULL,
  status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused', 'disabled')),
  disabled_reason  text,
  disabled_at      timestamptz,
  deleted_at       timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX operational_subscriptions_owner_url ON operational_subscriptions (owner_key_id, url) WHERE deleted_at IS NULL;
`;
