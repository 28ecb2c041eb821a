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

/**
 * After pruning, space is made reusable (PGlite has no autovacuum, and PostgreSQL's may be off or
 * slow) and the history's statistics refreshed; without pruning, only the statistics (a sample of
 * 3,000 rows: migration 012), which the history gauge reads.
 */
export async function tidyHistory(db: Database, pruned: boolean): Promise<void> {
  if (pruned) {
    await db.query('VACUUM (ANALYZE) delivery_history');
    await db.query('VACUUM (ANALYZE) delivery_attempts');
  } else {
    await db.query('ANALYZE delivery_history');
    await db.query('ANALYZE delivery_attempts');
  }
}
