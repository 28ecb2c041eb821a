import { IdTable } from './id-table.js';
import type { ClaimResult, DedupeStore } from './store.js';

export interface MemoryStoreOptions {
  /** Upper bound on remembered ids; the oldest go first. Default 100 000. */
  maxEntries?: number;
  /** Clock in milliseconds (for tests). */
  now?: () => number;
}

/** A duration in whole milliseconds, never shorter than asked. */
function ms(sec: number): number {
  return Math.ceil(sec * 1000);
}

/** The expiry a value holds (see `entries`). */
function expiry(value: number): number {
  return Math.floor(value / 2);
}

function isHandled(value: number): boolean {
  return value % 2 !== 0;
}

/**
 * The default store: ids in a table in memory, in one process. Expired ids are swept as new
 * ones arrive and the table never holds more than `maxEntries`.
 */
export class MemoryDedupeStore implements DedupeStore {
  // id -> its expiry in whole ms after `epoch`, doubled, plus one once handled: one number per
  // id in a typed array, the ids as code units in another (no object or string per id for the
  // GC to promote and mark), oldest write first so the sweep evicts from the front (see IdTable).
  private readonly entries = new IdTable();
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly epoch: number;

  constructor(options: MemoryStoreOptions = {}) {
    this.maxEntries = options.maxEntries ?? 100_000;
    this.now = options.now ?? Date.now;
    this.epoch = Math.floor(this.now());
  }

  get size(): number {
    return this.entries.size;
  }

  async claim(id: string, leaseSec: number): Promise<ClaimResult> {
    return this.claimNow(id, leaseSec);
  }

  async complete(id: string, ttlSec: number): Promise<void> {
    this.completeNow(id, ttlSec);
  }

  async release(id: string): Promise<void> {
    this.releaseNow(id);
  }

  /** `claim()` without the promise: the receiver calls these to save a few microtasks a message. */
  claimNow(id: string, leaseSec: number): ClaimResult {
    const now = this.elapsed();
    const existing = this.entries.get(id);
    if (existing !== undefined && expiry(existing) > now) return isHandled(existing) ? 'handled' : 'in-progress';
    this.set(id, 2 * (now + ms(leaseSec)), now);
    return 'claimed';
  }

  // Completed straight after its claim (a synchronous handler), the id is still the newest: the
  // table rewrites its value in place, and the sweep (a probe of the oldest id's slot, likely a
  // cache miss) is skipped: nothing was added.
  completeNow(id: string, ttlSec: number): void {
    const now = this.elapsed();
    this.set(id, 2 * (now + ms(ttlSec)) + 1, now);
  }

  releaseNow(id: string): void {
    const existing = this.entries.get(id);
    if (existing !== undefined && !isHandled(existing)) this.entries.delete(id);
  }

  /** Whole milliseconds since the store was made. */
  private elapsed(): number {
    return Math.floor(this.now()) - this.epoch;
  }

  private set(id: string, value: number, now: number): void {
    const { entries } = this;
    if (!entries.set(id, value)) return;
    for (let oldest = entries.oldest(); oldest !== undefined; oldest = entries.oldest()) {
      if (expiry(oldest) > now && entries.size <= this.maxEntries) break;
      entries.deleteOldest();
    }
  }
}
