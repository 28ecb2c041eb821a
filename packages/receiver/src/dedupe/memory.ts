import type { ClaimResult, DedupeStore } from './store.js';

export interface MemoryStoreOptions {
  /** Upper bound on remembered ids; the oldest go first. Default 100 000. */
  maxEntries?: number;
  /** Clock in milliseconds (for tests). */
  now?: () => number;
}

interface Entry {
  state: 'processing' | 'handled';
  expiresAt: number;
}

/**
 * The default store: ids in a Map, in one process. Expired ids are swept as new ones
 * arrive and the Map never holds more than `maxEntries`.
 */
export class MemoryDedupeStore implements DedupeStore {
  private readonly entries = new Map<string, Entry>();
  // Ids in the order they were written, with the expiry written then: the sweep pops from
  // the front in O(1) (iterating a Map from its start skips every deleted slot, which made
  // each insert at the cap cost ~50 µs). A popped id whose entry was rewritten is skipped.
  // Two parallel arrays rather than an object per write: fewer objects for the GC to promote.
  private ids: string[] = [];
  private expiries: number[] = [];
  private head = 0;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: MemoryStoreOptions = {}) {
    this.maxEntries = options.maxEntries ?? 100_000;
    this.now = options.now ?? Date.now;
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
    const now = this.now();
    const existing = this.entries.get(id);
    if (existing && existing.expiresAt > now) return existing.state === 'handled' ? 'handled' : 'in-progress';
    this.set(id, { state: 'processing', expiresAt: now + leaseSec * 1000 }, now);
    return 'claimed';
  }

  completeNow(id: string, ttlSec: number): void {
    const now = this.now();
    const existing = this.entries.get(id);
    if (existing === undefined) return this.set(id, { state: 'handled', expiresAt: now + ttlSec * 1000 }, now);
    // The entry is changed in place (the Map keeps it) and queued again with its new expiry;
    // the Map does not grow, so there is nothing to sweep.
    existing.state = 'handled';
    existing.expiresAt = now + ttlSec * 1000;
    this.queue(id, existing.expiresAt);
  }

  releaseNow(id: string): void {
    if (this.entries.get(id)?.state === 'processing') this.entries.delete(id);
  }

  private queue(id: string, expiresAt: number): void {
    this.ids.push(id);
    this.expiries.push(expiresAt);
  }

  private set(id: string, entry: Entry, now: number): void {
    this.entries.set(id, entry);
    this.queue(id, entry.expiresAt);
    while (this.head < this.ids.length) {
      // Nothing due at the front and room left: no Map lookup needed to know there is nothing to sweep.
      if (this.expiries[this.head]! > now && this.entries.size <= this.maxEntries) break;
      const first = this.ids[this.head]!;
      const current = this.entries.get(first);
      if (current && current.expiresAt === this.expiries[this.head]) {
        if (this.entries.size <= this.maxEntries && current.expiresAt > now) break;
        this.entries.delete(first);
      }
      this.head++;
    }
    if (this.head > 1024 && this.head * 2 > this.ids.length) {
      this.ids = this.ids.slice(this.head);
      this.expiries = this.expiries.slice(this.head);
      this.head = 0;
    }
  }
}
