/**
 * `GET /operationalEvents` reads an owner's operational events newest first. They are a sliver
 * of the history, so partial indexes on their target (`ops_…`) keep the page O(page) whatever
 * the history, as the other readers' pages are.
 */
export const sql = `
CREATE INDEX deliveries_operational_owner_seq ON deliveries (owner_key_id, seq) WHERE target_id LIKE 'ops\\_%';
CREATE INDEX deliveries_operational_seq ON deliveries (seq) WHERE target_id LIKE 'ops\\_%';
CREATE INDEX delivery_history_operational_owner_seq ON delivery_history (owner_key_id, seq) WHERE target_id LIKE 'ops\\_%';
CREATE INDEX delivery_history_operational_seq ON delivery_history (seq) WHERE target_id LIKE 'ops\\_%';
`;
