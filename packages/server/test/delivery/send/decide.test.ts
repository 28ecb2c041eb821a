import { describe, it, expect } from 'vitest';
import { decide } from '../../../src/delivery/send/decide.js';
import type { AttemptResult } from '../../../src/delivery/types.js';
import type { ClaimedDelivery } from '../../../src/delivery/types.js';

const delivery = (roundAttempts: number) => ({ id: 'dlv_1', target_id: 'reg_1', round_attempts: roundAttempts }) as ClaimedDelivery;
const result = (statusCode: number | null, retryAfterMs: number | null = null): AttemptResult => ({
  startedAt: new Date(0),
  durationMs: 1,
  statusCode,
  error: statusCode === null ? 'timeout after 1 ms' : null,
  responseBody: null,
  retryAfterMs,
});

describe('decide', () => {
  const cases: Array<[string, { given: [number, AttemptResult]; want: Partial<ReturnType<typeof decide>> }]> = [
    ['a 2xx succeeds', { given: [1, result(204)], want: { status: 'succeeded', retryInMs: null } }],
    ['a 500 retries after the schedule’s next delay', { given: [1, result(500)], want: { status: 'pending', retryInMs: 100 } }],
    ['a timeout retries too', { given: [1, result(null)], want: { status: 'pending', retryInMs: 100 } }],
    ['Retry-After longer than the schedule wins', { given: [1, result(429, 5000)], want: { status: 'pending', retryInMs: 5000 } }],
    ['the last attempt of the schedule fails', { given: [3, result(500)], want: { status: 'failed', retryInMs: null } }],
  ];
  it.each(cases)('%s', (_name, { given, want }) => {
    expect(decide(delivery(given[0]), given[1], [0, 100, 200], 0)).toMatchObject(want);
  });

  it('disables the target on 410 Gone, naming when', () => {
    expect(decide(delivery(1), result(410), [0], 0).disableReason).toBe('the receiver answered 410 Gone on 1970-01-01T00:00:00.000Z');
  });
});
