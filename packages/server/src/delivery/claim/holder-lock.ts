/**
 * A worker with a dedicated PostgreSQL session (its LISTEN connection) holds a session
 * advisory lock keyed by its id, and its id starts with this prefix: PostgreSQL releases the
 * lock the moment that session ends (kill -9, a crash), so its target holds end with
 * it instead of at their expiry. A worker without such a session (ids `wrk_…`) keeps the
 * expiry alone.
 */
export const SESSION_HOLDER = 'wks_';

// 'cnth' (clubnotify target holds): the lock's first key; the second is the holder id's hash.
const LOCK_CLASS = 0x636e7468;

/** Takes the worker's lock (`$1`: its id) on its dedicated session; it waits only for a claim's check in progress. */
export const lockHolderSql = `SELECT pg_advisory_lock(${LOCK_CLASS}, hashtext($1::text))`;

// A shared transaction-level try: it fails while the holder's session holds the lock, and
// what it takes ends with the statement's transaction.
const lockFree = (holder: string) => `pg_try_advisory_xact_lock_shared(${LOCK_CLASS}, hashtext(${holder}))`;

/** SQL: whether the holder named by `holder` held a session lock and no longer does (its process is gone). */
export const holderGone = (holder: string) => `CASE WHEN left(${holder}, 4) = '${SESSION_HOLDER}' THEN ${lockFree(holder)} ELSE false END`;

/** SQL: whether this worker (`self`) may take holds: it holds its session lock, or has none to hold. */
export const holderAlive = (self: string) => `CASE WHEN left(${self}, 4) = '${SESSION_HOLDER}' THEN NOT ${lockFree(self)} ELSE true END`;
