/**
 * The ledger's memory of what the retention deleted (`GET /deliveries/summary`): per owner and
 * hour of creation, how many ended deliveries (not operational events) the history pruner
 * deleted, written by the pruning statement itself. One row per owner and hour that had some
 * pruned: at most 24 a day per owner; erasing a key deletes its rows.
 */
export const sql = `
CREATE TABLE delivery_pruned (
  owner_key_id  text NOT NULL,
  created_hour  timestamptz NOT NULL,
  pruned        bigint NOT NULL,
  PRIMARY KEY (owner_key_id, created_hour)
);
`;
