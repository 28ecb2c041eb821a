import { describe, expect, it } from 'vitest';
import { ClaimPacer, MAX_CLAIM_GAP_MS } from '../src/delivery/claim-pacer.js';

const pacer = (deepQueueGapMs = 20, backOff = true) =>
  new ClaimPacer({ batchDelayMs: 5, deepQueueGapMs, fullQueue: 256, concurrency: 64, backOff });

/** A pacer whose last claims each took `ms`, the last one started at 0. */
function afterClaims(ms: number, p = pacer()): ClaimPacer {
  for (let i = 0; i < 60; i++) {
    p.start(0);
    p.end(ms);
  }
  p.start(0);
  return p;
}

describe('ClaimPacer', () => {
  it('claims at once when nothing is on the wire, and first of all', () => {
    expect(pacer().wait(0, { active: 3, waiting: 0 })).toBe(0);
    expect(afterClaims(2).wait(0.5, { active: 0, waiting: 10 })).toBe(0);
  });

  it('gathers freed slots for one batch delay while claims are quick', () => {
    const p = afterClaims(0.5);
    expect(p.wait(1, { active: 10, waiting: 5 })).toBeCloseTo(4);
    expect(p.wait(5, { active: 10, waiting: 5 })).toBe(0);
  });

  it('backs off to five claim round trips as claims slow, up to the cap', () => {
    expect(afterClaims(4).wait(0, { active: 10, waiting: 5 })).toBeCloseTo(20);
    expect(afterClaims(30).wait(10, { active: 10, waiting: 5 })).toBe(MAX_CLAIM_GAP_MS - 10);
  });

  it('keeps to one batch delay without back-off (PGlite)', () => {
    expect(afterClaims(30, pacer(0, false)).wait(1, { active: 10, waiting: 5 })).toBeCloseTo(4);
  });

  it('follows a change in the claims’ round trip within a few claims', () => {
    const p = afterClaims(0.5);
    for (let i = 0; i < 6; i++) {
      p.start(0);
      p.end(8);
    }
    p.start(0);
    expect(p.wait(0, { active: 10, waiting: 5 })).toBeGreaterThan(30);
  });

  it('claims sooner when what waits here would run out before a claim returns', () => {
    const p = afterClaims(4);
    for (let i = 0; i < 30; i++) p.finished(true);
    // 30 finished in 10 ms: 3 a millisecond, 12 during a 4 ms claim.
    expect(p.wait(10, { active: 40, waiting: 13 })).toBeCloseTo(10);
    expect(p.wait(10, { active: 40, waiting: 11 })).toBe(0);
  });

  it('counts finished attempts from the start of the last claim only', () => {
    const p = afterClaims(4);
    for (let i = 0; i < 30; i++) p.finished(true);
    p.start(10);
    expect(p.wait(12, { active: 40, waiting: 11 })).toBeCloseTo(18);
  });

  it('gathers for one batch delay only once a slot sat empty for want of work', () => {
    const p = afterClaims(8);
    p.finished(true);
    expect(p.wait(1, { active: 40, waiting: 100 })).toBeCloseTo(39);
    p.finished(false);
    expect(p.wait(1, { active: 39, waiting: 100 })).toBeCloseTo(4);
    p.start(2);
    expect(p.wait(3, { active: 39, waiting: 100 })).toBeCloseTo(39);
  });

  it('holds the claim while four rounds wait, on both databases, until a slot sits empty', () => {
    for (const p of [afterClaims(0.5), afterClaims(0.5, pacer(0, false))]) {
      expect(p.wait(100, { active: 40, waiting: 256 })).toBe(Infinity);
      expect(p.wait(100, { active: 40, waiting: 255 })).toBe(0);
      p.finished(false);
      expect(p.wait(1, { active: 39, waiting: 300 })).toBeCloseTo(4);
    }
  });

  it('gathers for the deep-queue gap while a full round waits, and none without one', () => {
    expect(afterClaims(0.5).wait(0, { active: 40, waiting: 64 })).toBe(20);
    expect(afterClaims(0.5, pacer(0)).wait(0, { active: 40, waiting: 64 })).toBe(5);
  });
});
