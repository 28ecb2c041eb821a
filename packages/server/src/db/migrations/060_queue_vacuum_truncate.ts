/**
 * A vacuum that finds empty pages at the end of a table gives them back to the file system, under
 * an ACCESS EXCLUSIVE lock: every insert into the queue (each publish) waits for it, a truncate
 * and a WAL flush at least. The queue empties after every burst, so each vacuum of it did this
 * (the worker's upkeep every 30 s, autovacuum too); its pages are reused anyway. Vacuums of the
 * queue keep its pages; the upkeep gives them back itself when the queue is mostly empty space
 * after a large backlog (`delivery/upkeep/upkeep.ts`).
 */
export const sql = `
ALTER TABLE deliveries SET (vacuum_truncate = off, toast.vacuum_truncate = off);
`;
