import { describe, it, expect } from 'vitest';
import { DEFAULT_SCHEDULE_MS, MAX_RETRY_AFTER_MS, nextDelayMs, parseRetryAfter } from '../../../src/delivery/send/schedule.js';

describe('retry schedule', () => {
  it('is immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h as the spec says', () => {
    expect(DEFAULT_SCHEDULE_MS).toEqual([0, 5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
  });

  it('uses the delay of the next attempt and ends after the last one', () => {
    expect(nextDelayMs(DEFAULT_SCHEDULE_MS, 1, 0)).toBe(5_000);
    expect(nextDelayMs(DEFAULT_SCHEDULE_MS, 7, 0)).toBe(36_000_000);
    expect(nextDelayMs(DEFAULT_SCHEDULE_MS, 8, 0)).toBeNull();
  });

  it('keeps jitter within ±20% and reaches both ends', () => {
    expect(nextDelayMs(DEFAULT_SCHEDULE_MS, 2, 0.2, () => 0)).toBe(240_000);
    expect(nextDelayMs(DEFAULT_SCHEDULE_MS, 2, 0.2, () => 0.999999)).toBeCloseTo(360_000, -1);
    const seen = Array.from({ length: 5000 }, () => nextDelayMs(DEFAULT_SCHEDULE_MS, 3)!);
    expect(Math.min(...seen)).toBeGreaterThanOrEqual(1_440_000);
    expect(Math.max(...seen)).toBeLessThanOrEqual(2_160_000);
    // Spread, not a constant: the two extremes are far apart.
    expect(Math.max(...seen) - Math.min(...seen)).toBeGreaterThan(600_000);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T19:00:00Z');
  it.each([
    ['delay-seconds', '120', 120_000],
    ['zero', '0', 0],
    ['an HTTP date', 'Sat, 21 Nov 2026 19:01:30 GMT', 90_000],
    ['a date in the past', 'Sat, 21 Nov 2026 18:00:00 GMT', 0],
    ['a huge value, clamped', '99999999', MAX_RETRY_AFTER_MS],
  ])('reads %s', (_name, value, want) => {
    expect(parseRetryAfter(value, now)).toBe(want);
  });

  it.each([[undefined], [''], ['soon'], ['-5'], ['1.5']])('ignores %j', (value) => {
    expect(parseRetryAfter(value, now)).toBeNull();
  });
});
