import { describe, expect, it } from 'vitest';
import { formatWindow } from '../../../src/delivery/queue/durations.js';

describe('formatWindow', () => {
  it('names a duration in the largest whole unit', () => {
    expect(formatWindow(14 * 86_400_000)).toBe('14 days');
    expect(formatWindow(86_400_000)).toBe('1 day');
    expect(formatWindow(36 * 3_600_000)).toBe('36 hours');
    expect(formatWindow(90 * 60_000)).toBe('90 minutes');
    expect(formatWindow(60_000)).toBe('1 minute');
    expect(formatWindow(5000)).toBe('5 seconds');
  });

  it('rounds what is no whole second to seconds, and keeps what is under one in ms', () => {
    expect(formatWindow(2_500)).toBe('3 seconds');
    expect(formatWindow(250)).toBe('250 ms');
  });
});
