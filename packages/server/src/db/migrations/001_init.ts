export const sql = `
CREATE TABLE api_keys (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  scope       text NOT NULL CHECK (scope IN ('subscriber', 'admin')),
  key_hash    text NOT NULL UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE registrations (
  seq              bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id               text PRIMARY KEY,
  owner_key_id     text NOT NULL REFERENCES api_keys (id),
  event            text NOT NULL CHECK (event IN ('concertAlert', 'stockUpdate')),
  url              text NOT NULL,
  secret           text NOT NULL,
  status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  disabled_reason  text,
  disabled_at      timestamptz,
  deleted_at       timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX registrations_owner_event_url ON registrations (owner_key_id, event, url) WHERE deleted_at IS NULL;
CREATE INDEX registrations_active_event ON registrations (event) WHERE status = 'active' AND deleted_at IS NULL;

CREATE TABLE concerts (
  seq                bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id                 text PRIMARY KEY,
  title              text NOT NULL,
  starts_at          timestamptz NOT NULL,
  venue              text NOT NULL,
  price_cents        integer,
  currency           text NOT NULL,
  tickets_available  integer,
  status             text NOT NULL DEFAULT 'scheduled' CHECK (status IN ('scheduled', 'cancelled')),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE subscriptions (
  seq              bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  id               text PRIMARY KEY,
  owner_key_id     text NOT NULL REFERENCES api_keys (id),
  concert_id       text NOT NULL REFERENCES concerts (id),
  callback_url     text NOT NULL,
  secret           text NOT NULL,
  status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  disabled_reason  text,
  disabled_at      timestamptz,
  deleted_at       timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX subscriptions_owner_concert_url ON subscriptions (owner_key_id, concert_id, callback_url) WHERE deleted_at IS NULL;
CREATE INDEX subscriptions_active_concert ON subscriptions (concert_id) WHERE status = 'active' AND deleted_at IS NULL;

CREATE TABLE items (
  seq         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id          text NOT NULL UNIQUE,
  kind        text NOT NULL CHECK (kind IN ('drink', 'ingredient')),
  name        text NOT NULL,
  stock       integer NOT NULL CHECK (stock >= 0),
  unit        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE idempotency_keys (
  owner_key_id  text NOT NULL REFERENCES api_keys (id),
  key           text NOT NULL,
  operation     text NOT NULL,
  request_hash  text NOT NULL,
  status_code   integer,
  response      text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner_key_id, key)
);

CREATE TABLE server_secrets (
  name   text PRIMARY KEY,
  value  text NOT NULL
);
`;
