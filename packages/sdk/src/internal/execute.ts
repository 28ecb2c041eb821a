import { ApiError, ClubnotifyError, ConnectionError, TimeoutError } from '../errors.js';
import { backoffDelay, isRetryableStatus, parseRetryAfter, sleep, type RetryPolicy } from '../retry.js';

export interface AttemptResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

export interface ExecuteOptions {
  method: string;
  /** For error messages only. */
  url: string;
  idempotent: boolean;
  timeoutMs: number;
  retry: RetryPolicy;
  signal?: AbortSignal | null | undefined;
}

/**
 * Runs one request to completion (body parsed) per attempt, each under its own timeout,
 * retrying idempotent requests on connection errors, 429 and 503. Resolves with the first
 * 2xx result; throws an ApiError, ConnectionError, TimeoutError, or the signal's reason.
 */
export async function execute<R extends AttemptResult>(run: (signal: AbortSignal) => Promise<R>, options: ExecuteOptions): Promise<R> {
  const { retry, signal, timeoutMs } = options;
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw signal.reason;
    const canRetry = options.idempotent && attempt < retry.maxAttempts;
    let result: R | undefined;
    // One attempt, under its own timeout; inlined here rather than a nested async function
    // so that each request pays one async frame, not two.
    const controller = new AbortController();
    let timedOut = false;
    const timer = timeoutMs > 0 && Number.isFinite(timeoutMs)
      ? setTimeout(() => {
          timedOut = true;
          controller.abort(new TimeoutError(timeoutMs));
        }, timeoutMs)
      : undefined;
    const onAbort = signal ? () => controller.abort(signal.reason) : undefined;
    if (onAbort) signal!.addEventListener('abort', onAbort, { once: true });
    let failure: unknown;
    let failed = false;
    try {
      result = await run(controller.signal);
    } catch (error) {
      failed = true;
      failure = attemptError(error, options, timedOut);
    } finally {
      clearTimeout(timer);
      if (onAbort) signal!.removeEventListener('abort', onAbort);
    }
    if (failed) {
      if (!canRetry || !(failure instanceof ConnectionError)) throw failure;
      await sleep(backoffDelay(attempt, retry), signal);
      continue;
    }
    const { response } = result!;
    if (response.ok) return result!;
    const apiError = ApiError.from(response.status, result!.error, response.headers, options.method, options.url);
    if (!canRetry || !isRetryableStatus(response.status)) throw apiError;
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    if (retryAfter !== undefined && retryAfter > retry.maxRetryAfterMs) throw apiError;
    await sleep(retryAfter ?? backoffDelay(attempt, retry), signal);
  }
}

/** What a failed attempt throws: the caller's abort reason, a TimeoutError, or a typed wrapper. */
function attemptError(error: unknown, options: ExecuteOptions, timedOut: boolean): unknown {
  const { signal, timeoutMs } = options;
  if (signal?.aborted) return signal.reason;
  if (timedOut) return new TimeoutError(timeoutMs);
  if (error instanceof ClubnotifyError) return error;
  if (error instanceof SyntaxError) return new ClubnotifyError(`${options.method} ${options.url}: the response is not valid JSON`, { cause: error });
  return new ConnectionError(undefined, { cause: error });
}
