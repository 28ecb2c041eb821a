/**
 * Idempotency keys last 24 hours (domain/idempotency.ts); the worker's upkeep deletes the older
 * ones in batches, oldest first (delivery/upkeep/prune.sql.ts), which reads this index instead of
 * the whole table. Without it a key stayed until the same key came back or its owner was erased:
 * a row, with its stored answer, for every publish that ever sent one.
 */
export const sql = `
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
`;
