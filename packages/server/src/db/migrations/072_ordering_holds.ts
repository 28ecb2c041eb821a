/**
 * Holding a key behind a failed message (issue 50): a target's `ordering` is `release` (a message
 * that ends failed lets its key's later messages go on) or `hold`. On a `hold` target the record
 * statement that ends a keyed message failed adds its (target, key) here; the claim skips the
 * key's rows while a hold is here. A replay of the failed message (or a recovery) removes its
 * hold (the message takes its old place again); switching the target to `release` removes all of
 * its holds.
 */
export const sql = `
ALTER TABLE registrations ADD COLUMN ordering text NOT NULL DEFAULT 'release' CHECK (ordering IN ('release', 'hold'));
ALTER TABLE subscriptions ADD COLUMN ordering text NOT NULL DEFAULT 'release' CHECK (ordering IN ('release', 'hold'));
CREATE TABLE ordering_holds (
  target_id text NOT NULL,
  ordering_key text NOT NULL,
  delivery_id text NOT NULL,
  held_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (target_id, ordering_key, delivery_id)
);
CREATE INDEX ordering_holds_delivery ON ordering_holds (delivery_id);
`;
