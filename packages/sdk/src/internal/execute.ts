import { ApiError, ClubnotifyError, ConnectionError, TimeoutError } from '../errors.js';
import { backoffDelay, isRetryableStatus, parseRetryAfter, sleep, type RetryPolicy } from '../retry.js';
import { noteDeprecation } from './deprecation.js';

export interface AttemptResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

export interface ExecuteOptions {
  method: string;
  /** The path template, for error messages and deprecation warnings. */
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
 * `run` hands the caller's signal, if any, to fetch itself.
 */
export async function execute<R extends AttemptResult>(run: () => Promise<R>, options: ExecuteOptions): Promise<R> {
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
    noteDeprecation(options.method, options.url, response.headers);
    if (response.ok) return result;
    const apiError = ApiError.from(response.status, result.error, response.headers, options.method, options.url);
    if (!canRetry || !isRetryableStatus(response.status)) throw apiError;
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    if (retryAfter !== undefined && retryAfter > retry.maxRetryAfterMs) throw apiError;
    await sleep(retryAfter ?? backoffDelay(attempt, retry), signal);
  }
}

/**
 * One attempt under a deadline. The deadline is a timer raced against the attempt, not an
 * AbortSignal handed to fetch (see transport.ts): when it fires the call rejects at once and
 * the late answer, if one comes, is dropped; the connection is freed when the server finishes
 * or the runtime gives up on it. A caller's own signal tears the request down immediately.
 */
function attemptOnce<R>(run: () => Promise<R>, options: ExecuteOptions): Promise<R> {
  const { timeoutMs } = options;
  const attempt = run();
  if (!(timeoutMs > 0 && Number.isFinite(timeoutMs))) return attempt.catch((error: unknown) => Promise.reject(translate(error, options)));
  return new Promise<R>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      reject(new TimeoutError(timeoutMs));
    }, timeoutMs);
    attempt.then(
      (result) => {
        if (timedOut) return;
        clearTimeout(timer);
        resolve(result);
      },
      (error: unknown) => {
        if (timedOut) return;
        clearTimeout(timer);
        reject(translate(error, options));
      },
    );
  });
}

function translate(error: unknown, options: ExecuteOptions): unknown {
  if (options.signal?.aborted) return options.signal.reason;
  if (error instanceof ClubnotifyError) return error;
  if (error instanceof SyntaxError)
    return new ClubnotifyError(`${options.method} ${options.url}: the response is not valid JSON`, { cause: error });
  return new ConnectionError(undefined, { cause: error });
}
