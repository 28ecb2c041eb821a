import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { EventKind } from '../events.js';
import { describeFetchFailure } from '../fetch-failure.js';
import { signedHeaders, type SignInput } from '../sign.js';
import { signV1a } from '../sign-v1a.js';
import { newMessageId } from '../trigger.js';
import type { CatalogueEvent } from '../version-catalogue.js';
import { VERSION_HEADER } from '../version-header.js';

export type { CatalogueEvent } from '../version-catalogue.js';

/** What came back for one request: a status, or why there was none. */
export interface Answer {
  status: number | undefined;
  contentType: string | undefined;
  body: string;
  ms: number;
  /** No answer: the connection failed or the sender's timeout passed. */
  error: string | undefined;
}

/** What a case may change about a correctly signed message. */
export interface MessageShape {
  id?: string;
  /** Unix seconds. */
  timestamp?: number;
  attempt?: number;
  /** Sign with these instead of the receiver's secret (v1); with a v1a receiver, v1 entries before the v1a one. */
  secrets?: string[];
  /** A v1a receiver: sign with this key, naming its id, instead of the trusted one. */
  key?: SuiteKey;
  /** The `webhook-signature` header as is, instead of signing. */
  signature?: (signed: string) => string;
  body?: string | Uint8Array;
  /** Sent instead of the signed body (the signature stays that of `body`). */
  sentBody?: string | Uint8Array;
  contentType?: string;
  path?: string;
  /** `webhook-ordering-key` and `webhook-ordering-sequence` (events ordered per key). */
  ordering?: { key: string; sequence: number };
  /** `webhook-version` names this payload version instead of the event's. */
  payloadVersion?: number;
}

/** An ed25519 key to sign `v1a` with (`whsk_...`) and the `webhook-key-id` that names it. */
export interface SuiteKey {
  signingKey: string;
  keyId: string;
}

/** The connection to one receiver and the answers it gave, for timing and contract checks. */
export interface SuiteTarget {
  base: string;
  /** The receiver's `v1` secret: what every message is signed with, unless `v1a` is given. */
  secret: string | undefined;
  previousSecret: string | undefined;
  /** A receiver that verifies `v1a`: every message is signed with `current` instead; `dropped` is a key past its overlap. */
  v1a: { current: SuiteKey; dropped: SuiteKey | undefined } | undefined;
  timeoutMs: number;
  fetch: typeof fetch;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export function randomSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export function exampleBody(event: CatalogueEvent): string {
  return typeof event.example === 'string' ? event.example : JSON.stringify(event.example);
}

export function declaredContentType(event: Pick<CatalogueEvent, 'contentType'>): string {
  return event.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : event.contentType;
}

export const eventPath = (kind: EventKind, name: string): string => `/${kind}s/${encodeURIComponent(name)}`;

/** `v1` with the receiver's secret (or the shape's), or for a `v1a` receiver its key's signature and id, after any `v1` entries of the shape. */
function signatureHeaders(target: SuiteTarget, shape: MessageShape, input: SignInput): Record<string, string> {
  if (!target.v1a) return signedHeaders(shape.secrets ?? [target.secret!], input);
  const key = shape.key ?? target.v1a.current;
  const v1 = shape.secrets?.length ? `${signedHeaders(shape.secrets, input)['webhook-signature']} ` : '';
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(input.timestamp),
    'webhook-signature': `${v1}${signV1a(key.signingKey, input)}`,
    'webhook-key-id': key.keyId,
  };
}

/** Sends one message shaped by `shape` for `event` and times the answer. */
export async function deliver(target: SuiteTarget, event: CatalogueEvent, shape: MessageShape = {}): Promise<Answer> {
  const id = shape.id ?? newMessageId();
  const body = shape.body ?? exampleBody(event);
  const signed = signatureHeaders(target, shape, { id, timestamp: shape.timestamp ?? nowSeconds(), body });
  const headers: Record<string, string> = {
    'content-type': shape.contentType ?? declaredContentType(event),
    ...signed,
    'webhook-signature': shape.signature ? shape.signature(signed['webhook-signature']!) : signed['webhook-signature']!,
    'webhook-attempt': String(shape.attempt ?? 1),
    [VERSION_HEADER]: String(shape.payloadVersion ?? event.payloadVersion),
    ...(shape.ordering
      ? { 'webhook-ordering-key': encodeURIComponent(shape.ordering.key), 'webhook-ordering-sequence': String(shape.ordering.sequence) }
      : {}),
  };
  const url = new URL(target.base.replace(/\/+$/, '') + (shape.path ?? eventPath(event.kind, event.name))).href;
  return post(target, url, headers, shape.sentBody ?? body);
}

async function post(target: SuiteTarget, url: string, headers: Record<string, string>, body: string | Uint8Array): Promise<Answer> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await target.fetch(url, {
      method: 'POST',
      headers,
      body: body as BodyInit,
      redirect: 'manual',
      signal: AbortSignal.timeout(target.timeoutMs),
    });
    const text = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? undefined,
      body: text,
      ms: elapsed(),
      error: undefined,
    };
  } catch (error) {
    const ms = elapsed();
    const name = (error as { name?: string }).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      return { status: undefined, contentType: undefined, body: '', ms, error: `no answer within ${target.timeoutMs} ms` };
    const code = innermostCode(error);
    // Nothing to judge when nothing can be reached: the suite stops with one line.
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH')
      throw new Error(describeFetchFailure(url, error).replace('is that its address', 'is --suite its base address'));
    return {
      status: undefined,
      contentType: undefined,
      body: '',
      ms,
      error: describeFetchFailure(url, error).replace(/\. Is the receiver running.*$/, ''),
    };
  }
}

function innermostCode(error: unknown): string | undefined {
  let current = error as { cause?: unknown; code?: string } | undefined;
  while (current?.cause) current = current.cause as typeof current;
  return current?.code;
}
