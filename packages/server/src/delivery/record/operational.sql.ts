import type { Queryable } from '../../db/database.js';
import type { OperationalEvent } from './operational-events.js';
import type { FreshDelivery, OutgoingMessage, PayloadCheck } from '../types.js';
import { insertDeliveries } from '../queue/insert.sql.js';
import type { PayloadVersioning } from '../payload-versions.js';

interface SubscriptionRow {
  id: string;
  owner_key_id: string;
  url: string;
  events: string[];
  payload_version: number;
}

/**
 * Queues each event to every active operational-event subscription of its owner that asked
 * for it, as ordinary webhook deliveries (signed, retried, fair, logged). `dueAt` delays them
 * (a rotation's overlap ends later: then it returns nothing to hand over, the claim finds them when
 * due); `check` sees every body first, as the outbox's does. Returns what it queued, for a local
 * worker to take once the transaction has committed.
 */
export async function queueOperationalEvents(
  tx: Queryable,
  events: OperationalEvent[],
  options: { dueAt?: string; check?: PayloadCheck; versions?: PayloadVersioning } = {},
): Promise<FreshDelivery[]> {
  if (events.length === 0) return [];
  const owners = [...new Set(events.map((e) => e.ownerKeyId))];
  const subscriptions = await tx.query<SubscriptionRow>(
    `SELECT id, owner_key_id, url, events, payload_version FROM operational_subscriptions
     WHERE owner_key_id = ANY($1::text[]) AND status = 'active' AND deleted_at IS NULL`,
    [owners],
  );
  const messages: OutgoingMessage[] = events.flatMap((e) =>
    subscriptions
      .filter((s) => s.owner_key_id === e.ownerKeyId && s.events.includes(e.name))
      .map((s) => ({
        kind: 'webhook' as const,
        event: e.name,
        targetId: s.id,
        ownerKeyId: s.owner_key_id,
        url: s.url,
        contentType: 'application/json' as const,
        body: JSON.stringify(e.payload),
        payloadVersion: s.payload_version,
      })),
  );
  for (const m of messages) options.check?.(m, m.contentType, m.body);
  const fresh = await insertDeliveries(tx, messages, undefined, options.versions);
  if (options.dueAt === undefined || fresh.length === 0) return fresh;
  await tx.query('UPDATE deliveries SET next_attempt_at = $2 WHERE id = ANY($1::text[])', [fresh.map((d) => d.id), options.dueAt]);
  return [];
}

/**
 * The event (webhook or callback name) each of these deliveries carried, ended by the record statement
 * just before (`completed_at` its `now()`, the database's clock): the history's days before the last
 * hour are not read.
 */
export async function eventsOfDeliveries(db: Queryable, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: string; event: string }>(
    `SELECT id, event FROM delivery_history WHERE id = ANY($1::text[]) AND completed_at >= now() - interval '1 hour'`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.event]));
}
