import { describe, it, expect } from 'vitest';
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
