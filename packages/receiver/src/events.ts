import { events, type CallbackName, type CallbackPayloads, type EventDefinition, type WebhookName, type WebhookPayloads } from '@clubnotify/spec';

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

/** One optional handler per webhook of the spec, typed from its payload. */
export type WebhookHandlers = { [N in WebhookName]?: Handler<WebhookPayloads[N], 'webhook', N> };
/** One optional handler per callback of the spec, typed from its payload. */
export type CallbackHandlers = { [N in CallbackName]?: Handler<CallbackPayloads[N], 'callback', N> };

export interface Handlers {
  webhooks?: WebhookHandlers;
  callbacks?: CallbackHandlers;
}

/** `webhook.stockUpdate`, `callback.concertAlert`: how the adapters name an event. */
export type EventKey = `webhook.${WebhookName}` | `callback.${CallbackName}`;

const byKind = {
  webhook: new Map<string, EventDefinition>(events.filter((e) => e.kind === 'webhook').map((e) => [e.name, e])),
  callback: new Map<string, EventDefinition>(events.filter((e) => e.kind === 'callback').map((e) => [e.name, e])),
};

const knownPaths = new Map<string, { kind: EventKind; name: string }>(events.map((e) => [`/${e.kind}s/${e.name}`, { kind: e.kind, name: e.name }]));

export function findEvent(kind: string, name: string): EventDefinition | undefined {
  return kind === 'webhook' || kind === 'callback' ? byKind[kind].get(name) : undefined;
}

/** `/webhooks/stockUpdate` -> `{ kind: 'webhook', name: 'stockUpdate' }`; anything else -> undefined. */
export function eventFromPath(pathname: string): { kind: EventKind; name: string } | undefined {
  const known = knownPaths.get(pathname);
  if (known) return { ...known };
  const match = /^\/(webhooks|callbacks)\/([^/]+)\/?$/.exec(pathname);
  if (!match) return undefined;
  return { kind: match[1] === 'webhooks' ? 'webhook' : 'callback', name: decodeURIComponent(match[2]!) };
}

export function parseEventKey(key: string): { kind: EventKind; name: string } {
  const dot = key.indexOf('.');
  const kind = key.slice(0, dot);
  if (dot < 0 || (kind !== 'webhook' && kind !== 'callback')) throw new TypeError(`"${key}" is not an event key; use for example "webhook.stockUpdate".`);
  return { kind, name: key.slice(dot + 1) };
}

/** The handler type of one webhook, for handlers kept in their own files. */
export type WebhookHandler<N extends WebhookName> = Handler<WebhookPayloads[N], 'webhook', N>;
/** The handler type of one callback, for handlers kept in their own files. */
export type CallbackHandler<N extends CallbackName> = Handler<CallbackPayloads[N], 'callback', N>;
