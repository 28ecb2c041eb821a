/**
 * Every attempt on PostgreSQL updates its delivery twice: the claim (lease, attempt count)
 * and the outcome. The claim changes no indexed column, so with room left on the page it is
 * a heap-only (HOT) update and writes no index entry; on full pages it wrote one in each of
 * the table's five indexes. Half of each page is left free for it (new pages only).
 */
export const sql = `
ALTER TABLE deliveries SET (fillfactor = 50);
`;
