import type { Database } from '../../db/database.js';
import { addHistoryDays } from './partitions.sql.js';
import { dropExpiredPartition, pruneHistoryBatch, pruneIdempotencyBatch, tidyHistory } from './prune.sql.js';

/**
 * How long ended deliveries stay in the history by default: 30 days. The recovery window (14
 * days) fits inside it with room to spare, a month of "what happened to that message" is what
 * operators and subscribers ask about, and at a million messages a day the history stays near
 * 30 million rows, which the indexed reads page through in O(page).
 */
export const DEFAULT_RETENTION_MS = 30 * 86_400_000;
/** Deliveries deleted per statement from the legacy partition: each statement is short, so it holds up neither the claims nor (PGlite) the requests. */
export const PRUNE_BATCH = 1_000;
const PRUNE_EVERY_MS = 60_000;

export interface RetentionOptions {
  retentionMs: number;
  /** Deliveries per statement; default {@link PRUNE_BATCH}. */
  batch?: number;
  /** How often a run starts; default 60 s. */
  everyMs?: number;
  onError: (error: unknown) => void;
}

/**
 * Keeps the delivery history within its retention, apart from the claims: the worker's loop
 * ticks it, and a run first makes the history's partitions of today and the next `DAYS_AHEAD` days (and
 * of any day whose rows sit in the default partition: `addHistoryDays`), then drops each partition (a UTC day, migration 102) whose rows all ended
 * before the retention, one transaction each; a row is kept until its whole day is past
 * retention, a day at most. Rows of the legacy partition (the history before 102), and under a
 * retention shorter than a day those of every day, go batch after batch, one statement at a time, until a batch comes back short; then it vacuums (space reused,
 * also on PGlite) and refreshes the statistics. On PostgreSQL one process at a time prunes (an advisory lock per statement).
 * Each run then deletes the idempotency keys past their 24 hours, batch after batch the same way.
 */
export class HistoryPruner {
  readonly #db: Database;
  readonly #options: Required<RetentionOptions>;
  #last = -Infinity;
  #running: Promise<number> | undefined;
  #stopped = false;

  constructor(db: Database, options: RetentionOptions) {
    this.#db = db;
    this.#options = { batch: PRUNE_BATCH, everyMs: PRUNE_EVERY_MS, ...options };
  }

  /** Starts a run when one is due and none is running; never awaited by the caller. */
  tick(now: number): void {
    if (this.#running || this.#stopped || now - this.#last < this.#options.everyMs) return;
    this.#last = now;
    void this.run().catch(this.#options.onError);
  }

  /** History partitions dropped by the runs so far. */
  partitionsDropped = 0;

  /** Idempotency keys deleted by the runs so far. */
  idempotencyKeysPruned = 0;

  /** One run; resolves with how many deliveries it deleted. */
  run(): Promise<number> {
    this.#running ??= this.#prune().finally(() => (this.#running = undefined));
    return this.#running;
  }

  /** Ends the run in progress after its current statement (the next tick may start another). */
  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#running?.catch(() => undefined);
    this.#stopped = false;
  }

  async #prune(): Promise<number> {
    const { retentionMs, batch } = this.#options;
    let total = 0;
    let dropped = 0;
    await addHistoryDays(this.#db);
    for (;;) {
      if (this.#stopped) return total;
      const gone = await dropExpiredPartition(this.#db, retentionMs);
      if (!gone) break;
      total += gone.rows;
      dropped++;
    }
    let deleted = 0;
    for (;;) {
      if (this.#stopped) return total;
      const n = await pruneHistoryBatch(this.#db, retentionMs, batch);
      deleted += n;
      if (n < batch) break;
    }
    total += deleted;
    this.partitionsDropped += dropped;
    if (!this.#stopped) await tidyHistory(this.#db, deleted > 0 || dropped > 0, retentionMs);
    await this.#pruneIdempotencyKeys();
    return total;
  }

  /** Then the space is made reusable, as for the history (PGlite has no autovacuum). */
  async #pruneIdempotencyKeys(): Promise<void> {
    const { batch } = this.#options;
    let total = 0;
    for (;;) {
      if (this.#stopped) return;
      const n = await pruneIdempotencyBatch(this.#db, batch);
      total += n;
      this.idempotencyKeysPruned += n;
      if (n < batch) break;
    }
    if (total > 0) await this.#db.query(`VACUUM (ANALYZE${this.#db.kind === 'postgres' ? ', SKIP_LOCKED' : ''}) idempotency_keys`);
  }
}
