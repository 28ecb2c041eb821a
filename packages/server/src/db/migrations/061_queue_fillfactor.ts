/**
 * Half of each queue page was left free (migration 004) for the claim's update of its row to
 * stay on the page. The claim writes no row since target holds, and every other update of a
 * queued row changes an indexed column (`next_attempt_at`, `lease_expires_at`), which never
 * stays on the page: the free half only doubled the pages a backlog takes, the relation
 * extensions after each vacuum gave them back, and the buffers every scan of the queue reads.
 */
export const sql = `
ALTER TABLE deliveries SET (fillfactor = 100);
`;
