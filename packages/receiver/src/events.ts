import type { OrderingContext } from './ordering.js';
import type { Context } from '@opentelemetry/api';
import {
  events,
  type CallbackName,
  type CallbackPayloadsByVersion,
  type CompiledValidator,
  type currentPayloadVersion,
  type PayloadVersion,
  type WebhookName,
  type WebhookPayloadsByVersion,
} from '@clubnotify/spec';

export type EventKind = 'webhook' | 'callback';

/** What a handler learns about the message besides its payload. */
export interface EventContext<K extends EventKind = EventKind, N extends string = string> {
  /** `webhook-id`: the same on every attempt of one message. */
  id: string;
  /** `webhook-timestamp`: when this attempt was signed. */
  timestamp: Date;
  /** `webhook-attempt`, from 1 (1 when the sender does not say). */
  attempt: number;
  kind: K;
  name: N;
  /**
   * Aborted when the handler runs past the receiver's `handlerTimeoutSec` (the sender was
   * answered 503 and will retry): pass it to `fetch` or database calls to stop the work.
   */
  signal: AbortSignal;
  /** The sender's W3C `traceparent` (its attempt's span), when it sent one. */
  traceparent?: string;
  /** The sender's W3C `tracestate`, when it sent one. */
  tracestate?: string;
  /**
   * The OpenTelemetry context the handler runs in: the kit's span around the handler, a child
   * of the sender's attempt. It is active during the handler where a context manager carries
   * it (Node with an SDK); elsewhere pass it to `context.with` or use it as a parent. Set on
   * every `ctx` the kit makes (optional only so that a hand-made `ctx` in a test still compiles).
   */
  traceContext?: Context;
  /**
   * For an event ordered per key (`x-clubnotify-ordering-key`): the message's key, its sequence, and
   * where it stands against the last one of its key answered 2xx here (`first`, `next`, `gap`,
   * `stale`). The sender sends one message of a key at a time; the handler chooses: process it,
   * skip it (return: a `stale` replay already applied), or ask for a retry (`{ status: 503 }`: it
   * holds the key's later messages at the sender until it is accepted or fails for good).
   */
  ordering?: OrderingContext;
}

/**
 * What a handler may return instead of nothing (which answers 200): another status the
 * spec declares for the event, for example `{ status: 410 }` to stop deliveries.
 */
export interface HandlerResult {
  status: number;
  body?: unknown;
}

type Awaitable<T> = T | Promise<T>;
export type Handler<P, K extends EventKind, N extends string> = (payload: P, ctx: EventContext<K, N>) => Awaitable<void | HandlerResult>;

/** The payload version the server makes its payloads in (the major of the spec's `info.version`). */
export type CurrentPayloadVersion = typeof currentPayloadVersion;

/** The webhooks of payload version `V`, by name, with their payloads. */
type WebhooksOf<V extends PayloadVersion> = WebhookPayloadsByVersion[V];
/** The callbacks of payload version `V`, by name, with their payloads. */
type CallbacksOf<V extends PayloadVersion> = CallbackPayloadsByVersion[V];

/** One optional handler per webhook of the spec, typed from its payload in version `V` (default: the current one). */
export type WebhookHandlers<V extends PayloadVersion = CurrentPayloadVersion> = {
  [N in keyof WebhooksOf<V> & string]?: Handler<WebhooksOf<V>[N], 'webhook', N>;
};
/** One optional handler per callback of the spec, typed from its payload in version `V` (default: the current one). */
export type CallbackHandlers<V extends PayloadVersion = CurrentPayloadVersion> = {
  [N in keyof CallbacksOf<V> & string]?: Handler<CallbacksOf<V>[N], 'callback', N>;
};

export interface Handlers<V extends PayloadVersion = CurrentPayloadVersion> {
  webhooks?: WebhookHandlers<V>;
  callbacks?: CallbackHandlers<V>;
}

/** `webhook.stockUpdate`, `callback.concertAlert`: how the adapters name an event. */
export type EventKey = `webhook.${WebhookName}` | `callback.${CallbackName}`;

/** What the receiver reads of an event: an entry of this spec's generated catalogue, or of another spec's. */
export interface ContractEvent {
  readonly kind: EventKind;
  readonly name: string;
  readonly contentType: string;
  /** The response keys the spec declares for the receiver: `200`, `4XX`, `default`. */
  readonly responses: readonly string[];
}

/**
 * Another spec's events, as scripts/generate.ts writes them for it: the `events` of its
 * `events.ts` and the `bodyValidators` of its `body-validators.ts`.
 */
export interface EventContract {
  readonly events: readonly ContractEvent[];
  readonly bodyValidators: Readonly<Record<string, CompiledValidator>>;
}

/** A lookup of events by kind and name (case-sensitive). */
export function eventFinder(list: readonly ContractEvent[]): (kind: string, name: string) => ContractEvent | undefined {
  const byKind = {
    webhook: new Map(list.filter((e) => e.kind === 'webhook').map((e) => [e.name, e])),
    callback: new Map(list.filter((e) => e.kind === 'callback').map((e) => [e.name, e])),
  };
  return (kind, name) => (kind === 'webhook' || kind === 'callback' ? byKind[kind].get(name) : undefined);
}

export const findEvent = eventFinder(events);

// Frozen and shared: every request to a spec's path gets the same object.
const knownPaths = new Map<string, { readonly kind: EventKind; readonly name: string }>(
  events.map((e) => [`/${e.kind}s/${e.name}`, Object.freeze({ kind: e.kind, name: e.name })]),
);

/** `/webhooks/stockUpdate` -> `{ kind: 'webhook', name: 'stockUpdate' }`; anything else -> undefined. */
export function eventFromPath(pathname: string): { readonly kind: EventKind; readonly name: string } | undefined {
  const known = knownPaths.get(pathname);
  if (known) return known;
  const match = /^\/(webhooks|callbacks)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  return { kind: match[1] === 'webhooks' ? 'webhook' : 'callback', name: decodeURIComponent(match[2]!) };
}

export function parseEventKey(key: string): { kind: EventKind; name: string } {
  const dot = key.indexOf('.');
  const kind = key.slice(0, dot);
  if (dot < 0 || (kind !== 'webhook' && kind !== 'callback'))
    throw new TypeError(`"${key}" is not an event key; use for example "webhook.stockUpdate".`);
  return { kind, name: key.slice(dot + 1) };
}

/** The handler type of one webhook in payload version `V` (default: the current one), for handlers kept in their own files. */
export type WebhookHandler<N extends keyof WebhooksOf<V> & string, V extends PayloadVersion = CurrentPayloadVersion> = Handler<
  WebhooksOf<V>[N],
  'webhook',
  N
>;
/** The handler type of one callback in payload version `V` (default: the current one), for handlers kept in their own files. */
export type CallbackHandler<N extends keyof CallbacksOf<V> & string, V extends PayloadVersion = CurrentPayloadVersion> = Handler<
  CallbacksOf<V>[N],
  'callback',
  N
>;
