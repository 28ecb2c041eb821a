/**
 * Asymmetric signatures (issue 51): the server's ed25519 signing keys and each target's choice of
 * scheme. `signing_keys` holds one row per key (the private key as base64 PKCS#8, kept like the
 * other server secrets in `server_secrets`, the public key as base64url); the one with no
 * `retired_at` signs, and a retired one stays published for an overlap. The partial unique index
 * lets only one key sign, so processes starting together create one between them.
 * `signature` on a target: `v1` (HMAC, the default), `v1a` (ed25519) or `v1,v1a` (both).
 */
export const sql = `
CREATE TABLE signing_keys (
  kid          text PRIMARY KEY,
  private_key  text NOT NULL,
  public_key   text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  retired_at   timestamptz
);
CREATE UNIQUE INDEX signing_keys_current ON signing_keys ((true)) WHERE retired_at IS NULL;

ALTER TABLE registrations ADD COLUMN signature text NOT NULL DEFAULT 'v1' CHECK (signature IN ('v1', 'v1a', 'v1,v1a'));
ALTER TABLE subscriptions ADD COLUMN signature text NOT NULL DEFAULT 'v1' CHECK (signature IN ('v1', 'v1a', 'v1,v1a'));
ALTER TABLE operational_subscriptions ADD COLUMN signature text NOT NULL DEFAULT 'v1' CHECK (signature IN ('v1', 'v1a', 'v1,v1a'));
`;
