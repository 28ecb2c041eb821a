import { operationalEventNames } from '@clubnotify/spec';
import type { Database } from '../../db/database.js';

// Any constant works; it only has to be the same in every server process (see migrate.ts's 742_001).
const PRUNE_LOCK = 742_002;

/** The partition the history's table was before migration 102, when it had rows: pruned in batches until all of it is past retention. */
const LEGACY = 'delivery_history_legacy';

/**
 * Drops the oldest partition of the history whose rows all ended more than `retentionMs` ago
 * (`delivery_history_partitions.upper`, migration 102), in one transaction: its rows' attempts are
 * deleted, what goes (operational events aside) is counted in `delivery_pruned` by owner and hour
 * of creation for the ledger (GET /deliveries/summary), and the table is dropped. No row of the
 * history is deleted and nothing is left for vacuum. On PostgreSQL one process at a time prunes
 * (the pruning lock), and the drop waits at most a second for the history's lock (a long read of the
 * log holds it): it is tried again at the next run rather than queue every read behind it.
 * Returns the partition's name and its rows, or undefined when none is due.
 */
export async function dropExpiredPartition(db: Database, retentionMs: number): Promise<{ name: string; rows: number } | undefined> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') {
      const [turn] = await tx.query<{ mine: boolean }>(`SELECT pg_try_advisory_xact_lock(${PRUNE_LOCK}) AS mine`);
      if (!turn?.mine) return undefined;
      await tx.query(`SET LOCAL lock_timeout = '1s'`);
    }
    const [due] = await tx.query<{ name: string }>(
      `SELECT name FROM delivery_history_partitions WHERE upper <= now() - $1::bigint * interval '1 millisecond' ORDER BY upper LIMIT 1`,
      [retentionMs],
    );
    if (!due) return undefined;
    const table = `"${due.name.replaceAll('"', '""')}"`;
    const [tally] = await tx.query<{ n: number }>(
      `WITH counted AS (
         SELECT owner_key_id, date_trunc('hour', created_at) AS created_hour, count(*) FILTER (WHERE event <> ALL($1::text[])) AS pruned,
                count(*) AS n
         FROM ${table} GROUP BY 1, 2
       ), tally AS (
         INSERT INTO delivery_pruned (owner_key_id, created_hour, pruned)
         SELECT owner_key_id, created_hour, pruned FROM counted WHERE pruned > 0
         ON CONFLICT (owner_key_id, created_hour) DO UPDATE SET pruned = delivery_pruned.pruned + excluded.pruned
       )
       SELECT coalesce(sum(n), 0)::int AS n FROM counted`,
      [[...operationalEventNames]],
    );
    await tx.query(dayAttemptsDeleteSql(table));
    await tx.query(`DROP TABLE ${table}`);
    await tx.query('DELETE FROM delivery_history_partitions WHERE name = $1', [due.name]);
    return { name: due.name, rows: tally?.n ?? 0 };
  });
}

/**
 * The attempts of the deliveries of one partition of the history (`table`, quoted): each id probed
 * in the attempts' primary key (time-ordered ids make them neighbours there). As a semi-join
 * (`IN (SELECT ...)`) the planner hashed the day and scanned every attempt of the retention
 * window: 134 ms for a day of 6,667 beside 20,000 attempts, 47 ms probed (EXPLAIN ANALYZE), and
 * the scan grows with the whole history, the probes with the day (issue 52).
 */
export const dayAttemptsDeleteSql = (table: string): string =>
  `DELETE FROM delivery_attempts WHERE delivery_id = ANY(ARRAY(SELECT id FROM ${table}))`;

/** Below a day's retention a day's partition would keep its rows up to a day too long (a test, a small disk): rows then go in batches from every day too. */
export const SHORT_RETENTION_MS = 86_400_000;

/** What `pruneHistoryBatch` deletes from: the legacy partition, or the whole history under a short retention. */
const batchTable = (retentionMs: number) => (retentionMs < SHORT_RETENTION_MS ? 'delivery_history' : LEGACY);

/**
 * Deletes up to `batch` deliveries of the legacy partition (the history as it was before migration
 * 102), or of the whole history under a {@link SHORT_RETENTION_MS short retention}, that ended more
 * than `retentionMs` ago, oldest first (the index on completed_at), with their
 * attempts, in one statement, until the whole partition is past retention and dropped. On PostgreSQL
 * only the process holding the pruning lock for the statement deletes: another one pruning at the
 * same time gets 0 and waits for its next turn. The same statement counts what went (operational events
 * aside) in `delivery_pruned`, by owner and hour of creation, for the ledger (GET /deliveries/summary).
 * Returns how many deliveries went (0 without a legacy partition).
 */
