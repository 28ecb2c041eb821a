/**
 * Every statement that queues a keyed message updates its (target, key) counter in
 * `ordering_sequences` (migration 071). On full pages the new version went to another page: an
 * entry more in the primary key for every message published, until a vacuum. Half of each page
 * is left free so that a counter's update stays on its page (new pages only).
 */
export const sql = `
ALTER TABLE ordering_sequences SET (fillfactor = 50);
`;
