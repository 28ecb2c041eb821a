/** How failed idempotent requests are retried. */
export interface RetryOptions {
  /** Attempts in all, the first included. Default 3; 1 disables retries. */
  maxAttempts?: number;
  /** Delay before the first retry; it doubles for each one after. Default 500 ms. */
  baseDelayMs?: number;
  /** Upper bound of one backoff delay. Default 8 s. */
  maxDelayMs?: number;
  /** A `Retry-After` longer than this is not waited for: the error is thrown at once. Default 60 s. */
  maxRetryAfterMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const defaultRetry: RetryPolicy = { maxAttempts: 3, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

export function retryPolicy(options: RetryOptions | false | undefined): RetryPolicy {
  if (options === false) return { ...defaultRetry, maxAttempts: 1 };
  return { ...defaultRetry, ...options };
}

/** Statuses worth another attempt: the server asked to come back later. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 503;
}

/** Exponential backoff with up to 25% jitter below the nominal delay, so clients spread out. */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const nominal = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  return Math.round(nominal * (1 - 0.25 * random()));
}

/** `Retry-After` in milliseconds (delta-seconds or an HTTP-date), or undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
