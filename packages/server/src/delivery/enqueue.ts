import type { Queryable } from '../db/database.js';
import { freshDelivery, targetStateSql, type DeliveryHandoff, type FreshDelivery, type TargetState } from './handoff.js';
import { newIds } from './ids.js';
import { DELIVERY_CHANNEL } from './wake-ups.js';

/** One message for one target, queued by a publishing operation. */
export interface OutgoingMessage {
  kind: 'webhook' | 'callback';
  event: 'concertAlert' | 'stockUpdate';
  /** Registration (`reg_…`) or subscription (`sub_…`) id; its secret is read at send time. */
  targetId: string;
  ownerKeyId: string;
  url: string;
  contentType: 'text/plain; charset=utf-8' | 'application/json';
  body: string;
  /** The `webhook-id`; a fresh `msg_…` when omitted. */
  messageId?: string;
}

/**
 * Queues messages for delivery inside the caller's transaction (the outbox): they become
 * visible to the workers only if the caller's state change commits. Without `handoff` the
 * commit wakes the workers of every process (LISTEN/NOTIFY); with one, the caller hands it
 * the deliveries returned here once they have committed, and it wakes whom they need.
 *
 * One statement of constant text whatever the fan-out: the per-message columns travel as
 * arrays, and a body, content type, kind and event shared by every message (a publish)
 * travel once. Against a multi-row VALUES list this parses far fewer parameters, and the
 * text does not change with the number of registrations (test/bench/enqueue.bench.ts).
 */
export async function enqueueDeliveries(tx: Queryable, messages: OutgoingMessage[], handoff?: DeliveryHandoff): Promise<FreshDelivery[]> {
  if (messages.length === 0) return [];
  const first = messages[0]!;
  const shared = messages.every((m) => m.kind === first.kind && m.event === first.event && m.contentType === first.contentType && m.body === first.body);
  const ids = newIds('dlv', messages.length);
  const fresh = newIds('msg', messages.filter((m) => m.messageId === undefined).length);
  let k = 0;
  const messageIds = messages.map((m) => m.messageId ?? fresh[k++]!);
  const targets = messages.map((m) => m.targetId);
  const owners = messages.map((m) => m.ownerKeyId);
  const urls = messages.map((m) => m.url);
  // The notification goes out when the caller's transaction commits (identical ones are sent once).
  const notify = handoff === undefined;
  const [row] = shared
    ? await tx.query<{ targets: string }>(
        `WITH queued AS (
           INSERT INTO deliveries (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, next_attempt_at)
           SELECT m.id, m.message_id, $6, $7, m.target_id, m.owner_key_id, m.url, $8, $9, now()
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS m (id, message_id, target_id, owner_key_id, url)
         )
         SELECT CASE WHEN $10::boolean THEN pg_notify('${DELIVERY_CHANNEL}', '') END, ${targetStateSql('(SELECT DISTINCT unnest($3::text[]) AS target_id)')} AS targets`,
        [ids, messageIds, targets, owners, urls, first.kind, first.event, first.contentType, first.body, notify],
      )
    : await tx.query<{ targets: string }>(
        `WITH queued AS (
           INSERT INTO deliveries (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, next_attempt_at)
           SELECT m.id, m.message_id, m.kind, m.event, m.target_id, m.owner_key_id, m.url, m.content_type, m.body, now()
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
             AS m (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body)
         )
         SELECT CASE WHEN $10::boolean THEN pg_notify('${DELIVERY_CHANNEL}', '') END, ${targetStateSql('(SELECT DISTINCT unnest($5::text[]) AS target_id)')} AS targets`,
        [ids, messageIds, messages.map((m) => m.kind), messages.map((m) => m.event), targets, owners, urls, messages.map((m) => m.contentType), messages.map((m) => m.body), notify],
      );
  const states = new Map((JSON.parse(row!.targets) as TargetState[]).map((t) => [t.target_id, t]));
  return messages.map((m, i) =>
    freshDelivery({ id: ids[i]!, message_id: messageIds[i]!, owner_key_id: m.ownerKeyId, url: m.url, content_type: m.contentType, body: m.body }, states.get(m.targetId)!),
  );
}

/**
 * Cancels every pending delivery of a target; call it in the same transaction that
 * deletes or disables the registration or subscription.
 */
export async function cancelDeliveriesForTarget(tx: Queryable, targetId: string): Promise<number> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE deliveries SET status = 'cancelled', next_attempt_at = NULL, updated_at = now()
     WHERE target_id = $1 AND status = 'pending' RETURNING id`,
    [targetId],
  );
  return rows.length;
}
