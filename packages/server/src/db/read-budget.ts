/** How much of the database reads may use at once, and how many may wait for it. */
export interface ReadBudgetOptions {
  /** Reads running at once (on PostgreSQL, the read pool's connections). */
  concurrency: number;
  /** Reads waiting for a turn; one more is refused at once. */
  queueLimit: number;
  /** How long a read may wait for a turn before it is refused. */
  maxWaitMs: number;
  /**
   * The share of time (0 to 1] each turn may be in use while reads wait for one: a turn held
   * for `d` ms rests `d × (1 − share) / share` ms before the next waiting read gets it. A
   * burst of reads then keeps at most this share of `concurrency` database backends busy.
   * Default 1 (no rest); `defaultReadBudget` and the server use 0.25.
   */
  share?: number;
}

/** Seconds a refused read is asked to wait (`Retry-After`): turns free up within milliseconds. */
export const READ_RETRY_AFTER_SECONDS = 1;

/** A read the budget refused: too many waiting, or it waited too long. Answered `503` with `Retry-After`. */
export class ReadBudgetExceeded extends Error {}

interface Waiter {
  grant: (release: () => void) => void;
  refuse: (error: ReadBudgetExceeded) => void;
  timer: NodeJS.Timeout;
}

/**
 * The reads' bulkhead: a counting semaphore with a bounded FIFO queue. Operator and
 * subscriber reads take a turn for their whole request, so however many arrive, only
 * `concurrency` of them touch the database at once and the delivery path never waits behind them.
 */
export class ReadBudget {
  readonly options: ReadBudgetOptions;
  #running = 0;
  readonly #queue: Waiter[] = [];
  readonly #onWaiting = new Set<() => void>();

  constructor(options: ReadBudgetOptions) {
    this.options = options;
  }

  /** Reads holding a turn. */
  get running(): number {
    return this.#running;
  }

  /** Reads waiting for one. */
  get waiting(): number {
    return this.#queue.length;
  }

  /**
   * Resolves with the function that gives the turn back (call it once), or rejects with
   * `ReadBudgetExceeded`. `abandon` is called when the caller no longer wants the turn.
   */
  acquire(): { turn: Promise<() => void>; abandon: () => void } {
    if (this.#running < this.options.concurrency) {
      this.#running++;
      const release = this.#releaser();
      return { turn: Promise.resolve(release), abandon: release };
    }
    if (this.#queue.length >= this.options.queueLimit) {
      return {
        turn: Promise.reject(new ReadBudgetExceeded(`${this.options.queueLimit} reads are already waiting`)),
        abandon: () => {},
      };
    }
    let waiter!: Waiter;
    const turn = new Promise<() => void>((grant, refuse) => {
      const timer = setTimeout(() => {
        this.#remove(waiter);
        refuse(new ReadBudgetExceeded(`this read waited ${this.options.maxWaitMs} ms for a turn`));
      }, this.options.maxWaitMs);
      waiter = { grant, refuse, timer };
    });
    this.#queue.push(waiter);
    for (const listener of this.#onWaiting) listener();
    return { turn, abandon: () => this.#abandon(waiter, turn) };
  }

  /** Calls `listener` whenever a read starts waiting (tests wait for a full queue with it). */
  onWaiting(listener: () => void): () => void {
    this.#onWaiting.add(listener);
    return () => this.#onWaiting.delete(listener);
  }

  #releaser(): () => void {
    let released = false;
    const since = performance.now();
    return () => {
      if (released) return;
      released = true;
      const share = this.options.share ?? 1;
      const rest = ((performance.now() - since) * (1 - share)) / share;
      // Only reads waiting are held back: a lone reader (a console opened once) never waits.
      if (rest >= 1 && this.#queue.length > 0) setTimeout(() => this.#handOver(), rest).unref();
      else this.#handOver();
    };
  }

  #handOver(): void {
    const next = this.#queue.shift();
    if (!next) {
      this.#running--;
      return;
    }
    clearTimeout(next.timer);
    next.grant(this.#releaser());
  }

  #abandon(waiter: Waiter, turn: Promise<() => void>): void {
    if (this.#remove(waiter)) {
      clearTimeout(waiter.timer);
      waiter.refuse(new ReadBudgetExceeded('the client left'));
      turn.catch(() => {});
      return;
    }
    // Already granted: give the turn straight back.
    turn.then(
      (release) => release(),
      () => {},
    );
  }

  #remove(waiter: Waiter): boolean {
    const index = this.#queue.indexOf(waiter);
    if (index < 0) return false;
    this.#queue.splice(index, 1);
    return true;
  }
}

/** Connections of the reads' pool on PostgreSQL, and reads at once there (DATABASE_READ_POOL_SIZE). */
export const DEFAULT_READ_POOL_SIZE = 2;
/** Reads waiting at most, by default (READ_QUEUE_LIMIT). */
export const DEFAULT_READ_QUEUE_LIMIT = 200;
/** How long a read waits at most, by default (READ_QUEUE_TIMEOUT_MS). */
export const DEFAULT_READ_MAX_WAIT_MS = 5_000;
/** The share of time a turn may be in use, by default (READ_SHARE_PERCENT / 100). */
export const DEFAULT_READ_SHARE = 0.25;

/**
 * PostgreSQL: as many reads as the read pool has connections (2). PGlite runs one statement
 * at a time in the order sent, so one read at a time: a claim waits behind at most one read
 * statement. Either way a burst of reads keeps its turns busy at most a quarter of the time.
 */
export function defaultReadBudget(kind: 'pglite' | 'postgres', concurrency?: number): ReadBudgetOptions {
  return {
    concurrency: concurrency ?? (kind === 'pglite' ? 1 : DEFAULT_READ_POOL_SIZE),
    queueLimit: DEFAULT_READ_QUEUE_LIMIT,
    maxWaitMs: DEFAULT_READ_MAX_WAIT_MS,
    share: DEFAULT_READ_SHARE,
  };
}
