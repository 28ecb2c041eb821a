import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SendSlotTimer } from '../../../src/delivery/send/send-timer.js';

// The timer's clock is performance.now(): fake timers move it with setTimeout, so no test waits for real time.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function timer() {
  const fired: number[] = [];
  return { fired, slots: new SendSlotTimer(() => fired.push(performance.now())) };
}

describe('SendSlotTimer', () => {
  it('fires once, at the slot it was armed for', () => {
    const { fired, slots } = timer();
    const at = performance.now() + 250;
    slots.arm(at);
    vi.advanceTimersByTime(249);
    expect(fired).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(fired).toEqual([at]);
    vi.advanceTimersByTime(10_000);
    expect(fired).toHaveLength(1);
  });

  it('keeps an earlier slot when a later one is armed, and moves to an earlier one', () => {
    const { fired, slots } = timer();
    const start = performance.now();
    slots.arm(start + 100);
    slots.arm(start + 500);
    vi.advanceTimersByTime(100);
    expect(fired).toEqual([start + 100]);

    slots.arm(start + 900);
    slots.arm(start + 300);
    vi.advanceTimersByTime(10_000);
    expect(fired).toEqual([start + 100, start + 300]);
  });

  it('arms for nothing when no slot waits, and a cleared timer never fires', () => {
    const { fired, slots } = timer();
    slots.arm(undefined);
    slots.arm(performance.now() + 50);
    slots.arm(undefined);
    slots.clear();
    vi.advanceTimersByTime(10_000);
    expect(fired).toEqual([]);
  });

  it('fires at once for a slot already due', () => {
    const { fired, slots } = timer();
    slots.arm(performance.now() - 20);
    vi.advanceTimersByTime(0);
    expect(fired).toHaveLength(1);
  });

  it('can be armed again after it fired', () => {
    const { fired, slots } = timer();
    slots.arm(performance.now() + 10);
    vi.advanceTimersByTime(10);
    slots.arm(performance.now() + 10);
    vi.advanceTimersByTime(10);
    expect(fired).toHaveLength(2);
  });
});
