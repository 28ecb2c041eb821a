import { describe, expect, it } from 'vitest';
import { IdTable } from '../src/dedupe/id-table.js';

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

describe('IdTable (the memory store’s open-addressing table)', () => {
  it('answers as a Map does over a long run of sets, overwrites and deletes, through several grows, then down to a few hundred ids', () => {
    const next = random(34);
    const table = new IdTable();
    const reference = new Map<string, number>();
    const ids = Array.from({ length: 6000 }, (_, i) => `msg_${i % 7 === 0 ? 'x'.repeat(i % 40) : ''}${i}`);
    for (let step = 0; step < 120_000; step++) {
      const id = ids[Math.floor(next() * (step < 60_000 ? ids.length : 500))]!;
      const op = next();
      if (op < 0.5) {
        const value = Math.floor(next() * 2 ** 40);
        table.set(id, value);
        reference.set(id, value);
      } else if (op < 0.8) {
        expect(table.delete(id)).toBe(reference.delete(id));
      } else expect(table.get(id)).toBe(reference.get(id));
      expect(table.size).toBe(reference.size);
    }
    for (const id of ids) expect(table.get(id)).toBe(reference.get(id));
  });

  it('tells apart ids that differ in one character, and the empty id', () => {
    const table = new IdTable();
    for (let i = 0; i < 3000; i++) table.set(`msg_${String(i).padStart(6, '0')}`, i);
    table.set('', -1);
    for (let i = 0; i < 3000; i++) expect(table.get(`msg_${String(i).padStart(6, '0')}`)).toBe(i);
    expect(table.get('')).toBe(-1);
    expect(table.get('msg_003000')).toBeUndefined();
    for (let i = 0; i < 3000; i += 2) expect(table.delete(`msg_${String(i).padStart(6, '0')}`)).toBe(true);
    for (let i = 0; i < 3000; i++) expect(table.get(`msg_${String(i).padStart(6, '0')}`)).toBe(i % 2 === 0 ? undefined : i);
    expect(table.size).toBe(1501);
  });
});
