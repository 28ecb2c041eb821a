import { nextDelayMs } from './schedule.js';
import type { AttemptResult, ClaimedDelivery, Outcome } from '../types.js';

/** What follows an attempt: success, a retry after the schedule's delay, failure, or disabling (410 Gone). */
export function decide(delivery: ClaimedDelivery, result: AttemptResult, schedule: readonly number[], jitter: number): Outcome {
  const code = result.statusCode;
  if (code !== null && code >= 200 && code < 300) return { delivery, result, status: 'succeeded', retryInMs: null };
  if (code === 410) {
    return {
      delivery,
      result,
      status: 'failed',
      retryInMs: null,
      disableReason: `the receiver answered 410 Gone on ${result.startedAt.toISOString()}`,
    };
  }
  const delay = nextDelayMs(schedule, delivery.round_attempts, jitter);
  if (delay === null) return { delivery, result, status: 'failed', retryInMs: null };
  return { delivery, result, status: 'pending', retryInMs: Math.max(delay, result.retryAfterMs ?? 0) };
}
