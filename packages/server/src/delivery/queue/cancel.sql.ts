import type { Queryable } from '../../db/database.js';
import { cancelQueued } from './history.sql.js';

/** Cancels the pending deliveries that `where` selects ($1 its one parameter): they leave the queue for the history; returns how many. */
async function cancelPending(tx: Queryable, where: string, param: unknown): Promise<number> {
  return (await cancelQueued(tx, where, [param])).length;
}

/**
 * Cancels every pending delivery of a target; call it in the same transaction that
 * deletes or disables the registration or subscription.
 */
export function cancelDeliveriesForTarget(tx: Queryable, targetId: string): Promise<number> {
  return cancelPending(tx, 'target_id = $1', targetId);
}

/** Cancels every pending delivery of an API key's targets (the key is revoked). */
export function cancelDeliveriesForOwner(tx: Queryable, ownerKeyId: string): Promise<number> {
  return cancelPending(tx, 'owner_key_id = $1', ownerKeyId);
}

/** Cancels claimed deliveries whose target is gone or disabled, without an attempt. */
export async function cancelClaimed(db: Queryable, ids: string[]): Promise<void> {
  if (ids.length > 0) await cancelPending(db, 'id = ANY($1::text[])', ids);
}
