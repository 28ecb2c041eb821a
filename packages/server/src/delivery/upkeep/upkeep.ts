import type { Database } from '../../db/database.js';

const MAINTAIN_EVERY_MS = 30_000;
/** Statistics taken without a backlog are refreshed once one shows, but not more often than this. */
const REFRESH_STATS_MS = 100;
/** Dead queue rows below which a vacuum is not worth its scan (autovacuum's threshold is 50 plus a fifth). */
const VACUUM_THRESHOLD = 1_000;
/**
 * A queue this large (with its TOAST table: bodies) with fewer live rows than pages is mostly
 * empty space, as after a large backlog.
 */
const SHRINK_BYTES = 16 * 1_048_576;
const shrinkSql = `pg_relation_size(c.oid) + coalesce(pg_relation_size(nullif(c.reltoastrelid, 0)), 0) > ${SHRINK_BYTES}
  AND c.reltuples < pg_relation_size(c.oid) / current_setting('block_size')::int`;

/**
 * The `deliveries` table's upkeep beside the claims. Statistics taken when nothing was
 * pending make the planner sort every pending row on each claim instead of reading the due
 * index in order: the two columns it needs are refreshed as soon as a backlog shows (taken
 * during one, they stay good). PGlite has no autovacuum, so the worker vacuums for it;
 * PostgreSQL's autovacuum lags a burst, so it analyzes too. Vacuums keep the queue's empty pages
 * (migration 060: truncating them locked out every publish for a moment, after every burst); the
 * upkeep gives them back only when the queue is mostly empty space. PGlite has no checkpointer either:
 * without the worker's CHECKPOINT its WAL (and the data folder, or memory) grows 16 MB a
 * segment for good. None of it holds up the claims (on a large table ANALYZE takes a while):
 * one task at a time, not awaited.
 * (Target holds are renewed and given back by the claims themselves: see `TargetHolds`.)
 */
export class Upkeep {
  readonly #db: Database;
  readonly #onError: (error: unknown) => void;
  #lastMaintain = -Infinity;
  #lastStats = -Infinity;
  #statsSawBacklog = false;
  #running: Promise<void> | undefined;

  constructor(db: Database, onError: (error: unknown) => void) {
    this.#db = db;
    this.#onError = onError;
  }

  /** Called before each claim; `crowded` when the last claim showed a backlog. */
  tick(now: number, crowded: boolean): void {
    if (now - this.#lastMaintain > MAINTAIN_EVERY_MS) {
      this.#lastMaintain = this.#lastStats = now;
      this.#statsSawBacklog = crowded;
      this.#run(() => (this.#db.kind === 'pglite' ? this.#tidyPglite() : this.#tidyPostgres()));
    } else if (crowded && !this.#statsSawBacklog && now - this.#lastStats > REFRESH_STATS_MS) {
      this.#lastStats = now;
      this.#statsSawBacklog = this.#run(() => this.#db.query('ANALYZE deliveries (status, next_attempt_at)'));
    }
  }

  /** Resolves when no statement is running. */
  async settle(): Promise<void> {
    await this.#running;
  }

  async #tidyPglite(): Promise<void> {
    const [row] = await this.#db.query<{ shrink: boolean }>(
      `SELECT ${shrinkSql} AS shrink FROM pg_class c WHERE c.oid = 'deliveries'::regclass`,
    );
    await this.#db.query(`VACUUM (ANALYZE${row?.shrink ? ', TRUNCATE' : ''}) deliveries`);
    await this.#db.query('CHECKPOINT');
  }

  /**
   * Every delivery leaves a dead row in the queue. Where autovacuum is off or behind, the queue
   * and its indexes grew for good (6.5 MB a minute at 100 messages a second, holding 5 live
   * rows), and each claim read past the dead index entries: so the worker vacuums the queue by
   * autovacuum's own rule (a fifth dead), skipping it while autovacuum or another process is at it.
   */
  async #tidyPostgres(): Promise<void> {
    const [row] = await this.#db.query<{ due: boolean; shrink: boolean }>(
      `SELECT s.n_dead_tup > greatest(${VACUUM_THRESHOLD}, s.n_live_tup / 5) AS due, ${shrinkSql} AS shrink
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid WHERE s.relid = 'deliveries'::regclass`,
    );
    if (row?.shrink) await this.#db.query('VACUUM (ANALYZE, SKIP_LOCKED, TRUNCATE) deliveries');
    else await this.#db.query(row?.due ? 'VACUUM (ANALYZE, SKIP_LOCKED) deliveries' : 'ANALYZE deliveries');
  }

  /** Runs a task unless one is still running (then false). */
  #run(task: () => Promise<unknown>): boolean {
    if (this.#running) return false;
    this.#running = task()
      .then(() => undefined, this.#onError)
      .finally(() => (this.#running = undefined));
    return true;
  }
}
