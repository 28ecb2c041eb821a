import { describe, expect, it } from 'vitest';
import { ClaimLoop, ClaimPolicy, MAX_CLAIM_GAP_MS, type ClaimMode, type Holding } from '../../../src/delivery/claim/claim-loop.js';
import { HeldDeliveries } from '../../../src/delivery/send/held.js';

const policy = (backOff = true) => new ClaimPolicy({ concurrency: 64, pollMs: 250, batchDelayMs: 5, backOff });
const holding = (active: number, waiting: number, owners = 1): Holding => ({
  count: (state) => (state === 'sending' ? active : state === 'waiting' ? waiting : 0),
  unrecorded: active,
  owners,
});

/** A policy whose last claims each took `ms`, the last one started at 0, with a claim due. */
function afterClaims(ms: number, p = policy()): ClaimPolicy {
  for (let i = 0; i < 60; i++) {
    p.started(0);
    p.ended(ms, false);
  }
  p.started(0);
  p.becameDue();
  return p;
}
/** How long the next claim gathers, from `now`. */
const wait = (p: ClaimPolicy, now: number, active: number, waiting: number) => p.next(now, holding(active, waiting)).at - now;

describe('ClaimPolicy: when the next claim goes', () => {
  it('claims first of all, then waits for the poll until a claim becomes due', () => {
    const p = policy();
    expect(p.next(0, holding(0, 0))).toMatchObject({ due: true, at: 0 });
    p.started(0);
    p.ended(1, false);
    expect(p.next(100, holding(0, 0))).toMatchObject({ due: false, at: 250 });
    expect(p.next(250, holding(0, 0))).toMatchObject({ due: true, at: 250 });
    p.becameDue();
    expect(p.next(101, holding(0, 0))).toMatchObject({ due: true, at: 101 });
  });

  it('stays due after a claim that says the database may hold more', () => {
    const p = policy();
    p.started(0);
    p.ended(1, true);
    expect(p.next(2, holding(0, 0)).due).toBe(true);
  });

  it('claims at once when nothing is on the wire', () => {
    expect(wait(policy(), 0, 3, 0)).toBe(0);
    expect(wait(afterClaims(2), 0.5, 0, 10)).toBe(0);
  });

  it('gathers freed slots for one batch delay while claims are quick', () => {
    const p = afterClaims(0.5);
    expect(wait(p, 1, 10, 5)).toBeCloseTo(4);
    expect(wait(p, 5, 10, 5)).toBe(0);
  });

  it('backs off to five claim round trips as claims slow, up to the cap', () => {
    expect(wait(afterClaims(4), 0, 10, 5)).toBeCloseTo(20);
    expect(wait(afterClaims(30), 10, 10, 5)).toBeCloseTo(MAX_CLAIM_GAP_MS - 10);
  });

  it('keeps to one batch delay without back-off (PGlite)', () => {
    expect(wait(afterClaims(30, policy(false)), 1, 10, 5)).toBeCloseTo(4);
  });

  it('follows a change in the claims’ round trip within a few claims', () => {
    const p = afterClaims(0.5);
    for (let i = 0; i < 6; i++) {
      p.started(0);
      p.ended(8, true);
    }
    p.started(0);
    p.becameDue();
    expect(wait(p, 0, 10, 5)).toBeGreaterThan(30);
  });

  it('claims sooner when what waits here would run out before a claim returns', () => {
    const p = afterClaims(4);
    for (let i = 0; i < 30; i++) p.attemptEnded(true);
    // 30 finished in 10 ms: 3 a millisecond, 12 during a 4 ms claim.
    expect(wait(p, 10, 40, 13)).toBeCloseTo(10);
    expect(wait(p, 10, 40, 11)).toBe(0);
  });

  it('counts finished attempts from the start of the last claim only', () => {
    const p = afterClaims(4);
    for (let i = 0; i < 30; i++) p.attemptEnded(true);
    p.started(10);
    p.becameDue();
    expect(wait(p, 12, 40, 11)).toBeCloseTo(18);
  });

  it('gathers for one batch delay only once a slot sat empty for want of work', () => {
    const p = afterClaims(8);
    p.attemptEnded(true);
    expect(wait(p, 1, 40, 100)).toBeCloseTo(39);
    p.attemptEnded(false);
    expect(wait(p, 1, 39, 100)).toBeCloseTo(4);
    p.started(2);
    p.becameDue();
    expect(wait(p, 3, 39, 100)).toBeCloseTo(39);
  });

  it('holds the claim while four rounds wait, on both databases, until a slot sits empty', () => {
    for (const p of [afterClaims(0.5), afterClaims(0.5, policy(false))]) {
      expect(wait(p, 100, 40, 256)).toBe(Infinity);
      expect(wait(p, 100, 40, 255)).toBe(0);
      p.attemptEnded(false);
      expect(wait(p, 1, 39, 300)).toBeCloseTo(4);
    }
  });

  it('gathers for the deep-queue gap (four batch delays) while a full round waits, on PostgreSQL only', () => {
    expect(wait(afterClaims(0.5), 0, 40, 64)).toBe(20);
    expect(wait(afterClaims(0.5, policy(false)), 0, 40, 64)).toBe(5);
  });
});

