import { randomBytes } from 'node:crypto';
import { orderingKeyOf, readOrderingKey } from '@clubnotify/spec';
import type { EventKind } from './events.js';
import { describeFetchFailure } from './fetch-failure.js';
import { checkResponse, declaredResponseKey } from './response-check.js';
import { signedHeaders, toUnixSeconds, type SignInput } from './sign.js';
import { signV1a } from './sign-v1a.js';
import { unknownEvent, versionCatalogue } from './version-catalogue.js';
import { VERSION_HEADER } from './version-header.js';

export interface TriggerOptions {
  /** The event name, for example `stockUpdate` (case-sensitive). */
  event: string;
  /** Default `webhook`. */
  kind?: EventKind;
  /** Where to send it: the URL registered for the event, e.g. `http://localhost:4000/webhooks/stockUpdate`. */
  url: string;
  /** `whsec_` secret(s) to sign with (`v1`). */
  secret?: string | string[];
  /** An ed25519 key (`whsk_...`) to sign with as well or instead (`v1a`), as a server key the receiver trusts. */
  signingKey?: string;
  /** The `webhook-key-id` to send with the `v1a` signature: the key's `kid` in the receiver's key set. */
  keyId?: string;
  /**
   * The payload version to send (its example, media type and `webhook-version` header): the
   * one the receiver's registration is pinned to. Default the current one.
   */
  payloadVersion?: number;
  /** The raw body to send. Default: the spec's example for the event in `payloadVersion`. */
  payload?: string | Uint8Array;
  /** Default a fresh `msg_...` id. */
  id?: string;
  /** Default now. */
  timestamp?: Date;
  attempt?: number;
  /**
   * For an event ordered per key: the `webhook-ordering-key` and `webhook-ordering-sequence` to
   * send. Default: the key read from the payload (or `example` for a subscription's key), sequence 1.
   */
  ordering?: { key?: string; sequence?: number };
  /** Default the global fetch. */
  fetch?: typeof fetch;
}

export interface TriggerResult {
  status: number;
  contentType: string | undefined;
  body: string;
  /** The spec's response key that covers the status (`200`, `5XX`, `default`), if any. */
  declaredAs: string | undefined;
  /** What does not match the spec's declared responses; empty when it matches. */
  problems: string[];
  /** 2xx and in the contract. */
  ok: boolean;
  sent: { id: string; headers: Record<string, string>; body: string | Uint8Array };
}

/** The `webhook-*` signature headers: `v1` with every secret, then `v1a` with the signing key, and its key id. */
function signatureHeaders(options: TriggerOptions, input: SignInput): Record<string, string> {
  const secrets = options.secret === undefined ? [] : [options.secret].flat();
  if (secrets.length === 0 && options.signingKey === undefined)
    throw new TypeError('triggerEvent needs `secret` (whsec_...) or `signingKey` (whsk_...) to sign with.');
  const v1 = secrets.length > 0 ? signedHeaders(secrets, input)['webhook-signature'] : undefined;
  const v1a = options.signingKey === undefined ? undefined : signV1a(options.signingKey, input);
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(toUnixSeconds(input.timestamp)),
    'webhook-signature': [v1, v1a].filter(Boolean).join(' '),
    ...(options.keyId === undefined ? {} : { 'webhook-key-id': options.keyId }),
  };
}

/** A fresh Standard Webhooks message id, `msg_` and 24 random base62-ish characters. */
export function newMessageId(): string {
  return `msg_${randomBytes(18).toString('base64').replace(/[+/=]/g, '').slice(0, 24)}`;
}

/**
 * Sends one correctly signed event (by default the spec's example) to a receiver and
 * reports its answer, checked against the responses the spec declares for the event.
 */
export async function triggerEvent(options: TriggerOptions): Promise<TriggerResult> {
  const kind = options.kind ?? 'webhook';
  const events = versionCatalogue(options.payloadVersion, 'triggerEvent');
  const event = events.find((e) => e.kind === kind && e.name === options.event);
  if (!event) {
    const of = options.payloadVersion === undefined ? 'The spec' : `Payload version ${options.payloadVersion} of the spec`;
    throw unknownEvent(of, kind, options.event, events);
  }
  const body = options.payload ?? (typeof event.example === 'string' ? event.example : JSON.stringify(event.example));
  const id = options.id ?? newMessageId();
  const headers: Record<string, string> = {
    'content-type': event.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : event.contentType,
    ...signatureHeaders(options, { id, timestamp: options.timestamp ?? new Date(), body }),
    'webhook-attempt': String(options.attempt ?? 1),
    [VERSION_HEADER]: String(event.payloadVersion),
    ...orderingHeaders(kind, event.name, body, event.contentType, options.ordering),
  };
  const response = await (options.fetch ?? fetch)(options.url, {
    method: 'POST',
    headers,
    body: body as BodyInit,
    redirect: 'manual',
  }).catch((error: unknown) => {
    throw new Error(describeFetchFailure(options.url, error), { cause: error });
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? undefined;
  const problems = checkResponse(event, response.status, contentType, text);
  return {
    status: response.status,
    contentType,
    body: text,
    declaredAs: declaredResponseKey(event, response.status),
    problems,
    ok: response.status >= 200 && response.status < 300 && problems.length === 0,
    sent: { id, headers, body },
  };
}

/** The ordering headers of an event ordered per key: the key given, or read from the payload; the sequence given, or 1. */
export function orderingHeaders(
  kind: EventKind,
  name: string,
  body: string | Uint8Array,
  contentType: string,
  ordering: { key?: string; sequence?: number } | undefined,
): Record<string, string> {
  const declared = orderingKeyOf(kind, name);
  if (!declared) return {};
  let key = ordering?.key;
  if (key === undefined && declared.source === 'payload' && typeof body === 'string') {
    let payload: unknown = body;
    try {
      if (contentType === 'application/json') payload = JSON.parse(body);
    } catch {
      payload = undefined;
    }
    const read = readOrderingKey(kind, name, payload);
    key = read.ok ? read.key : undefined;
  }
  return {
    'webhook-ordering-key': encodeURIComponent(key ?? 'example'),
    'webhook-ordering-sequence': String(ordering?.sequence ?? 1),
  };
}
