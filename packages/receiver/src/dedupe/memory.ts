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
  // id in a typed array (no object per id for the GC to promote), in a table whose lookup of a
  // new id reads one slot rather than a Map's scattered chain (see IdTable).
  private readonly entries = new IdTable();
  // Ids in the order they were written, with the value written then: the sweep pops from
  // the front in O(1) (iterating a Map from its start skips every deleted slot, which made
  // each insert at the cap cost ~50 µs). A popped id whose value was rewritten is skipped.
  private ids: string[] = [];
  private values: number[] = [];
  private head = 0;
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

  completeNow(id: string, ttlSec: number): void {
    const now = this.elapsed();
    const value = 2 * (now + ms(ttlSec)) + 1;
    const last = this.ids.length - 1;
    // Completed straight after its claim (a synchronous handler): the id is still the last one
    // queued, so its queued value is rewritten in place with the table's; no second entry, no sweep.
    // (The table's value of an id always equals its latest queued value, which this keeps.)
    if (last >= this.head && this.ids[last] === id) {
      this.entries.set(id, value);
      this.values[last] = value;
      return;
    }
    this.set(id, value, now);
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
    this.entries.set(id, value);
    this.ids.push(id);
    this.values.push(value);
    this.sweep(now);
  }

  private sweep(now: number): void {
    const { ids, values, entries } = this;
    let head = this.head;
    while (head < ids.length) {
      // Nothing due at the front and room left: no table lookup needed to know there is nothing to sweep.
      if (expiry(values[head]!) > now && entries.size <= this.maxEntries) break;
      const first = ids[head]!;
      if (entries.get(first) === values[head]) {
        if (entries.size <= this.maxEntries && expiry(values[head]!) > now) break;
        entries.delete(first);
      }
      head++;
    }
    this.head = head;
    if (head > 1024 && head * 2 > ids.length) {
      this.ids = ids.slice(head);
      this.values = values.slice(head);
      this.head = 0;
    }
  }
}
