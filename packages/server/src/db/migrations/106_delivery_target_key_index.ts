/**
 * One index of the queue for a target's rows and for a key's (issue 50): `deliveries_target`
 * was (target_id, status), and status is always `pending` in the queue (migration 012); the
 * ordering probes had a partial index of their own (migration 071), so each keyed message cost
 * an index entry more than an unkeyed one. Now (target_id, ordering_key, key_seq) serves both:
 * a target's rows by its first column, a key's in order by the three (unkeyed rows, with NULLs,
 * come after every key of their target).
 */
export const sql = `
CREATE INDEX deliveries_target_key ON deliveries (target_id, ordering_key, key_seq);
DROP INDEX deliveries_target;
DROP INDEX deliveries_ordering;
ALTER INDEX deliveries_target_key RENAME TO deliveries_target;
`;
