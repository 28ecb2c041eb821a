import type { OperationalEventName, WebhookPayloads } from '@clubnotify/spec';
import type { Outcome } from '../types.js';

/** One operational event about an owner's target, delivery or key, before it is queued. */
export type OperationalEvent = {
  [N in OperationalEventName]: { name: N; ownerKeyId: string; payload: WebhookPayloads[N] };
}[OperationalEventName];

/**
 * Operational-event subscriptions (`ops_…`) are never reported on: a failing one would
 * otherwise report its own failures to itself (or two to each other) forever.
 */
export const isOperationalTarget = (targetId: string): boolean => targetId.startsWith('ops_');

/**
 * What a recorded batch tells owners: deliveries failed for good (and the keys they now hold,
 * `held`: the failed deliveries in ordering_holds), circuits opened or closed, targets disabled.
 */
export function outcomeEvents(
  outcomes: Outcome[],
  opened: string[],
  disabled: ReadonlyMap<string, string>,
  coolDownMs: number,
  eventOf: ReadonlyMap<string, string>,
  held: ReadonlySet<string> = new Set(),
): OperationalEvent[] {
  const occurredAt = new Date().toISOString();
  const reported = outcomes.filter((o) => !isOperationalTarget(o.delivery.target_id));
  const target = new Map(reported.map((o) => [o.delivery.target_id, o.delivery]));
  const about = (targetId: string) => {
    const d = target.get(targetId)!;
    return { ownerKeyId: d.owner_key_id, payload: { occurredAt, ownerKeyId: d.owner_key_id, targetId, url: d.url } };
  };
  const events: OperationalEvent[] = [];
  for (const o of reported) {
    if (o.status !== 'failed') continue;
    const d = o.delivery;
    events.push({
      name: 'deliveryFailed',
      ownerKeyId: d.owner_key_id,
      payload: {
        type: 'deliveryFailed',
        occurredAt,
        ownerKeyId: d.owner_key_id,
        deliveryId: d.id,
        messageId: d.message_id,
        event: eventOf.get(d.id) ?? 'unknown',
        targetId: d.target_id,
        url: d.url,
        attemptCount: d.attempt_count,
        lastStatusCode: o.result.statusCode,
        lastError: o.result.error,
        // At a hold target its key now waits for a replay or a switch to release (migration 072).
        ...(d.ordering_key ? { orderingKey: d.ordering_key } : {}),
      },
    });
    if (d.ordering_key && held.has(d.id)) events.push(keyHeld(d, occurredAt));
  }
  // A successful probe (the one attempt of a half-open circuit) closed it.
  const closed = new Set(reported.filter((o) => o.status === 'succeeded' && o.delivery.target_cap === 1).map((o) => o.delivery.target_id));
  for (const id of closed) {
    const { ownerKeyId, payload } = about(id);
    events.push({ name: 'circuitClosed', ownerKeyId, payload: { type: 'circuitClosed', ...payload } });
  }
  const openUntil = new Date(Date.now() + coolDownMs).toISOString();
  for (const id of opened.filter((t) => target.has(t))) {
    const { ownerKeyId, payload } = about(id);
    events.push({ name: 'circuitOpened', ownerKeyId, payload: { type: 'circuitOpened', ...payload, openUntil } });
  }
  for (const [id, reason] of disabled) {
    if (!target.has(id)) continue;
    const { ownerKeyId, payload } = about(id);
    events.push({ name: 'targetDisabled', ownerKeyId, payload: { type: 'targetDisabled', ...payload, reason } });
  }
  return events;
}

/** A failed keyed delivery at a `hold` target now holds its key (migration 072). */
function keyHeld(d: Outcome['delivery'], occurredAt: string): OperationalEvent {
  const payload = {
    occurredAt,
    ownerKeyId: d.owner_key_id,
    targetId: d.target_id,
    url: d.url,
    orderingKey: d.ordering_key!,
    deliveryId: d.id,
  };
  return { name: 'orderingKeyHeld', ownerKeyId: d.owner_key_id, payload: { type: 'orderingKeyHeld', ...payload } };
}
