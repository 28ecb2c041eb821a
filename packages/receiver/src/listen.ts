import type { components } from '@clubnotify/spec';

type PulledMessage = components['schemas']['PulledMessage'];
type AttemptReport = components['schemas']['PullAttemptReport'];
type AttemptResult = components['schemas']['PullAttemptResult'];

export interface ListenOptions {
  /** The clubnotify server's root URL, e.g. `http://localhost:3000`. */
  server: string;
  /** The API key that owns the target. */
  apiKey: string;
  /** A pull registration (`reg_...`) or subscription (`sub_...`). */
  target: string;
  /** The local receiver each message is posted to. */
  forwardTo: string;
  /** How long the receiver may take to answer, as the server's sender allows; default 15 s. */
  timeoutMs?: number;
  /** Stop after forwarding this many attempts (scripts and tests); default: until `signal`. */
  maxMessages?: number;
  signal?: AbortSignal;
  /** Called with each forwarded attempt and what the server made of it. */
  onForwarded?: (forwarded: Forwarded) => void;
  /** Called once the feed has taken the target (its first answer, asked not to wait), before any message is forwarded. */
  onListening?: () => void;
  /** Called when the server cannot be reached and the feed is tried again. */
  onRetry?: (reason: string, inMs: number) => void;
  fetch?: typeof fetch;
}

/** One attempt forwarded to the local receiver, its answer, and the delivery's state after it. */
export interface Forwarded {
  message: PulledMessage;
  report: AttemptReport;
  result: AttemptResult;
}

/** The feed answered with a problem that calling again cannot fix (unknown target, a push target, a bad key). */
export class ListenError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Bytes of the receiver's answer reported back (what the server keeps in the attempt log). */
const ANSWER_BYTES = 4096;
const WAIT_SECONDS = 20;
const MAX_BACKOFF_MS = 10_000;

/**
 * `clubnotify-receiver listen`: leases the target's messages from the server's pull feed
 * (a long poll), posts each to the local receiver with the Standard Webhooks headers the
 * server signed it with, and reports the receiver's answer (status, duration, first bytes)
 * back as the attempt's outcome. Resolves with the number forwarded when `signal` aborts or
 * `maxMessages` is reached; rejects with a `ListenError` when the feed refuses the target.
 */
export async function listen(options: ListenOptions): Promise<number> {
  const doFetch = options.fetch ?? fetch;
  const base = options.server.replace(/\/+$/, '');
  const feed = `${base}/targets/${encodeURIComponent(options.target)}`;
  const auth = { authorization: `Bearer ${options.apiKey}` };
  const stopped = () => options.signal?.aborted === true;
  let forwarded = 0;
  let backoff = 0;
  // The first lease does not wait: whether the feed takes the target is known at once.
  let listening = false;
  while (!stopped() && forwarded < (options.maxMessages ?? Infinity)) {
    const limit = Math.min(10, (options.maxMessages ?? Infinity) - forwarded);
    let messages: PulledMessage[];
    try {
      const res = await doFetch(`${feed}/lease?waitSeconds=${listening ? WAIT_SECONDS : 0}&limit=${limit}`, {
        method: 'POST',
        headers: auth,
        signal: options.signal,
      });
      if (res.status >= 400 && res.status < 500) throw new ListenError(await problemDetail(res), res.status);
      if (!res.ok) throw new Error(`the server answered ${res.status}`);
      messages = ((await res.json()) as { data: PulledMessage[] }).data;
      backoff = 0;
      if (!listening) options.onListening?.();
      listening = true;
    } catch (error) {
      if (stopped()) break;
      if (error instanceof ListenError) throw error;
      backoff = Math.min(MAX_BACKOFF_MS, Math.max(500, backoff * 2));
      options.onRetry?.(reasonOf(error), backoff);
      await pause(backoff, options.signal);
      continue;
    }
    for (const message of messages) {
      const report = await forward(doFetch, options.forwardTo, message, options.timeoutMs ?? 15_000);
      const result = await reportOutcome(doFetch, `${feed}/deliveries/${encodeURIComponent(message.deliveryId)}/outcome`, auth, report);
      forwarded++;
      options.onForwarded?.({ message, report, result });
    }
  }
  return forwarded;
}

/** Posts one message to the local receiver as the server would have: its body and signed headers, no redirects. */
async function forward(doFetch: typeof fetch, url: string, message: PulledMessage, timeoutMs: number): Promise<AttemptReport> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const res = await doFetch(url, {
      method: 'POST',
      headers: { ...message.headers, 'user-agent': 'clubnotify-receiver-listen' },
      body: message.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const responseBody = await firstBytes(res);
    return { attempt: message.attempt, statusCode: res.status, durationMs: elapsed(), error: null, responseBody };
  } catch (error) {
    const why = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : reasonOf(error);
    return {
      attempt: message.attempt,
      statusCode: null,
      durationMs: elapsed(),
      error: `${url}: ${why}`.slice(0, 1024),
      responseBody: null,
    };
  }
}

async function reportOutcome(
  doFetch: typeof fetch,
  url: string,
  auth: Record<string, string>,
  report: AttemptReport,
): Promise<AttemptResult> {
  const res = await doFetch(url, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify(report),
  });
  if (!res.ok) throw new ListenError(`reporting attempt ${report.attempt}: ${await problemDetail(res)}`, res.status);
  return (await res.json()) as AttemptResult;
}

/** The first bytes of an answer, read no further (a huge answer costs nothing). */
async function firstBytes(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < ANSWER_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  if (size >= ANSWER_BYTES) await reader.cancel().catch(() => {});
  const bytes = Buffer.concat(chunks).subarray(0, ANSWER_BYTES);
  return new TextDecoder().decode(bytes);
}

async function problemDetail(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const problem = JSON.parse(text) as { detail?: string; title?: string };
    return `${res.status} ${problem.detail ?? problem.title ?? text}`;
  } catch {
    return `${res.status} ${text.slice(0, 200)}`;
  }
}

function reasonOf(error: unknown): string {
  let current = error as { cause?: unknown; code?: string; message?: string };
  while (current?.cause) current = current.cause as typeof current;
  return current?.code ?? current?.message ?? String(error);
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done);
  });
}
