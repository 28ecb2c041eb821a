import type { Dispatcher } from 'undici';
import type { TraceHeaders } from '../../telemetry/trace-context.js';
import { signPayload, signsV1a } from './sign.js';
import type { SigningKey } from './signing-keys.js';
import { parseRetryAfter } from './schedule.js';
import { watchDeadline, type Deadlined } from './attempt-deadlines.js';
import type { AttemptResult } from '../types.js';

/** Bytes of a response body kept in the delivery log. */
export const RESPONSE_BODY_LIMIT = 4096;

export interface AttemptRequest {
  url: string;
  messageId: string;
  attempt: number;
  contentType: string;
  body: string;
  /** The payload version `body` is in, sent as `webhook-version`. */
  version: number;
  /** The target's signers: its `whsec_` secret(s) and `v1a` when it chose ed25519 (sign.ts). */
  secret: string;
  /** The server's ed25519 key, for a target whose signers include `v1a`. */
  signingKey?: SigningKey | undefined;
  /** The attempt span's W3C trace context, sent as `traceparent` and `tracestate`. */
  trace?: TraceHeaders;
  /** Its ordering key and place (migration 071), sent as `webhook-ordering-key` (percent-encoded) and `webhook-ordering-sequence`; not signed. */
  ordering?: { key: string; sequence: number } | undefined;
}

/**
 * Sends one signed attempt. Redirects are not followed (a bare dispatch has no redirect
 * interceptor), and at most {@link RESPONSE_BODY_LIMIT} bytes of the answer are kept before
 * the request is aborted, so a huge answer costs no memory. The time limit covers the wait
 * for the headers (undici's own timer) and then the whole body (its deadline, watched with the others: attempt-deadlines.ts).
 *
 * It uses undici's dispatch handler interface rather than `request()`: no response stream,
 * no async resource and no header object per attempt, which on a busy worker was a large
 * share of the event loop's time per delivery.
 */
export function sendAttempt(dispatcher: Dispatcher, req: AttemptRequest, timeoutMs: number): Promise<AttemptResult> {
  const startedAt = new Date();
  const started = performance.now();
  const timestamp = Math.floor(startedAt.getTime() / 1000);
  return new Promise((resolve) => {
    const handler = new AttemptHandler(startedAt, started, timeoutMs, resolve);
    watchDeadline(timeoutMs, handler);
    try {
      const target = targetOf(req.url);
      const signature = signPayload(req.secret, req.messageId, timestamp, req.body, req.signingKey);
      const headers = ['content-type', req.contentType, 'user-agent', USER_AGENT, 'webhook-id', req.messageId];
      headers.push('webhook-timestamp', String(timestamp), 'webhook-signature', signature, 'webhook-attempt', String(req.attempt));
      headers.push('webhook-version', String(req.version));
      if (req.signingKey && signsV1a(req.secret)) headers.push('webhook-key-id', req.signingKey.kid);
      if (req.trace) headers.push('traceparent', req.trace.traceparent);
      if (req.trace?.tracestate) headers.push('tracestate', req.trace.tracestate);
      if (req.ordering)
        headers.push(
          'webhook-ordering-key',
          encodeURIComponent(req.ordering.key),
          'webhook-ordering-sequence',
          String(req.ordering.sequence),
        );
      dispatcher.dispatch(
        {
          origin: target.origin,
          path: target.path,
          method: 'POST',
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
          headers,
          body: req.body,
        },
        handler,
      );
    } catch (error) {
      handler.onError(error as Error);
    }
  });
}

const USER_AGENT = 'clubnotify-delivery/1.0';

interface Target {
  origin: string;
  path: string;
}

// Parsed target URLs: a busy target receives thousands of attempts at one URL.
const targets = new Map<string, Target>();
const MAX_TARGETS = 1024;

function targetOf(url: string): Target {
  let target = targets.get(url);
  if (target === undefined) {
    const parsed = new URL(url);
    target = { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
    if (targets.size >= MAX_TARGETS) targets.clear();
    targets.set(url, target);
  }
  return target;
}

function result(
  startedAt: Date,
  started: number,
  statusCode: number | null,
  error: string | null,
  responseBody: string | null,
  retryAfterMs: number | null,
): AttemptResult {
  return { startedAt, durationMs: Math.round(performance.now() - started), statusCode, error, responseBody, retryAfterMs };
}

/** Collects one answer: its status, `Retry-After` on a 429 or 503, and the first bytes of its body. */
class AttemptHandler implements Dispatcher.DispatchHandler, Deadlined {
  #abort: ((reason?: Error) => void) | undefined;
  #statusCode: number | null = null;
  #retryAfterMs: number | null = null;
  #chunks: Buffer[] = [];
  #size = 0;
  #timedOut = false;
  #cut = false;
  #done = false;

  constructor(
    readonly startedAt: Date,
    readonly started: number,
    readonly timeoutMs: number,
    readonly resolve: (result: AttemptResult) => void,
  ) {}

  get deadline(): number {
    return this.started + this.timeoutMs;
  }

  get ended(): boolean {
    return this.#done;
  }

  /** The time limit passed: a body still coming is cut (headers not yet come are undici's to time out). */
  expire(): void {
    if (this.#statusCode === null) return;
    this.#timedOut = true;
    this.#stop();
  }

  onConnect(abort: (reason?: Error) => void): void {
    this.#abort = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[]): boolean {
    if (statusCode < 200) return true;
    this.#statusCode = statusCode;
    if (statusCode === 429 || statusCode === 503) {
      for (let i = 0; i < rawHeaders.length; i += 2) {
        if (rawHeaders[i]!.length === 11 && rawHeaders[i]!.toString('latin1').toLowerCase() === 'retry-after') {
          this.#retryAfterMs = parseRetryAfter(rawHeaders[i + 1]!.toString('latin1'));
        }
      }
    }
    // Headers that came after the deadline (undici's own timer is coarser) find it passed already.
    if (performance.now() >= this.deadline) setTimeout(() => this.expire(), 0);
    return true;
  }

  onData(chunk: Buffer): boolean {
    this.#chunks.push(chunk);
    this.#size += chunk.length;
    if (this.#size >= RESPONSE_BODY_LIMIT) this.#stop();
    return true;
  }

  onComplete(): void {
    this.#finish(null);
  }

  onError(error: Error): void {
    // A body cut short (our abort, a reset) still leaves the status code, which decides the outcome.
    this.#finish(this.#statusCode === null ? describeError(error, this.timeoutMs) : null);
  }

  /** Stops reading: the connection is dropped, not drained. */
  #stop(): void {
    if (this.#done) return;
    this.#cut = true;
    this.#finish(null);
    this.#abort?.(new Error('response body not read further'));
  }

  #finish(error: string | null): void {
    if (this.#done) return;
    this.#done = true;
    if (this.#statusCode === null) {
      this.resolve(result(this.startedAt, this.started, null, error, null, null));
      return;
    }
    const chunks = this.#chunks;
    this.#chunks = [];
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const text = bytes.subarray(0, RESPONSE_BODY_LIMIT).toString('utf8');
    // A multi-byte character cut at the limit (or by the timeout) decodes to U+FFFD; drop it. PostgreSQL text cannot hold NUL.
    const body = (this.#cut ? text.replace(/\uFFFD$/, '') : text).replaceAll('\u0000', '');
    const timeout = this.#timedOut ? `timeout after ${this.timeoutMs} ms` : null;
    this.resolve(result(this.startedAt, this.started, this.#statusCode, timeout, body, this.#retryAfterMs));
  }
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
