import type { TraceHeaders } from '../../telemetry/trace-context.js';
import type { FreshDelivery, FreshMessage, TargetState } from '../types.js';

/** A delivery about to go out (a new message's first attempt), from what was queued and its target's state (fields named one by one: no spread, one shape). */
export function freshDelivery(message: FreshMessage, state: TargetState, trace?: TraceHeaders): FreshDelivery {
  return {
    id: message.id,
    message_id: message.message_id,
    kind: message.kind,
    event: message.event,
    payload_version: message.payload_version,
    body_version: message.body_version,
    owner_key_id: message.owner_key_id,
    url: message.url,
    content_type: message.content_type,
    body: message.body,
    target_id: state.target_id,
    attempt_count: message.attempt_count ?? 1,
    round_attempts: message.round_attempts ?? 1,
    secret: state.secret,
    target_active: state.target_active,
    target_cap: null,
    rate_limit: state.rate_limit,
    circuit: state.circuit,
    pull: state.pull,
    holder: state.holder,
    hold_left_ms: state.hold_left_ms,
    traceparent: trace?.traceparent ?? null,
    tracestate: trace?.tracestate ?? null,
    queued_at: message.queued_at ?? Date.now(),
    ordering_key: message.ordering_key ?? null,
    key_seq: message.key_seq ?? null,
    first_of_key: message.first_of_key ?? false,
  };
}
