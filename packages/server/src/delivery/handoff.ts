import { targetColumns, type ClaimedDelivery } from './store.js';

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
}

/**
 * Where an operation that queued deliveries hands them once they have committed: the local
 * worker sends what a claim would let it send now, wakes for a claim if it leaves any, and
 * wakes the workers of other processes if they serve some of the rest. An enqueue given a
 * handoff sends no notification itself.
 */
export interface DeliveryHandoff {
  offer(fresh: FreshDelivery[]): void;
}

/** One target's state, as {@link targetStateSql} returns it. */
export interface TargetState {
  target_id: string;
  secret: string | null;
  rate_limit: number | null;
  target_active: boolean;
  circuit: boolean;
  holder: string | null;
  hold_left_ms: number | null;
}

/**
 * A JSON array (text) of the state of the targets in `source` (a relation with a `target_id`
 * column, one row per target), with `extra` columns of `source` (`k`) passed through. One
 * primary-key lookup per table and target, as in the claim.
 */
export const targetStateSql = (source: string, extra = '') => `(SELECT coalesce(json_agg(x), '[]')::text FROM (
       SELECT k.target_id${extra}, ${targetColumns}, t.circuit_open_until IS NOT NULL AS circuit, t.holder,
         (extract(epoch FROM t.holder_until - clock_timestamp()) * 1000)::float8 AS hold_left_ms
       FROM ${source} k
       LEFT JOIN LATERAL (SELECT * FROM delivery_targets t WHERE t.target_id = k.target_id LIMIT 1) t ON true
       LEFT JOIN LATERAL (SELECT * FROM registrations r WHERE r.id = k.target_id LIMIT 1) r ON true
       LEFT JOIN LATERAL (SELECT * FROM subscriptions s WHERE s.id = k.target_id LIMIT 1) s ON true
     ) x)`;

/** The message a fresh delivery carries; the rest comes from its target's state. */
export interface FreshMessage {
  id: string;
  message_id: string;
  owner_key_id: string;
  url: string;
  content_type: string;
  body: string;
}

/** A delivery at its first attempt, from what was queued and its target's state (fields named one by one: no spread, one shape). */
export function freshDelivery(message: FreshMessage, state: TargetState): FreshDelivery {
  return {
    id: message.id,
    message_id: message.message_id,
    owner_key_id: message.owner_key_id,
    url: message.url,
    content_type: message.content_type,
    body: message.body,
    target_id: state.target_id,
    attempt_count: 1,
    round_attempts: 1,
    secret: state.secret,
    target_active: state.target_active,
    target_cap: null,
    rate_limit: state.rate_limit,
    circuit: state.circuit,
    holder: state.holder,
    hold_left_ms: state.hold_left_ms,
  };
}
