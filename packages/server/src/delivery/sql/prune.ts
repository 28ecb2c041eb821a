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
 */
export async function tidyHistory(db: Database, pruned: boolean): Promise<void> {
  if (pruned) {
    for (const table of HISTORY_TABLES) await db.query(`VACUUM (ANALYZE) ${table}`);
    return;
  }
  const stale = await db.query<{ name: string }>(
    `SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid
     WHERE c.oid = ANY($1::regclass[])
       AND (c.reltuples < 0 OR s.n_mod_since_analyze > 50 + 0.1 * c.reltuples
            OR abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > 1 + 0.1 * c.relpages)`,
    [HISTORY_TABLES],
  );
  for (const { name } of stale) await db.query(`ANALYZE ${name}`);
}
