/**
 * The history partitioned by time (issue 52), step 2 of 3 (see 100): the bound is checked against
 * every row under SHARE UPDATE EXCLUSIVE, which lets the record statement, the reads, replay and
 * pruning go on while it reads the table.
 */
export const sql = `
ALTER TABLE delivery_history VALIDATE CONSTRAINT delivery_history_before;
`;
