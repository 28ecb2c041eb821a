import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchDeadline, type Deadlined } from '../../../src/delivery/send/attempt-deadlines.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** An attempt sent now with the time limit `timeoutMs`; `expired` records when it was told to stop. */
function attempt(timeoutMs: number): Deadlined & { expired: number[]; end(): void } {
  const a = {
    deadline: performance.now() + timeoutMs,
    ended: false,
    expired: [] as number[],
    expire() {
      a.expired.push(performance.now());
    },
    end() {
      a.ended = true;
    },
  };
  watchDeadline(timeoutMs, a);
  return a;
}

// Each test uses a time limit of its own: the queues of one limit live for the process.
describe('watchDeadline', () => {
  it('expires an attempt still on the wire at its deadline, once', () => {
    const a = attempt(1000);
    vi.advanceTimersByTime(999);
    expect(a.expired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(a.expired).toEqual([a.deadline]);
    vi.advanceTimersByTime(5000);
    expect(a.expired).toHaveLength(1);
  });

  it('leaves an attempt that ended before its deadline alone', () => {
    const a = attempt(1001);
    vi.advanceTimersByTime(500);
    a.end();
    vi.advanceTimersByTime(5000);
    expect(a.expired).toEqual([]);
  });

  it('expires attempts in the order they were sent, each at its own deadline', () => {
    const first = attempt(1002);
    vi.advanceTimersByTime(300);
    const second = attempt(1002);
    const third = attempt(1002);
    third.end();
    vi.advanceTimersByTime(702);
    expect(first.expired).toEqual([first.deadline]);
    expect(second.expired).toEqual([]);
    vi.advanceTimersByTime(300);
    expect(second.expired).toEqual([second.deadline]);
    expect(third.expired).toEqual([]);
  });

  it('watches attempts again once its queue has drained', () => {
    attempt(1003).end();
    vi.advanceTimersByTime(2000);
    const later = attempt(1003);
    vi.advanceTimersByTime(1003);
    expect(later.expired).toEqual([later.deadline]);
  });

  it('keeps the deadlines of different time limits apart', () => {
    const long = attempt(3004);
    const short = attempt(1004);
    vi.advanceTimersByTime(1004);
    expect(short.expired).toHaveLength(1);
    expect(long.expired).toEqual([]);
    vi.advanceTimersByTime(2000);
    expect(long.expired).toEqual([long.deadline]);
  });
});
