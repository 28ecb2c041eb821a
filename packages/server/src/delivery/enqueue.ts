import type { Queryable } from '../db/database.js';
import { newId } from './ids.js';

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

const columns = 9;
// PostgreSQL allows 65535 bind parameters per statement.
const chunk = 1000;

/**
 * Queues messages for delivery inside the caller's transaction (the outbox): they become
 * visible to the workers only if the caller's state change commits.
 */
export async function enqueueDeliveries(tx: Queryable, messages: OutgoingMessage[]): Promise<void> {
  for (let start = 0; start < messages.length; start += chunk) {
    const part = messages.slice(start, start + chunk);
    const params: unknown[] = [];
    const rows = part.map((m, i) => {
      params.push(newId('dlv'), m.messageId ?? newId('msg'), m.kind, m.event, m.targetId, m.ownerKeyId, m.url, m.contentType, m.body);
      const base = i * columns;
      return `(${Array.from({ length: columns }, (_, c) => `$${base + c + 1}`).join(', ')}, now())`;
    });
    await tx.query(
      `INSERT INTO deliveries (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, next_attempt_at)
       VALUES ${rows.join(', ')}`,
      params,
    );
  }
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
