import { headerLines, RepeatedHeaderError, singleHeader, type HeaderSource, type LowerCaseNames } from './headers.js';

/** Why a message was refused: `missing` and `malformed` headers (400), or `signature` and `timestamp` (401). */
export type VerificationFailure = 'missing-header' | 'malformed-header' | 'timestamp' | 'signature';

/** Thrown by `verify()`; `status` is the HTTP answer the spec declares for it. */
export class WebhookVerificationError extends Error {
  readonly reason: VerificationFailure;
  readonly status: 400 | 401;
  constructor(reason: VerificationFailure, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
    this.status = reason === 'missing-header' || reason === 'malformed-header' ? 400 : 401;
  }
}

export interface VerifyOptions {
  /** Seconds of clock difference allowed either way. Default 300. */
  toleranceSec?: number;
  /** The receiver's clock, in Unix seconds (for tests). */
  now?: number;
}

/** The verified identity of a message. */
export interface VerifiedMessage {
  id: string;
  timestamp: number;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function isBlank(value: string | undefined): boolean {
  if (value === undefined || value === '') return true;
  // A value that starts with a visible ASCII character is not blank: no trimmed copy needed.
  const first = value.charCodeAt(0);
  return !(first > 0x20 && first < 0x7f) && value.trim() === '';
}

function missingHeader(name: string): WebhookVerificationError {
  return new WebhookVerificationError('missing-header', `The ${name} header is missing.`);
}

function single(headers: HeaderSource, name: string, lowerCase: LowerCaseNames): string | undefined {
  try {
    return singleHeader(headers, name, lowerCase);
  } catch (error) {
    if (error instanceof RepeatedHeaderError) throw new WebhookVerificationError('malformed-header', error.message);
    throw error;
  }
}

/** The three signature headers, read and checked. */
export interface SignatureHeaders {
  id: string;
  timestamp: number;
  signatures: string;
}

/** Whether an id is 1 to 256 visible ASCII characters. */
function isWellFormedId(id: string): boolean {
  if (id.length === 0 || id.length > 256) return false;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    if (c < 0x21 || c > 0x7e) return false;
  }
  return true;
}

/** The value of 1 to 12 decimal digits, or -1 for anything else. */
function digitsValue(text: string): number {
  if (text.length === 0 || text.length > 12) return -1;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const d = text.charCodeAt(i) - 0x30;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

/**
 * The headers as nearly every sender writes them, in a record (Node's `req.headers`): each a
 * single string, the id visible ASCII and the timestamp digits (so neither holds the `, ` of
 * a repeat). Anything else, undefined: the full reading below decides and says why.
 */
function wellFormed(headers: HeaderSource): SignatureHeaders | undefined {
  if (typeof (headers as Headers).get === 'function') return undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const id = record['webhook-id'];
  const seconds = record['webhook-timestamp'];
  const signatures = record['webhook-signature'];
  if (typeof id !== 'string' || typeof seconds !== 'string' || typeof signatures !== 'string') return undefined;
  const timestamp = digitsValue(seconds);
  if (timestamp < 0 || !isWellFormedId(id) || isBlank(signatures)) return undefined;
  return { id, timestamp, signatures };
}

/**
 * Parses and checks the three headers without the body: throws for missing or malformed ones.
 * `lowerCase`: every name of a record source is lower-case (Node's `req.headers`).
 */
export function readSignatureHeaders(headers: HeaderSource, lowerCase: LowerCaseNames = false): SignatureHeaders {
  const fast = wellFormed(headers);
  if (fast) return fast;
  const id = single(headers, 'webhook-id', lowerCase);
  const timestamp = single(headers, 'webhook-timestamp', lowerCase);
  // Several lines are several lists of signatures: every entry of every line counts.
  const lines = headerLines(headers, 'webhook-signature', lowerCase);
  const signatures = lines.length === 1 ? lines[0]! : lines.join(' ');
  if (isBlank(id)) throw missingHeader('webhook-id');
  if (isBlank(timestamp)) throw missingHeader('webhook-timestamp');
  if (isBlank(signatures)) throw missingHeader('webhook-signature');
  if (!isWellFormedId(id!))
    throw new WebhookVerificationError('malformed-header', 'The webhook-id header must be 1 to 256 visible ASCII characters.');
  const seconds = digitsValue(timestamp!);
  if (seconds < 0)
    throw new WebhookVerificationError('malformed-header', 'The webhook-timestamp header must be Unix time in seconds (digits only).');
  return { id: id!, timestamp: seconds, signatures };
}

/**
 * The `v1,<base64>` entries of a signature header: space-separated per Standard Webhooks,
 * and `, `-separated where Node or `Headers.get()` joined repeated lines.
 */
export function signatureEntries(header: string): string[] {
  if (!/\s|,$/.test(header)) return [header];
  const entries: string[] = [];
  for (const token of header.split(/\s+/)) {
    const entry = token.replace(/,+$/, '');
    if (entry !== '') entries.push(entry);
  }
  return entries;
}

/** Throws unless the message was signed within `toleranceSec` of the receiver's clock. */
export function checkTimestamp(message: SignatureHeaders, options: VerifyOptions = {}): void {
  const tolerance = options.toleranceSec ?? 300;
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (message.timestamp < now - tolerance)
    throw new WebhookVerificationError('timestamp', `The webhook-timestamp is more than ${tolerance} seconds old.`);
  if (message.timestamp > now + tolerance)
    throw new WebhookVerificationError(
      'timestamp',
      `The webhook-timestamp is more than ${tolerance} seconds in the future; check the clocks.`,
    );
}

/** The base64 part of every `v1,` entry of the header that is base64; other versions are skipped. */
export function v1Signatures(header: string): string[] {
  const out: string[] = [];
  for (const entry of signatureEntries(header)) {
    const comma = entry.indexOf(',');
    if (comma < 0 || entry.slice(0, comma) !== 'v1') continue;
    const encoded = entry.slice(comma + 1);
    if (BASE64.test(encoded)) out.push(encoded);
  }
  return out;
}

export function noMatch(): WebhookVerificationError {
  return new WebhookVerificationError(
    'signature',
    'No signature in webhook-signature matches this body. Are you passing the raw request body, and the right secret?',
  );
}
