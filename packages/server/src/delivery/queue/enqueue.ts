import type { Queryable } from '../../db/database.js';
import { insertDeliveries } from './insert.sql.js';
import type { FreshDelivery, OutgoingMessage } from '../types.js';

export { cancelDeliveriesForTarget } from './cancel.sql.js';
export type { OutgoingMessage } from '../types.js';

/**
 * Queues messages for delivery inside the caller's transaction: they become visible to the
 * workers only if the caller's state change commits. It announces nothing; workers find them at
 * their next poll. To have them sent at once, queue through an `Outbox` (publish/outbox.ts),
 * which hands what committed to the local worker or wakes the workers of every process.
 */
export function enqueueDeliveries(tx: Queryable, messages: OutgoingMessage[]): Promise<FreshDelivery[]> {
  return insertDeliveries(tx, messages);
}
