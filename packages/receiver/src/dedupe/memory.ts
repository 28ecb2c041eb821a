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
    const now = this.now();
    const existing = this.entries.get(id);
    if (existing && existing.expiresAt > now) return existing.state === 'handled' ? 'handled' : 'in-progress';
    this.set(id, { state: 'processing', expiresAt: now + leaseSec * 1000 }, now);
    return 'claimed';
  }

  async complete(id: string, ttlSec: number): Promise<void> {
    const now = this.now();
    this.set(id, { state: 'handled', expiresAt: now + ttlSec * 1000 }, now);
  }

  async release(id: string): Promise<void> {
    if (this.entries.get(id)?.state === 'processing') {
      if (id === this.frontId) this.frontId = undefined;
      this.entries.delete(id);
    }
  }

  // The first key of the Map and its expiry, as the last sweep left them: while that entry
  // is still first and unexpired and the Map is within bounds, a sweep would stop at once,
  // so set() skips creating the iterator.
  private frontId: string | undefined;
  private frontExpiresAt = 0;

  private set(id: string, entry: Entry, now: number): void {
    // Re-inserting keeps the Map in rough expiry order, so sweeping from the front is cheap.
    if (id === this.frontId) this.frontId = undefined;
    this.entries.delete(id);
    this.entries.set(id, entry);
    if (this.frontId !== undefined && this.frontExpiresAt > now && this.entries.size <= this.maxEntries) return;
    this.frontId = undefined;
    for (const [key, value] of this.entries) {
      if ((this.entries.size <= this.maxEntries && value.expiresAt > now) || key === id) {
        this.frontId = key;
        this.frontExpiresAt = value.expiresAt;
        break;
      }
      this.entries.delete(key);
    }
  }
}
