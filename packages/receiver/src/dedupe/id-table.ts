import { IdLog } from './id-log.js';

const EMPTY = 0;
const FIRST_CAPACITY = 1024;

/** An id's 32-bit hash: FNV-1a from the table's seed, finished as murmur3 does; never 0 (the empty slot's mark). */
export function tagOf(id: string, seed: number): number {
  let h = seed ^ 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return h === EMPTY ? 1 : h;
}

/**
 * Message ids to numbers, oldest write first, for the in-memory dedupe store: an
 * open-addressing hash table (linear probing, backward-shift deletion) whose hashes, values
 * and keys' positions sit in typed arrays, the keys themselves in an IdLog. With 100 000 ids
 * a `Map` lookup of a new id touches several scattered cache lines; here it reads one slot of
 * `#tags`, and an id's code units only when its 32-bit hash matches. The table holds no
 * string, so the GC never visits the ids. The hash is seeded per table, and ids reach it only
 * once their signature verified.
 */
export class IdTable {
  #tags = new Int32Array(FIRST_CAPACITY);
  // Where each slot's id sits in #log: the record of its latest write.
  #refs = new Float64Array(FIRST_CAPACITY);
  #values = new Float64Array(FIRST_CAPACITY);
  #mask = FIRST_CAPACITY - 1;
  #size = 0;
  readonly #log = new IdLog();
  // No node:crypto here: the store is part of what the edge entry imports.
  readonly #seed = Math.floor(Math.random() * 2 ** 31);
  // The store looks an id up and then writes or deletes it, and completes the id it inserted
  // last: the last lookup (until anything changes) and the last insert's slot (kept up to date
  // when a delete shifts it) spare hashing and probing the id again.
  #seen: string | undefined;
  #seenTag = 0;
  #seenSlot = 0;
  #inserted = -1;
  #insertedId: string | undefined;

  get size(): number {
    return this.#size;
  }

  get(id: string): number | undefined {
    const slot = this.#locate(id);
    return slot < 0 ? undefined : this.#values[slot];
  }

  /**
   * Writes the id's value; unless its last write is the newest, the id becomes the newest.
   * Answers whether it did (false: the value was rewritten in place).
   */
  set(id: string, value: number): boolean {
    const slot = this.#inserted >= 0 && id === this.#insertedId ? this.#inserted : this.#locate(id);
    if (slot >= 0) {
      this.#values[slot] = value;
      if (this.#refs[slot] === this.#log.last) return false;
      this.#refs[slot] = this.#log.append(id, this.#tags[slot]!);
      return true;
    }
    const free = ~slot;
    this.#tags[free] = this.#seenTag;
    this.#refs[free] = this.#log.append(id, this.#seenTag);
    this.#values[free] = value;
    this.#seen = undefined;
    this.#inserted = free;
    this.#insertedId = id;
    if (++this.#size * 2 > this.#tags.length) this.#grow();
    return true;
  }

  delete(id: string): boolean {
    const slot = this.#locate(id);
    this.#seen = undefined;
    if (slot < 0) return false;
    this.#remove(slot);
    return true;
  }

  /** The value of the oldest id, or undefined when none is left (drops the records of rewritten or deleted ids). */
  oldest(): number | undefined {
    const slot = this.#oldestSlot();
    return slot < 0 ? undefined : this.#values[slot];
  }

  /** Deletes the oldest id. */
  deleteOldest(): void {
    const slot = this.#oldestSlot();
    if (slot < 0) return;
    this.#seen = undefined;
    this.#remove(slot);
    this.#log.dropFirst();
  }

  /** The slot of the id the log's first record holds, once records no slot refers to are dropped; -1 when none. */
  #oldestSlot(): number {
    const log = this.#log;
    const tags = this.#tags;
    const refs = this.#refs;
    const mask = this.#mask;
    for (; !log.empty; log.dropFirst()) {
      const position = log.first;
      const tag = log.tagAt(position);
      for (let at = tag & mask; tags[at] !== EMPTY; at = (at + 1) & mask) if (refs[at] === position) return at;
    }
    return -1;
  }

  #remove(slot: number): void {
    let hole = slot;
    if (this.#inserted === slot) this.#inserted = -1;
    const tags = this.#tags;
    const mask = this.#mask;
    // Backward shift: move up every later entry of the run that may sit in the hole (its home
    // slot is not cyclically between the hole and where it sits), so no lookup stops early.
    for (let at = (hole + 1) & mask; tags[at] !== EMPTY; at = (at + 1) & mask) {
      const home = tags[at]! & mask;
      if (hole <= at ? hole < home && home <= at : hole < home || home <= at) continue;
      tags[hole] = tags[at]!;
      this.#refs[hole] = this.#refs[at]!;
      this.#values[hole] = this.#values[at]!;
      if (this.#inserted === at) this.#inserted = hole;
      hole = at;
    }
    tags[hole] = EMPTY;
    this.#size--;
  }

  /** `#find` of `id`, remembered (with its tag) until the table changes. */
  #locate(id: string): number {
    if (id === this.#seen) return this.#seenSlot;
    const tag = tagOf(id, this.#seed);
    this.#seenSlot = this.#find(id, tag);
    this.#seenTag = tag;
    this.#seen = id;
    return this.#seenSlot;
  }

  /** The slot holding `id`, or the one's complement of the empty slot where it would go. */
  #find(id: string, tag: number): number {
    const tags = this.#tags;
    const mask = this.#mask;
    for (let at = tag & mask; ; at = (at + 1) & mask) {
      const found = tags[at]!;
      if (found === EMPTY) return ~at;
      if (found === tag && this.#log.holds(this.#refs[at]!, id)) return at;
    }
  }

  #grow(): void {
    const [tags, refs, values] = [this.#tags, this.#refs, this.#values];
    const capacity = tags.length * 2;
    this.#tags = new Int32Array(capacity);
    this.#refs = new Float64Array(capacity);
    this.#values = new Float64Array(capacity);
    this.#mask = capacity - 1;
    this.#inserted = -1;
    for (let from = 0; from < tags.length; from++) {
      if (tags[from] === EMPTY) continue;
      let to = tags[from]! & this.#mask;
      while (this.#tags[to] !== EMPTY) to = (to + 1) & this.#mask;
      this.#tags[to] = tags[from]!;
      this.#refs[to] = refs[from]!;
      this.#values[to] = values[from]!;
    }
  }
}
