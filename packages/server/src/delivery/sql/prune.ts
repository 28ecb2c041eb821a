import type { Database } from '../../db/database.js';

// Any constant works; it only has to be the same in every server process (see migrate.ts's 742_001).
const PRUNE_LOCK = 742_002;

/**
 * Deletes up to `batch` deliveries of the history that ended more than `retentionMs` ago, oldest
 * first (index delivery_history_completed), with their attempts, in one statement. On PostgreSQL
 * only the process holding the pruning lock for the statement deletes: another one pruning at the
 * same time gets 0 and waits for its next turn. Returns how many deliveries went.
 */
export async function pruneHistoryBatch(db: Database, retentionMs: number, batch: number): Promise<number> {
  const lock = db.kind === 'postgres' ? `pg_try_advisory_xact_lock(${PRUNE_LOCK})` : 'true';
  const [row] = await db.query<{ n: number }>(
    `WITH turn AS MATERIALIZED (SELECT ${lock} AS mine), gone AS (
       DELETE FROM delivery_history WHERE id IN (
         SELECT id FROM delivery_history
         WHERE (SELECT mine FROM turn) AND completed_at < now() - $1::bigint * interval '1 millisecond'
         ORDER BY completed_at LIMIT $2)
       RETURNING id
     ), attempts AS (
       DELETE FROM delivery_attempts WHERE delivery_id = ANY(ARRAY(SELECT id FROM gone))
     )
     SELECT count(*)::int AS n FROM gone`,
    [retentionMs, batch],
  );
  return row?.n ?? 0;
}

const HISTORY_TABLES = ['delivery_history', 'delivery_attempts'];

/**
 * After pruning, space is made reusable (PGlite has no autovacuum, and PostgreSQL's may be off or
 * slow) and the history's statistics refreshed. Without pruning, a table is analyzed only when
 * autovacuum would: 50 rows plus a tenth of them changed since its last ANALYZE, or (the counts
 * reach the statistics views up to seconds later) its pages grew or shrank by a tenth. Analyzing
 * every minute read 3,000 random pages of a history of a million rows (0.1 to 0.3 s of a core; on
 * PGlite, holding its one connection) for statistics that had not moved (issue 29.3). The history
 * gauge reads the row estimate it leaves, as autovacuum's would be.
 *
 * Where no autovacuum runs (PGlite; PostgreSQL with it off), an insert-only history is vacuumed
 * by autovacuum's insert rule too, read from the visibility map rather than the lagging counts:
 * once the pages not all-visible are more than a fifth of the table (and 16), so its index-only
 * reads skip the heap and its rows are frozen before they are old, as on a server with autovacuum.
 */
export async function tidyHistory(db: Database, pruned: boolean): Promise<void> {
  if (pruned) {
    for (const table of HISTORY_TABLES) await db.query(`VACUUM (ANALYZE) ${table}`);
    return;
  }
  const noAutovacuum = db.kind === 'pglite' ? 'true' : `NOT current_setting('autovacuum')::boolean`;
  const due = await db.query<{ name: string; vacuum: boolean }>(
    `SELECT name, vacuum FROM (
       SELECT c.oid::regclass::text AS name, c.reltuples, c.relpages, s.n_mod_since_analyze,
              pg_relation_size(c.oid) / current_setting('block_size')::int AS pages, c.relallvisible
       FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.oid = ANY($1::regclass[])) t,
     LATERAL (SELECT ${noAutovacuum} AND pages - relallvisible > 16 + 0.2 * pages AS vacuum) v
     WHERE vacuum OR reltuples < 0 OR n_mod_since_analyze > 50 + 0.1 * reltuples OR abs(pages - relpages) > 1 + 0.1 * relpages`,
    [HISTORY_TABLES],
  );
  for (const { name, vacuum } of due)
    await db.query(vacuum ? `VACUUM (ANALYZE${db.kind === 'postgres' ? ', SKIP_LOCKED' : ''}) ${name}` : `ANALYZE ${name}`);
}
