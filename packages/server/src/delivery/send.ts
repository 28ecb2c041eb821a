import { request, type Dispatcher } from 'undici';
import { signPayload } from './sign.js';
import { parseRetryAfter } from './schedule.js';

/** Bytes of a response body kept in the delivery log. */
export const RESPONSE_BODY_LIMIT = 4096;

export interface AttemptRequest {
  url: string;
  messageId: string;
  attempt: number;
  contentType: string;
  body: string;
  secret: string;
}

export interface AttemptResult {
  startedAt: Date;
  durationMs: number;
  /** `null` when no response arrived. */
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
  /** From `Retry-After` on a 429 or 503. */
  retryAfterMs: number | null;
}

/**
 * Sends one signed attempt. Redirects are not followed (undici's `request` has no redirect
 * interceptor here), and at most {@link RESPONSE_BODY_LIMIT} bytes of the answer are read
 * before the body is destroyed, so a huge answer costs no memory. The time limit covers the
 * wait for the headers (undici's own timer) and then the body (one timer of ours): cheaper
 * than an AbortSignal per attempt, which costs undici several microseconds on the hot path.
 */
export async function sendAttempt(dispatcher: Dispatcher, req: AttemptRequest, timeoutMs: number): Promise<AttemptResult> {
  const startedAt = new Date();
  const started = performance.now();
  const timestamp = Math.floor(startedAt.getTime() / 1000);
  const done = (partial: Omit<AttemptResult, 'startedAt' | 'durationMs'>): AttemptResult => ({
    startedAt,
    durationMs: Math.round(performance.now() - started),
    ...partial,
  });
  try {
    const res = await request(req.url, {
      method: 'POST',
      dispatcher,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      headers: {
        'content-type': req.contentType,
        'user-agent': 'clubnotify-delivery/1.0',
        'webhook-id': req.messageId,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signPayload(req.secret, req.messageId, timestamp, req.body),
        'webhook-attempt': String(req.attempt),
      },
      body: req.body,
    });
    const left = timeoutMs - (performance.now() - started);
    const { text: responseBody, timedOut } = await readPrefix(res.body, left);
    const retryAfterMs = res.statusCode === 429 || res.statusCode === 503 ? parseRetryAfter(res.headers['retry-after']) : null;
    return done({ statusCode: res.statusCode, error: timedOut ? `timeout after ${timeoutMs} ms` : null, responseBody, retryAfterMs });
  } catch (error) {
    return done({ statusCode: null, error: describeError(error, timeoutMs), responseBody: null, retryAfterMs: null });
  }
}

/** The first bytes of a body as text, and whether the body was cut off after `ms`. */
function readPrefix(body: Dispatcher.ResponseData['body'], ms: number): Promise<{ text: string; timedOut: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let timedOut = false;
    let done = false;
    // The listeners stay on: destroying the body makes undici emit an 'error' (the request
    // was aborted), which must find a listener.
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      body.off('data', onData);
      body.destroy();
      const text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8');
      // A multi-byte character cut at the limit (or by the timeout) decodes to U+FFFD; drop it. PostgreSQL text cannot hold NUL.
      resolve({ text: (size > RESPONSE_BODY_LIMIT || timedOut ? text.replace(/\uFFFD$/, '') : text).replaceAll('\u0000', ''), timedOut });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_BODY_LIMIT) finish();
    };
    const timer = setTimeout(() => {
      timedOut = true;
      finish();
    }, Math.max(0, ms));
    // A body cut short (error, close) still leaves the status code, which decides the outcome.
    body.on('data', onData).on('end', finish).on('error', finish).on('close', finish);
  });
}

function describeError(error: unknown, timeoutMs: number): string {
  const err = error as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  if (err.code === 'UND_ERR_HEADERS_TIMEOUT' || err.code === 'UND_ERR_BODY_TIMEOUT') return `timeout after ${timeoutMs} ms`;
  const code = err.code ?? err.cause?.code;
  if (code === 'EBLOCKED') return err.message;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `DNS lookup failed (${code})`;
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'connect timeout';
  return code ? `${code}: ${err.message}` : err.message || String(error);
}
