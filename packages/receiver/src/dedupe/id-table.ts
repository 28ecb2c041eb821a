const EMPTY = 0;
const FIRST_CAPACITY = 1024;

/**
 * Message ids to numbers, for the in-memory dedupe store: an open-addressing hash table
 * (linear probing, backward-shift deletion) whose hashes and values sit in typed arrays. With
 * 100 000 ids a `Map` lookup of a new id touches several scattered cache lines (its bucket,
 * each entry of the chain and each entry's key string); here it reads one slot of `#tags`,
 * and an id's string only when its 32-bit hash matches. The hash is seeded per table, and ids
 * reach it only once their signature verified.
 */
export class IdTable {
  #tags = new Int32Array(FIRST_CAPACITY);
  #keys: (string | undefined)[] = new Array<string | undefined>(FIRST_CAPACITY).fill(undefined);
  #values = new Float64Array(FIRST_CAPACITY);
  #mask = FIRST_CAPACITY - 1;
  #size = 0;
  // No node:crypto here: the store is part of what the edge entry imports.
  readonly #seed = Math.floor(Math.random() * 2 ** 31);
  // The store looks an id up and then writes or deletes it, and completes the id it inserted
  // last: the last lookup (until anything changes) and the last insert's slot (kept up to date
  // when a delete shifts it) spare hashing and probing the id again.
  #seen: string | undefined;
  #seenTag = 0;
  #seenSlot = 0;
  #inserted = -1;

  get size(): number {
    return this.#size;
  }

  get(id: string): number | undefined {
    const slot = this.#locate(id);
    return slot < 0 ? undefined : this.#values[slot];
  }

  set(id: string, value: number): void {
    const slot = this.#inserted >= 0 && this.#keys[this.#inserted] === id ? this.#inserted : this.#locate(id);
    if (slot >= 0) {
      this.#values[slot] = value;
      return;
    }
    const free = ~slot;
    this.#tags[free] = this.#seenTag;
    this.#keys[free] = id;
    this.#values[free] = value;
    this.#seen = undefined;
    this.#inserted = free;
    if (++this.#size * 2 > this.#tags.length) this.#grow();
  }

  delete(id: string): boolean {
    let hole = this.#locate(id);
    this.#seen = undefined;
    if (hole < 0) return false;
    const tags = this.#tags;
    const mask = this.#mask;
    // Backward shift: move up every later entry of the run that may sit in the hole (its home
    // slot is not cyclically between the hole and where it sits), so no lookup stops early.
    for (let at = (hole + 1) & mask; tags[at] !== EMPTY; at = (at + 1) & mask) {
      const home = tags[at]! & mask;
      if (hole <= at ? hole < home && home <= at : hole < home || home <= at) continue;
      tags[hole] = tags[at]!;
      this.#keys[hole] = this.#keys[at];
      this.#values[hole] = this.#values[at]!;
      if (this.#inserted === at) this.#inserted = hole;
      hole = at;
    }
    tags[hole] = EMPTY;
    this.#keys[hole] = undefined;
    this.#size--;
    return true;
  }

  /** `#find` of `id`, remembered (with its tag) until the table changes. */
  #locate(id: string): number {
    if (id === this.#seen) return this.#seenSlot;
    const tag = this.#tag(id);
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
      if (found === tag && this.#keys[at] === id) return at;
    }
  }

  /** FNV-1a from the table's seed, finished as murmur3 does; never 0 (the empty slot's mark). */
  #tag(id: string): number {
    let h = this.#seed ^ 0x811c9dc5;
    for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
    return h === EMPTY ? 1 : h;
  }

  #grow(): void {
    const [tags, keys, values] = [this.#tags, this.#keys, this.#values];
    const capacity = tags.length * 2;
    this.#tags = new Int32Array(capacity);
    this.#keys = new Array<string | undefined>(capacity).fill(undefined);
    this.#values = new Float64Array(capacity);
    this.#mask = capacity - 1;
    this.#inserted = -1;
    for (let from = 0; from < tags.length; from++) {
      if (tags[from] === EMPTY) continue;
      const to = ~this.#find(keys[from]!, tags[from]!);
      this.#tags[to] = tags[from]!;
      this.#keys[to] = keys[from];
      this.#values[to] = values[from]!;
    }
  }
}
