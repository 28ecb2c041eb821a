/**
 * Every statement that queues a keyed message updates its (target, key) counter in
 * `ordering_sequences` (migration 071). On full pages the new version went to another page: an
 * entry more in the primary key for every message published (9 in 10 updates were not heap-only
 * with 5,000 counters, PostgreSQL 15; about 7 in 10 on PGlite), until a vacuum. Half of each page
 * is left free so that a counter's update stays on its page (new pages only).
 */
export const sql = `
ALTER TABLE ordering_sequences SET (fillfactor = 50);
`;
