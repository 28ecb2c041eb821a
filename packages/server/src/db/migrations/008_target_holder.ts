/**
 * Per-target caps across processes (issue 15): on PostgreSQL one process at a time serves a
 * target, its `holder` (a worker's lease owner id) until `holder_until`, so the worker's
 * per-target cap (and the one probe of a half-open circuit) holds for the whole cluster.
 * Claims read the hold; the worker takes, renews and gives it back (delivery/claim/target-holds.ts);
 * a crashed holder's hold expires soon after its leases. No index: the claim reads these rows by primary key.
 */
export const sql = `
ALTER TABLE delivery_targets ADD COLUMN holder text, ADD COLUMN holder_until timestamptz;
`;
