/**
 * The attempt log is written by the worker for a delivery it has just read, and deliveries
 * are never deleted, so the foreign key to `deliveries` guarded nothing; its per-row check
 * was a third of the cost of recording an outcome on PGlite. The table's own primary key
 * (one row per delivery and attempt number) stays.
 */
export const sql = `
ALTER TABLE delivery_attempts DROP CONSTRAINT IF EXISTS delivery_attempts_delivery_id_fkey;
`;
