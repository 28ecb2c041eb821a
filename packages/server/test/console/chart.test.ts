import { describe, expect, it } from 'vitest';
import { perMinute } from '../../console/src/chart.js';

const now = Date.parse('2026-11-23T12:00:00Z');
const attempt = (at: string, statusCode: number | null) => ({
  attempt: 1,
  startedAt: at,
  durationMs: 5,
  statusCode,
  error: null,
  responseBody: null,
});
const delivery = (...attempts: ReturnType<typeof attempt>[]) => ({ attempts }) as any;

describe('the console chart: attempts per minute over the last hour', () => {
  it.each([
    ['a success in the last minute', [attempt('2026-11-23T11:59:30Z', 200)], { index: 59, ok: 1, failed: 0 }],
    [
      'a 500 and a timeout one hour minus 30 s ago',
      [attempt('2026-11-23T11:00:30Z', 500), attempt('2026-11-23T11:00:40Z', null)],
      { index: 0, ok: 0, failed: 2 },
    ],
    ['a 3xx counts as a failure', [attempt('2026-11-23T11:30:00Z', 302)], { index: 30, ok: 0, failed: 1 }],
  ])('puts %s in its minute', (_name, attempts, want) => {
    const minutes = perMinute([delivery(...attempts)], now);
    expect(minutes).toHaveLength(60);
    expect(minutes[want.index]).toEqual({ ok: want.ok, failed: want.failed });
    expect(minutes.reduce((n, m) => n + m.ok + m.failed, 0)).toBe(want.ok + want.failed);
  });

  it('leaves out attempts older than an hour or in the future', () => {
    const minutes = perMinute([delivery(attempt('2026-11-23T10:59:59Z', 200), attempt('2026-11-23T12:00:01Z', 200))], now);
    expect(minutes.every((m) => m.ok === 0 && m.failed === 0)).toBe(true);
  });
});