export async function pruneHistoryBatch(db: Database, retentionMs: number, batch: number): Promise<number> {
  const table = batchTable(retentionMs);
  const [found] = await db.query<{ present: boolean }>(`SELECT to_regclass('${table}') IS NOT NULL AS present`);
  if (!found?.present) return 0;
  const lock = db.kind === 'postgres' ? `pg_try_advisory_xact_lock(${PRUNE_LOCK})` : 'true';
  const [row] = await db.query<{ n: number }>(
    `WITH turn AS MATERIALIZED (SELECT ${lock} AS mine), gone AS (
       DELETE FROM ${table} WHERE (id, completed_at) IN (
         SELECT id, completed_at FROM ${table}
         WHERE (SELECT mine FROM turn) AND completed_at < now() - $1::bigint * interval '1 millisecond'
         ORDER BY completed_at LIMIT $2)
       RETURNING id, owner_key_id, created_at, event
     ), attempts AS (
       DELETE FROM delivery_attempts WHERE delivery_id = ANY(ARRAY(SELECT id FROM gone))
     ), tally AS (
       INSERT INTO delivery_pruned (owner_key_id, created_hour, pruned)
       SELECT owner_key_id, date_trunc('hour', created_at), count(*) FROM gone WHERE event <> ALL($3::text[]) GROUP BY 1, 2
       ON CONFLICT (owner_key_id, created_hour) DO UPDATE SET pruned = delivery_pruned.pruned + excluded.pruned
     )
     SELECT count(*)::int AS n FROM gone`,
    [retentionMs, batch, [...operationalEventNames]],
  );
  return row?.n ?? 0;
}

/** How long an `Idempotency-Key` answers a repeat (domain/idempotency.ts): after it, the key is new again. */
export const IDEMPOTENCY_TTL_MS = 86_400_000;

/**
 * Deletes up to `batch` idempotency keys older than `ttlMs`, oldest first (index
 * idempotency_keys_created, migration 080), with their stored answers, in one statement; returns
 * how many went. Processes pruning at once only race to delete the same rows: no lock needed.
 */
export async function pruneIdempotencyBatch(db: Database, batch: number, ttlMs = IDEMPOTENCY_TTL_MS): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM idempotency_keys WHERE (owner_key_id, key) IN (
         SELECT owner_key_id, key FROM idempotency_keys
         WHERE created_at < now() - $1::bigint * interval '1 millisecond'
         ORDER BY created_at LIMIT $2)
       RETURNING 1
     )
     SELECT count(*)::int AS n FROM gone`,
    [ttlMs, batch],
  );
  return row?.n ?? 0;
}

/** The tables of the history as vacuum and ANALYZE see them: each partition of it, and the attempts. */
const HISTORY_TABLES = `SELECT relid FROM pg_partition_tree('delivery_history') WHERE isleaf UNION ALL SELECT 'delivery_attempts'::regclass`;

/**
 * After pruning, space is made reusable (PGlite has no autovacuum, and PostgreSQL's may be off or
 * slow) and statistics refreshed: of the attempts, and of the legacy partition while batches delete
 * from it (a dropped partition leaves nothing behind). Without pruning, a table is analyzed only when
 * autovacuum would: 50 rows plus a tenth of them changed since its last ANALYZE, or (the counts
 * reach the statistics views up to seconds later) its pages grew or shrank by a tenth; each partition
 * by itself, so a day's partition is analyzed as it fills and the older ones are left alone.
 * Analyzing every minute read 3,000 random pages of a history of a million rows (0.1 to 0.3 s of a
 * core; on PGlite, holding its one connection) for statistics that had not moved (issue 29.3). The
 * history gauge reads the row estimates it leaves, as autovacuum's would be.
 *
 * Where no autovacuum runs (PGlite; PostgreSQL with it off), an insert-only history is vacuumed
 * by autovacuum's insert rule too, read from the visibility map rather than the lagging counts:
 * once the pages not all-visible are more than a fifth of the table (and 16), so its index-only
 * reads skip the heap and its rows are frozen before they are old, as on a server with autovacuum.
 */
export async function tidyHistory(db: Database, pruned: boolean, retentionMs = Infinity): Promise<void> {
  if (pruned) {
    const table = batchTable(retentionMs);
    const [found] = await db.query<{ present: boolean }>(`SELECT to_regclass('${table}') IS NOT NULL AS present`);
    for (const t of [...(found?.present ? [table] : []), 'delivery_attempts']) await db.query(`VACUUM (ANALYZE) ${t}`);
  }
  const noAutovacuum = db.kind === 'pglite' ? 'true' : `NOT current_setting('autovacuum')::boolean`;
  const due = await db.query<{ name: string; vacuum: boolean }>(
    `SELECT name, vacuum FROM (
       SELECT quote_ident(c.relname) AS name, c.reltuples, c.relpages, s.n_mod_since_analyze,
              pg_relation_size(c.oid) / current_setting('block_size')::int AS pages, c.relallvisible
       FROM pg_class c JOIN pg_stat_user_tables s ON s.relid = c.oid WHERE c.oid IN (${HISTORY_TABLES})) t,
     LATERAL (SELECT ${noAutovacuum} AND pages - relallvisible > 16 + 0.2 * pages AS vacuum) v
     WHERE vacuum OR reltuples < 0 OR n_mod_since_analyze > 50 + 0.1 * reltuples OR abs(pages - relpages) > 1 + 0.1 * relpages`,
  );
  for (const { name, vacuum } of due)
    await db.query(vacuum ? `VACUUM (ANALYZE${db.kind === 'postgres' ? ', SKIP_LOCKED' : ''}) ${name}` : `ANALYZE ${name}`);
}
