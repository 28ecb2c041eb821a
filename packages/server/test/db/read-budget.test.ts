import { describe, expect, it, vi } from 'vitest';
import { ReadBudget, ReadBudgetExceeded, defaultReadBudget } from '../../src/db/read-budget.js';

const budget = (concurrency: number, queueLimit: number, maxWaitMs = 60_000) => new ReadBudget({ concurrency, queueLimit, maxWaitMs });

describe('the reads budget', () => {
  it('gives turns up to its concurrency at once, then queues', async () => {
    const b = budget(2, 5);
    const first = b.acquire();
    const second = b.acquire();
    const third = b.acquire();
    await Promise.all([first.turn, second.turn]);
    expect([b.running, b.waiting]).toEqual([2, 1]);
    (await first.turn)();
    const release = await third.turn;
    expect([b.running, b.waiting]).toEqual([2, 0]);
    release();
    (await second.turn)();
    expect([b.running, b.waiting]).toEqual([0, 0]);
  });

  it('hands freed turns to waiting reads in arrival order', async () => {
    const b = budget(1, 5);
    const holder = await b.acquire().turn;
    const order: number[] = [];
    const waiting = [1, 2, 3].map((n) => b.acquire().turn.then((release) => (order.push(n), release())));
    holder();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3]);
  });

  it('refuses a read at once when the queue is full', async () => {
    const b = budget(1, 1);
    await b.acquire().turn;
    b.acquire();
    await expect(b.acquire().turn).rejects.toThrow(ReadBudgetExceeded);
    expect(b.waiting).toBe(1);
  });

  it('refuses a read that waited longer than maxWaitMs and forgets it', async () => {
    const b = budget(1, 5, 1);
    await b.acquire().turn;
    await expect(b.acquire().turn).rejects.toThrow(/waited 1 ms/);
    expect(b.waiting).toBe(0);
  });

  it('lets a waiting read that is abandoned leave the queue, and counts a released turn once', async () => {
    const b = budget(1, 5);
    const release = await b.acquire().turn;
    const gone = b.acquire();
    gone.abandon();
    await expect(gone.turn).rejects.toThrow(ReadBudgetExceeded);
    expect(b.waiting).toBe(0);
    release();
    release();
    expect(b.running).toBe(0);
  });

  it('gives back a turn that was granted to a read abandoned afterwards', async () => {
    const b = budget(1, 5);
    const granted = b.acquire();
    await granted.turn;
    granted.abandon();
    await granted.turn.then(() => undefined);
    await Promise.resolve();
    expect(b.running).toBe(0);
  });

  it('tells listeners when a read starts waiting', async () => {
    const b = budget(1, 5);
    await b.acquire().turn;
    let told = 0;
    const stop = b.onWaiting(() => told++);
    b.acquire();
    stop();
    b.acquire();
    expect(told).toBe(1);
  });

  it('rests a turn for as long again as it was held, with a share of one half', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const b = new ReadBudget({ concurrency: 1, queueLimit: 5, maxWaitMs: 60_000, share: 0.5 });
      const release = await b.acquire().turn;
      let granted = false;
      void b.acquire().turn.then(() => (granted = true));
      vi.advanceTimersByTime(40);
      release();
      await vi.advanceTimersByTimeAsync(39);
      expect([granted, b.running, b.waiting]).toEqual([false, 1, 1]);
      await vi.advanceTimersByTimeAsync(1);
      expect([granted, b.waiting]).toEqual([true, 0]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not rest a turn that no read waits for', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const b = new ReadBudget({ concurrency: 1, queueLimit: 5, maxWaitMs: 60_000, share: 0.5 });
      const release = await b.acquire().turn;
      vi.advanceTimersByTime(40);
      release();
      expect(b.running).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs one read at a time on PGlite and as many as the read pool on PostgreSQL', () => {
    expect(defaultReadBudget('pglite').concurrency).toBe(1);
    expect(defaultReadBudget('postgres').concurrency).toBe(2);
    expect(defaultReadBudget('postgres', 5).concurrency).toBe(5);
  });
});
