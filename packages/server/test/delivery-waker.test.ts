import { describe, it, expect } from 'vitest';
import { ClaimSchedule } from '../src/delivery/claim-schedule.js';
import { Waker } from '../src/delivery/waker.js';

describe('waker', () => {
  it('sleeps for the poll interval when nobody wakes it', async () => {
    const waker = new Waker(50);
    const started = performance.now();
    await waker.pause();
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });

  it('returns at once after a wake that came before the pause, and only once', async () => {
    const waker = new Waker(10_000);
    waker.wake();
    await waker.pause();
    const second = waker.pause();
    setTimeout(() => waker.wake(), 10);
    await second;
  });
});

describe('claim schedule', () => {
  const schedule = () => new ClaimSchedule({ concurrency: 4, pollMs: 60_000, batchDelayMs: 5, backOff: true });
  /** Whether `pause` has returned by the next turn of the event loop (a wake resolves it at once). */
  const returnedAtOnce = (pause: Promise<void>) =>
    Promise.race([pause.then(() => true), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))]);

  it('wakes the loop for a freed slot while a claim is due', async () => {
    const claims = schedule();
    const pause = claims.pause();
    claims.attemptEnded(false);
    expect(await returnedAtOnce(pause)).toBe(true);
  });

  it('lets the loop sleep through freed slots while no claim is due, and wakes it for one that becomes due', async () => {
    const claims = schedule();
    claims.started(performance.now());
    claims.ended(performance.now(), false);
    const pause = claims.pause();
    claims.attemptEnded(false);
    claims.roomOpened();
    expect(await returnedAtOnce(pause)).toBe(false);
    claims.due();
    expect(await returnedAtOnce(pause)).toBe(true);
  });
});
