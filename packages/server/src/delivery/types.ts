import type { CallbackName, WebhookName } from '@clubnotify/spec';

/** A delivery claimed by one worker for one attempt, with its target's secret(s) read now. */
export interface ClaimedDelivery {
  id: string;
  message_id: string;
  kind: 'webhook' | 'callback';
  event: string;
  /** The payload version the body is sent as (`webhook-version`), fixed when the message was queued (migration 070). */
  payload_version: number;
  /** The version `body` is in: `payload_version`, unless its conversion failed when it was queued (then the current one). */
  body_version: number;
  target_id: string;
  owner_key_id: string;
  url: string;
  content_type: string;
  body: string;
  /** The number of this attempt (already counted). */
  attempt_count: number;
  round_attempts: number;
  /** One `whsec_` secret, or several space-separated during a rotation's overlap. */
  secret: string | null;
  target_active: boolean;
  /** 1 while the target's circuit is half-open (one probe at a time), otherwise null. */
  target_cap: number | null;
  /** The target's `rateLimitPerSecond`, or null. */
  rate_limit: number | null;
  /** Not started before this time (`performance.now()` scale): its send slot under the rate limit. */
  not_before?: number;
  /** The W3C trace context of the publish that queued it: each attempt's span continues that trace. */
  traceparent?: string | null;
  tracestate?: string | null;
  /** When it was queued: a claimed row's `created_at` (text), or a fresh one's `Date.now()`. */
  created_at?: string;
  /** Its ordering key (`x-clubnotify-ordering-key`), and its place among that key's messages to its target (migration 071). */
  ordering_key?: string | null;
  key_seq?: number | null;
  queued_at?: number;
}

/** What one attempt on the wire ended with. */
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

/** What a worker decided after one attempt. */
export interface Outcome {
  delivery: ClaimedDelivery;
  result: AttemptResult;
  status: 'pending' | 'succeeded' | 'failed';
  /** Delay before the next attempt when `status` is pending. */
  retryInMs: number | null;
  /** Disable the target at once with this reason (410 Gone). */
  disableReason?: string;
  /** Deliveries of the same target that waited in this worker and are cancelled with it. */
  dropped?: string[];
  /** Not sent: its body could not be converted to its payload version (the error names the converter). */
  unsent?: boolean;
}

/** Checks an outgoing body against its declared schema before it is queued: throws (strict) or reports (warn). */
export type PayloadCheck = (target: { kind: 'webhook' | 'callback'; event: string }, contentType: string, body: string) => void;

/** When failing targets are disabled, and when their circuit opens. */
export interface TargetPolicy {
  /** A target failing this long without a success is disabled. */
  disableAfterMs: number;
  /** Consecutive failed attempts, the last without any answer (timeout, refused, reset), that open the circuit. */
  breakAfter: number;
  /** How long an open circuit holds the target's deliveries before one probe may go. */
  coolDownMs: number;
}

/** One message for one target, queued by a publishing operation. */
export interface OutgoingMessage {
  kind: 'webhook' | 'callback';
  /** A webhook or callback of the spec. */
  event: WebhookName | CallbackName;
  /** Registration (`reg_…`) or subscription (`sub_…`) id; its secret is read at send time. */
  targetId: string;
  ownerKeyId: string;
  url: string;
  contentType: 'text/plain; charset=utf-8' | 'application/json';
  body: string;
  /** The `webhook-id`; a fresh `msg_…` when omitted. */
  messageId?: string;
  /** The target is `pull` (migration 040): its owner leases the message from the feed, nothing is sent. */
  pull?: boolean;
  /** The payload version its target gets (migration 070); the current one when omitted. The body is in the current version: the queue converts it. */
  payloadVersion?: number;
  /** Set by the conversion (`inTargetVersions`): the version `body` is in, when it differs from the current one or the conversion failed. */
  bodyVersion?: number;
  /** Its ordering key, when its event declares one (`readOrderingKey`): sent after the key's earlier messages to the target. */
  orderingKey?: string;
  /** A callback's subscribing request fields (`concertId`): where a `source: subscription` ordering key is read. */
  subscription?: Record<string, unknown>;
}

/**
 * A delivery this process has just queued and committed, with its target's state as the
 * enqueueing statement read it: what a claim would have read a moment later.
 */
export interface FreshDelivery extends ClaimedDelivery {
  /** PostgreSQL: the worker that serves the target, and how long its hold still runs (ms). */
  holder: string | null;
  hold_left_ms: number | null;
  /** The target's circuit has opened (open or half-open): its deliveries go through a claim. */
  circuit: boolean;
  /** A pull target's: it waits for the feed's reader (`PullFeed`), never for the push worker. */
  pull: boolean;
  /** Keyed and the first of its key when queued: the local worker may take it, as an unkeyed one. */
  first_of_key: boolean;
}

/**
 * The local worker, as the `Outbox` announces new work to it once it has committed: it sends
 * what a claim would let it send now, claims for the rest, and wakes the workers of other
 * processes if they serve some of the rest.
 */
export interface DeliveryHandoff {
  /** Deliveries this process just queued and committed. */
  offer(fresh: FreshDelivery[]): void;
  /** Deliveries already queued became due (replay, recovery): claim now instead of at the next poll. */
  wake(): void;
}

/** One target's state, as {@link targetStateSql} returns it. */
export interface TargetState {
  target_id: string;
  secret: string | null;
  rate_limit: number | null;
  target_active: boolean;
  pull: boolean;
  circuit: boolean;
  holder: string | null;
  hold_left_ms: number | null;
}

/** The message a fresh delivery carries; the rest comes from its target's state. */
export interface FreshMessage {
  id: string;
  message_id: string;
  kind: 'webhook' | 'callback';
  event: string;
  payload_version: number;
  body_version: number;
  owner_key_id: string;
  url: string;
  content_type: string;
  body: string;
  /** Its ordering key, when its event declares one, and its place among that key's messages to its target. */
  ordering_key?: string | null;
  key_seq?: number;
  /** Keyed: no earlier message of its (target, key) was queued or held the key (`keyedRowsSql`); else it waits for a claim. */
  first_of_key?: boolean;
  /** The attempt it goes out as, and its round's: 1 for a new message, more for one that was sent before (a replay). */
  attempt_count?: number;
  round_attempts?: number;
  /** When it was queued (`Date.now()` scale); now when omitted (it has just been). */
  queued_at?: number;
}
