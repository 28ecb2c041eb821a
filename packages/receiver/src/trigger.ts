import { randomBytes } from 'node:crypto';
import { events } from '@clubnotify/spec';
import type { EventKind } from './events.js';
import { describeFetchFailure } from './fetch-failure.js';
import { checkResponse, declaredResponseKey } from './response-check.js';
import { signedHeaders } from './sign.js';

export interface TriggerOptions {
  /** The event name, for example `stockUpdate` (case-sensitive). */
  event: string;
  /** Default `webhook`. */
  kind?: EventKind;
  /** Where to send it: the URL registered for the event, e.g. `http://localhost:4000/webhooks/stockUpdate`. */
  url: string;
  /** `whsec_` secret(s) to sign with. */
  secret: string | string[];
  /** The raw body to send. Default: the spec's example for the event. */
  payload?: string | Uint8Array;
  /** Default a fresh `msg_...` id. */
  id?: string;
  /** Default now. */
  timestamp?: Date;
  attempt?: number;
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
  const event = events.find((e) => e.kind === kind && e.name === options.event);
  if (!event) {
    const known = events.map((e) => `${e.kind} ${e.name}`).join(', ');
    throw new TypeError(`The spec has no ${kind} named "${options.event}". Events: ${known}.`);
  }
  const body = options.payload ?? (typeof event.example === 'string' ? event.example : JSON.stringify(event.example));
  const id = options.id ?? newMessageId();
  const headers: Record<string, string> = {
    'content-type': event.contentType === 'text/plain' ? 'text/plain; charset=utf-8' : event.contentType,
    ...signedHeaders(options.secret, { id, timestamp: options.timestamp ?? new Date(), body }),
    'webhook-attempt': String(options.attempt ?? 1),
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
