import type { Database } from '../db/database.js';

const MAINTAIN_EVERY_MS = 30_000;
/** Statistics taken without a backlog are refreshed once one shows, but not more often than this. */
const REFRESH_STATS_MS = 100;

/**
 * The `deliveries` table's upkeep beside the claims. Statistics taken when nothing was
 * pending make the planner sort every pending row on each claim instead of reading the due
 * index in order: the two columns it needs are refreshed as soon as a backlog shows (taken
 * during one, they stay good). PGlite has no autovacuum, so the worker vacuums for it;
 * PostgreSQL's autovacuum lags a burst, so it analyzes too. PGlite has no checkpointer either:
 * without the worker's CHECKPOINT its WAL (and the data folder, or memory) grows 16 MB a
 * segment for good. Neither holds up the claims (on a large table ANALYZE takes a while): one
 * statement at a time, not awaited.
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
      this.#run(...(this.#db.kind === 'pglite' ? ['VACUUM ANALYZE deliveries', 'CHECKPOINT'] : ['ANALYZE deliveries']));
    } else if (crowded && !this.#statsSawBacklog && now - this.#lastStats > REFRESH_STATS_MS) {
      this.#lastStats = now;
      this.#statsSawBacklog = this.#run('ANALYZE deliveries (status, next_attempt_at)');
    }
  }

  /** Resolves when no statement is running. */
  async settle(): Promise<void> {
    await this.#running;
  }

  /** Runs the statements one after another unless some are still running (then false). */
  #run(...statements: string[]): boolean {
    if (this.#running) return false;
    this.#running = (async () => {
      for (const sql of statements) await this.#db.query(sql);
    })()
      .catch(this.#onError)
      .finally(() => (this.#running = undefined));
    return true;
  }
}
