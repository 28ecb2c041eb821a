import type { Database } from '../db/database.js';
import { pruneHistoryBatch, tidyHistory } from './sql/prune.js';

/**
 * How long ended deliveries stay in the history by default: 30 days. The recovery window (14
 * days) fits inside it with room to spare, a month of "what happened to that message" is what
 * operators and subscribers ask about, and at a million messages a day the history stays near
 * 30 million rows, which the indexed reads page through in O(page).
 */
export const DEFAULT_RETENTION_MS = 30 * 86_400_000;
/** Deliveries deleted per statement: each statement is short, so it holds up neither the claims nor (PGlite) the requests. */
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
 * ticks it, and a run deletes what ended before the retention batch after batch, one statement
 * at a time, until a batch comes back short; then it vacuums (space reused, also on PGlite) and
 * refreshes the history's statistics. On PostgreSQL one process at a time prunes (an advisory lock per statement).
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
    for (;;) {
      if (this.#stopped) return total;
      const n = await pruneHistoryBatch(this.#db, retentionMs, batch);
      total += n;
      if (n < batch) break;
    }
    if (!this.#stopped) await tidyHistory(this.#db, total > 0);
    return total;
  }
}
