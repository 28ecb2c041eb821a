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
    if (this.entries.get(id)?.state === 'processing') this.entries.delete(id);
  }

  private set(id: string, entry: Entry, now: number): void {
    // Re-inserting keeps the Map in rough expiry order, so sweeping from the front is cheap.
    this.entries.delete(id);
    this.entries.set(id, entry);
    for (const [key, value] of this.entries) {
      if (this.entries.size <= this.maxEntries && value.expiresAt > now) break;
      if (key === id) break;
      this.entries.delete(key);
    }
  }
}
