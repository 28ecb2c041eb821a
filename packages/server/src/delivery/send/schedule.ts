const s = 1000;
const min = 60 * s;
const h = 60 * min;

/**
 * Delay before each attempt of a round: immediately, then 5 s, 5 min, 30 min, 2 h, 5 h,
 * 10 h, 10 h. After the last attempt the message is failed.
 */
export const DEFAULT_SCHEDULE_MS: readonly number[] = [0, 5 * s, 5 * min, 30 * min, 2 * h, 5 * h, 10 * h, 10 * h];

/** Jitter applied to every delay: ±20%. */
export const DEFAULT_JITTER = 0.2;

/** Longest `Retry-After` honoured; a later date is clamped so one answer cannot park a message forever. */
export const MAX_RETRY_AFTER_MS = 24 * h;

/**
 * Milliseconds to wait before the next attempt after `attemptsMade` attempts of this round,
 * or `null` when the schedule is exhausted.
 */
export function nextDelayMs(
  schedule: readonly number[],
  attemptsMade: number,
  jitter = DEFAULT_JITTER,
  random: () => number = Math.random,
): number | null {
  const base = schedule[attemptsMade];
  if (base === undefined) return null;
  return Math.round(base * (1 + jitter * (2 * random() - 1)));
}

/** A `Retry-After` value (delay-seconds or an HTTP date) in milliseconds from `now`, or `null`. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return null;
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, MAX_RETRY_AFTER_MS);
  // An HTTP date names its weekday and month; bare numbers like "1.5" or "-5" are not dates.
  if (!/^[A-Za-z]{3}, /.test(trimmed) && !/GMT$/.test(trimmed)) return null;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.min(Math.max(0, at - now), MAX_RETRY_AFTER_MS);
}
