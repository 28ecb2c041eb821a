import { describe, expect, it } from 'vitest';
import { IdLog } from '../src/dedupe/id-log.js';

describe('IdLog (the ids of the memory store’s table, as code units)', () => {
  it('tells apart ids of the same length, prefixes, and ids of any UTF-16 code units', () => {
    const log = new IdLog();
    const ids = ['msg_a', 'msg_b', 'msg_', 'msg_ab', '', 'é', 'ÿ', 'Ā', '😀', '\ud800', 'a\u0000b', '\uffff'];
    const positions = ids.map((id, i) => log.append(id, i));
    for (const [i, position] of positions.entries()) expect(ids.filter((id) => log.holds(position, id))).toEqual([ids[i]]);
  });

  it('keeps negative and large 32-bit tags', () => {
    const log = new IdLog();
    const tags = [1, -1, 0x7fffffff, -0x80000000, 0x12345678 | 0, 0x89abcdef | 0];
    const positions = tags.map((tag) => log.append('id', tag));
    expect(positions.map((p) => log.tagAt(p))).toEqual(tags);
  });

  it('holds an id longer than 65 535 code units', () => {
    const log = new IdLog();
    const long = 'x'.repeat(70_000);
    const at = log.append(long, 7);
    const after = log.append('next', 8);
    expect([log.holds(at, long), log.holds(at, long.slice(1)), log.holds(at, 'x'.repeat(70_000 - 65_536))]).toEqual([true, false, false]);
    expect([log.holds(after, 'next'), log.tagAt(after)]).toEqual([true, 8]);
  });

  it('keeps every record at its position while it drops the oldest, compacts and grows', () => {
    const log = new IdLog();
    const live: [number, string][] = [];
    const misplaced: number[] = [];
    for (let i = 0; i < 50_000; i++) {
      const id = `msg_${'é'.repeat(i % 13)}${i}`;
      live.push([log.append(id, i), id]);
      // Keeps a window that first grows then stays, so the log both grows and compacts in place.
      while (live.length > (i < 20_000 ? i / 2 : 3000)) {
        if (log.first !== live[0]![0]) misplaced.push(i);
        log.dropFirst();
        live.shift();
      }
    }
    expect(misplaced.slice(0, 5)).toEqual([]);
    expect(live.filter(([p, id]) => !log.holds(p, id))).toEqual([]);
    expect(log.last).toBe(live.at(-1)![0]);
    while (!log.empty) log.dropFirst();
    expect(log.last).toBe(-1);
  });
});
