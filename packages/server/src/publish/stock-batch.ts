import type { Database, Queryable } from '../db/database.js';
import { HttpProblem } from '../http/problem.js';
import { contractVersions, type PayloadVersioning } from '../delivery/payload-versions.js';
import { changeStocks, StockFanOut, type StockChange, type StockChanged } from './stock-change.js';

interface Waiting {
  change: StockChange;
  resolve(changed: StockChanged): void;
  reject(error: unknown): void;
}

/**
 * Stock changes made outside a transaction (production: no Idempotency-Key, answers not
 * enforced) go to the database together: the changes that arrive while statements are out
 * wait and then go in one (see `changesPerStatement`), one commit for all, each answered once
 * that commit is durable.
 * A change never waits for company: with a statement free it goes at once, and on PGlite,
 * which runs one statement at a time, once the statements already sent have finished (it
 * could not start sooner), with the changes that arrived meanwhile. A batch that
 * fails (the database, or a value it refuses) is run again one change at a time, so one
 * caller's failure is never another's.
 */
export class StockChangeBatcher {
  readonly #db: Queryable;
  readonly #inFlight: number;
  readonly #fanOut: StockFanOut;
  readonly #free: (() => Promise<void>) | undefined;
  readonly #waiting: Waiting[] = [];
  readonly #versions: PayloadVersioning;
  #out = 0;

  /**
   * `inFlight`: statements out at once. One: a statement costs the database about as much
   * as ten changes in it (its plan's start, the targets' state, a durable commit), so the
   * changes that arrive while it is out are worth gathering into the next (PGlite runs one
   * statement at a time anyway).
   * `fanOut`: shared with the changes made inside transactions.
   */
  constructor(db: Queryable, inFlight = 1, fanOut = new StockFanOut(), versions: PayloadVersioning = contractVersions) {
    this.#db = db;
    this.#versions = versions;
    this.#inFlight = inFlight;
    this.#fanOut = fanOut;
    const free = (db as Partial<Pick<Database, 'free'>>).free;
    this.#free = free && (() => free.call(db));
  }

  /** The fan-out estimate its statements keep up to date. */
  get fanOut(): StockFanOut {
    return this.#fanOut;
  }

  change(change: StockChange): Promise<StockChanged> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ change, resolve, reject });
      this.#send();
    });
  }

  #send(): void {
    while (this.#out < this.#inFlight && this.#waiting.length > 0) {
      this.#out++;
      void this.#next().finally(() => {
        this.#out--;
        this.#send();
      });
    }
  }

  /** The next batch, taken once the database is free for it (PGlite). */
  async #next(): Promise<void> {
    if (this.#free) await this.#free();
    const batch = this.#waiting.splice(0, this.#fanOut.changesPerStatement());
    if (batch.length > 0) await this.#run(batch);
  }

  async #run(batch: Waiting[]): Promise<void> {
    let results: Array<StockChanged | HttpProblem>;
    try {
      // One statement queues every payload version's webhooks (stock-change.ts): it commits on its own.
      results = await changeStocks(
        this.#db,
        batch.map((w) => w.change),
        this.#fanOut,
        this.#versions,
      );
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      await Promise.all(batch.map((w) => this.#run([w])));
      return;
    }
    results.forEach((result, i) => (result instanceof HttpProblem ? batch[i]!.reject(result) : batch[i]!.resolve(result)));
  }
}
