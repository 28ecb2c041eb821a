import type { Queryable } from '../db/database.js';
import { insertDeliveries } from './sql/insert.js';
import type { DeliveryHandoff, FreshDelivery, OutgoingMessage } from './types.js';

export { cancelDeliveriesForTarget } from './sql/cancel.js';
export type { OutgoingMessage } from './types.js';

/**
 * Queues messages for delivery inside the caller's transaction (the outbox): they become
 * visible to the workers only if the caller's state change commits. Without `handoff` the
 * commit wakes the workers of every process (LISTEN/NOTIFY); with one, the caller hands it
 * the deliveries returned here once they have committed, and it wakes whom they need.
 * Publishers in this server queue through the `Outbox` (publish/outbox.ts), which does both.
 */
export function enqueueDeliveries(tx: Queryable, messages: OutgoingMessage[], handoff?: DeliveryHandoff): Promise<FreshDelivery[]> {
  return insertDeliveries(tx, messages, handoff === undefined);
}
