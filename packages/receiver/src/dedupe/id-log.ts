const FIRST_CAPACITY = 4096;
// A record: its tag (the table's 32-bit hash of the id) and its length, 16 bits a unit, then the id's code units.
const HEADER = 4;

/**
 * Ids in the order they were written, as UTF-16 code units in one typed array: the keys of
 * IdTable, which refers to each id by its position here. The memory store keeps 100 000 ids;
 * as strings each one outlived the young generation, was copied into the old one and marked
 * by every full GC. Here they are bytes the GC never visits. Positions only grow (a record
 * keeps its position when the log is compacted or grown), so the table never rewrites them.
 */
export class IdLog {
  #units = new Uint16Array(FIRST_CAPACITY);
  // The position of #units[0], of the first record, and past the last one.
  #base = 0;
  #first = 0;
  #end = 0;
  #last = -1;

  /** Whether no record is left. */
  get empty(): boolean {
    return this.#first === this.#end;
  }

  /** The position of the oldest record (when not empty). */
  get first(): number {
    return this.#first;
  }

  /** The position of the newest record, or -1. */
  get last(): number {
    return this.#last;
  }

  /** Writes `id` after the last record; answers its position. */
  append(id: string, tag: number): number {
    const size = HEADER + id.length;
    if (this.#end + size - this.#base > this.#units.length) this.#makeRoom(size);
    const units = this.#units;
    let at = this.#end - this.#base;
    units[at] = tag;
    units[at + 1] = tag >>> 16;
    units[at + 2] = id.length;
    units[at + 3] = id.length / 0x10000;
    at += HEADER;
    for (let i = 0; i < id.length; i++) units[at + i] = id.charCodeAt(i);
    this.#last = this.#end;
    this.#end += size;
    return this.#last;
  }

  /** Forgets the oldest record. */
  dropFirst(): void {
    this.#first += HEADER + this.#length(this.#first - this.#base);
    if (this.#first === this.#end) this.#last = -1;
  }

  /** The tag written with the record at `position`. */
  tagAt(position: number): number {
    const at = position - this.#base;
    return this.#units[at]! | (this.#units[at + 1]! << 16);
  }

  /** Whether the record at `position` holds `id`. */
  holds(position: number, id: string): boolean {
    let at = position - this.#base;
    if (this.#length(at) !== id.length) return false;
    at += HEADER;
    const units = this.#units;
    for (let i = 0; i < id.length; i++) if (units[at + i] !== id.charCodeAt(i)) return false;
    return true;
  }

  #length(at: number): number {
    return this.#units[at + 2]! + this.#units[at + 3]! * 0x10000;
  }

  /**
   * Moves the records to the front, into an array twice as large when they fill three quarters
   * of it: each move frees at least a quarter, so it copies at most three units a unit of room it makes.
   */
  #makeRoom(size: number): void {
    const from = this.#first - this.#base;
    const used = this.#end - this.#first;
    let units = this.#units;
    if ((used + size) * 4 > units.length * 3) {
      let capacity = units.length * 2;
      while ((used + size) * 2 > capacity) capacity *= 2;
      units = new Uint16Array(capacity);
      units.set(this.#units.subarray(from, from + used));
    } else units.copyWithin(0, from, from + used);
    this.#units = units;
    this.#base = this.#first;
  }
}
