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
  const { retry, signal } = options;
  for (let attempt = 1; ; attempt++) {
    if (signal?.aborted) throw signal.reason;
    const canRetry = options.idempotent && attempt < retry.maxAttempts;
    let result: R;
    try {
      result = await attemptOnce(run, options);
    } catch (error) {
      if (!canRetry || !(error instanceof ConnectionError)) throw error;
      await sleep(backoffDelay(attempt, retry), signal);
      continue;
    }
    const { response } = result;
    if (response.ok) return result;
    const apiError = ApiError.from(response.status, result.error, response.headers, options.method, options.url);
    if (!canRetry || !isRetryableStatus(response.status)) throw apiError;
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    if (retryAfter !== undefined && retryAfter > retry.maxRetryAfterMs) throw apiError;
    await sleep(retryAfter ?? backoffDelay(attempt, retry), signal);
  }
}

async function attemptOnce<R>(run: (signal: AbortSignal) => Promise<R>, options: ExecuteOptions): Promise<R> {
  const { signal, timeoutMs } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = timeoutMs > 0 && Number.isFinite(timeoutMs)
    ? setTimeout(() => {
        timedOut = true;
        controller.abort(new TimeoutError(timeoutMs));
      }, timeoutMs)
    : undefined;
  const onAbort = () => controller.abort(signal!.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await run(controller.signal);
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timedOut) throw new TimeoutError(timeoutMs);
    if (error instanceof ClubnotifyError) throw error;
    if (error instanceof SyntaxError) throw new ClubnotifyError(`${options.method} ${options.url}: the response is not valid JSON`, { cause: error });
    throw new ConnectionError(undefined, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
