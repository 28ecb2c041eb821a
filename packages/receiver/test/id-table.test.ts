import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdTable, tagOf } from '../src/dedupe/id-table.js';

/** A seeded pseudo-random sequence (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Sets as the table does: a rewritten id becomes the newest (a Map keeps its first place). */
function setInOrder(reference: Map<string, number>, id: string, value: number): void {
  reference.delete(id);
  reference.set(id, value);
}

describe('IdTable (the memory store’s open-addressing table)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('answers as a Map does over a long run of sets, overwrites and deletes, through several grows, then down to a few hundred ids', () => {
    const next = random(34);
    const table = new IdTable();
    const reference = new Map<string, number>();
    const ids = Array.from({ length: 6000 }, (_, i) => `msg_${i % 7 === 0 ? 'x'.repeat(i % 40) : ''}${i}`);
    // Differences are collected and asserted once: an expect a step would make the run slow.
    const differences: string[] = [];
    let last = ids[0]!;
    let inserted = ids[0]!;
    let appended: string | undefined;
    for (let step = 0; step < 60_000; step++) {
      // Often the id of the step before, or the last one inserted: what the store does (look
      // up then write, complete what it just claimed), which the table remembers.
      const pick = next();
      const id = pick < 0.3 ? last : pick < 0.45 ? inserted : ids[Math.floor(next() * (step < 30_000 ? ids.length : 500))]!;
      if (!reference.has(id)) inserted = id;
      last = id;
      const op = next();
      if (op < 0.5) {
        const value = Math.floor(next() * 2 ** 40);
        // In place only when the id is present and was the last one written as the newest.
        const appends = !(reference.has(id) && appended === id);
        if (table.set(id, value) !== appends) differences.push(`step ${step}: set ${id} in place`);
        if (appends) appended = id;
        setInOrder(reference, id, value);
      } else if (op < 0.53) {
        const [first] = reference;
        if (table.oldest() !== first?.[1]) differences.push(`step ${step}: oldest`);
        table.deleteOldest();
        if (first) reference.delete(first[0]);
      } else if (op < 0.8) {
        if (table.delete(id) !== reference.delete(id)) differences.push(`step ${step}: delete ${id}`);
      } else if (table.get(id) !== reference.get(id)) differences.push(`step ${step}: get ${id}`);
      if (table.size !== reference.size) differences.push(`step ${step}: size ${table.size}, not ${reference.size}`);
    }
    for (const id of ids) if (table.get(id) !== reference.get(id)) differences.push(`end: get ${id}`);
    for (const [id, value] of reference) {
      if (table.oldest() !== value) differences.push(`end: oldest ${id}`);
      table.deleteOldest();
    }
    expect(differences.slice(0, 5)).toEqual([]);
    expect([table.size, table.oldest()]).toEqual([0, undefined]);
  });

  it('tells apart ids that differ in one character, and the empty id', () => {
    const table = new IdTable();
    const ids = Array.from({ length: 3000 }, (_, i) => `msg_${String(i).padStart(6, '0')}`);
    ids.forEach((id, i) => table.set(id, i));
    table.set('', -1);
    expect(ids.filter((id, i) => table.get(id) !== i)).toEqual([]);
    expect(table.get('')).toBe(-1);
    expect(table.get('msg_003000')).toBeUndefined();
    expect(ids.filter((id, i) => i % 2 === 0 && !table.delete(id))).toEqual([]);
    expect(ids.filter((id, i) => table.get(id) !== (i % 2 === 0 ? undefined : i))).toEqual([]);
    expect(table.size).toBe(1501);
  });

  it('tells apart two ids of one length whose 32-bit hashes are equal', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const seed = Math.floor(0.5 * 2 ** 31);
    const byTag = new Map<number, string>();
    let pair: [string, string] | undefined;
    // Scattered ids of 11 characters: past about 77 000 a pair of equal hashes is more likely than not.
    for (let i = 0; !pair && i < 1_000_000; i++) {
      const id = `msg_${((i * 2654435761) >>> 0).toString(36).padStart(7, '0')}`;
      const other = byTag.get(tagOf(id, seed));
      if (other !== undefined) pair = [other, id];
      else byTag.set(tagOf(id, seed), id);
    }
    const [a, b] = pair!;
    const table = new IdTable();
    table.set(a, 1);
    expect(table.get(b)).toBeUndefined();
    table.set(b, 2);
    expect([table.get(a), table.get(b), table.size]).toEqual([1, 2, 2]);
    expect(table.delete(a)).toBe(true);
    expect([table.get(a), table.get(b), table.oldest()]).toEqual([undefined, 2, 2]);
  });

  it('keeps ids of any UTF-16 code units apart from their look-alikes', () => {
    const table = new IdTable();
    const ids = ['é', 'e\u0301', '😀', '\ud83d', '\ude00', '\ud800', 'a\u0000b', 'a', 'Ā', '\u0100\u0000'];
    ids.forEach((id, i) => table.set(id, i));
    expect(ids.map((id) => table.get(id))).toEqual(ids.map((_, i) => i));
    expect(table.get('\u00e9\u0000')).toBeUndefined();
  });
});