describe('ClaimPolicy: how big the next claim is', () => {
  it('takes PREFETCH per slot at most with what waits and is on the wire, within what this process may hold', () => {
    expect(policy().next(0, holding(10, 5)).size).toBe(8 * 64 - 15);
    expect(policy().next(0, { count: () => 0, unrecorded: 2_040, owners: 1 }).size).toBe(32 * 64 - 2_040);
  });

  it('lets one owner hold half of what this process may hold while it is alone, and PREFETCH at least', () => {
    expect(policy().next(0, holding(0, 0, 1)).perOwner).toBe(1_024);
    expect(policy().next(0, holding(0, 0, 3)).perOwner).toBe(512);
    expect(policy().next(0, holding(0, 0, 1_000)).perOwner).toBe(8);
  });

  it('lets a handoff take fresh deliveries only while no claim is due (older due ones go first)', () => {
    const p = policy();
    expect(p.handoff(holding(0, 0))).toBeUndefined();
    p.started(0);
    p.ended(1, false);
    expect(p.handoff(holding(10, 6, 1))).toEqual({ room: 2_048 - 16, perOwner: 1_024 });
  });
});

describe('ClaimLoop: its modes', () => {
  /**
   * A loop whose claims return `answers` in turn (then nothing), with the sizes it asked for;
   * `during(n)` runs while the n-th claim (from 1) is out. Its poll (the longest timer Node
   * keeps, 24.8 days) never comes in a test: a claim after the first is a wake's, or none.
   */
  function loop(answers: Array<{ taken: number; more: boolean }> = [], during: (n: number) => void = () => {}) {
    const asked: number[] = [];
    const waiting: Array<() => void> = [];
    let idles = 0;
    const held = new HeldDeliveries({ concurrency: 4, perTarget: 4 });
    const claims = new ClaimLoop({
      concurrency: 4,
      pollMs: 2 ** 31 - 1,
      batchDelayMs: 5,
      backOff: true,
      held,
      turn: () => {},
      claim: async (size) => {
        asked.push(size);
        during(asked.length);
        return answers.shift() ?? { taken: 0, more: false };
      },
      claimed: () => {},
      idle: () => {
        idles++;
        waiting.splice(0).forEach((check) => check());
      },
    });
    /** Resolves once the loop has reported `n` turns that claimed nothing with nothing held (by default, the next one). */
    const idle = (n = idles + 1) =>
      new Promise<void>((resolve) => {
        const check = () => (idles >= n ? resolve() : waiting.push(check));
        check();
      });
    return { claims, asked, idle };
  }
  const turnOfTheLoop = () => new Promise((resolve) => setImmediate(resolve));

  it('claims when started, then sleeps while no claim is due', async () => {
    const { claims, asked, idle } = loop();
    const idled = idle();
    claims.start();
    await idled;
    expect(asked).toEqual([32]);
    expect(claims.mode).toBe<ClaimMode>('asleep');
    await claims.stop();
    expect(claims.mode).toBe<ClaimMode>('stopped');
  });

  it('claims again at once after a claim that took all it asked for', async () => {
    const { claims, asked, idle } = loop([{ taken: 32, more: true }]);
    const idled = idle();
    claims.start();
    await idled;
    expect(asked).toEqual([32, 32]);
    await claims.stop();
  });

  it('claims again at once when a claim became due while the last one was out, then sleeps', async () => {
    const made = loop([], (n) => n === 1 && made.claims.due());
    const { claims } = made;
    // Both claims find nothing: each reports a turn that claimed nothing. Without the wake kept
    // for the sleep after the first claim, the second waits for the poll, and the test times out.
    const idled = made.idle(2);
    claims.start();
    await idled;
    expect(made.asked).toEqual([32, 32]);
    expect(claims.mode).toBe<ClaimMode>('asleep');
    await claims.stop();
  });

  it('sleeps through freed slots while no claim is due, and claims once one becomes due', async () => {
    const { claims, asked, idle } = loop();
    let idled = idle();
    claims.start();
    await idled;
    claims.attemptEnded(false);
    claims.roomOpened();
    await turnOfTheLoop();
    expect(asked).toHaveLength(1);
    idled = idle();
    claims.due();
    await idled;
    expect(asked).toHaveLength(2);
    await claims.stop();
  });

  it('refuses a move its modes do not allow', async () => {
    const { claims } = loop();
    claims.start();
    expect(() => claims.start()).toThrow(/cannot go from claiming to starting/);
    await claims.stop();
  });
});
