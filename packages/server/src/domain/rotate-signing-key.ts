import type { Database, Queryable } from '../db/database.js';
import type { OperationalEvent } from '../delivery/record/operational-events.js';
import { adoptSigningKey, rotateSigningKey, type SigningKey, type SigningKeyRotation } from '../delivery/send/signing-keys.js';
import type { OperationalPublisher } from './revoke-key.js';

/** The owners with a live key and an active operational-event subscription that asked for `signingKeyRotated`. */
const LISTENING_OWNERS = `SELECT DISTINCT o.owner_key_id FROM operational_subscriptions o JOIN api_keys k ON k.id = o.owner_key_id
  WHERE o.status = 'active' AND o.deleted_at IS NULL AND k.revoked_at IS NULL AND 'signingKeyRotated' = ANY(o.events)`;

/** One `signingKeyRotated` per listening owner: the key is the server's, so each owner is told of it. */
async function rotationEvents(tx: Queryable, rotation: SigningKeyRotation): Promise<OperationalEvent[]> {
  const owners = await tx.query<{ owner_key_id: string }>(LISTENING_OWNERS);
  const occurredAt = new Date().toISOString();
  return owners.map(({ owner_key_id: ownerKeyId }) => ({
    name: 'signingKeyRotated',
    ownerKeyId,
    payload: {
      type: 'signingKeyRotated',
      occurredAt,
      ownerKeyId,
      kid: rotation.kid,
      signsFrom: rotation.signsFrom.toISOString(),
      previousKid: rotation.previousKid ?? null,
      previousDropsAt: rotation.previousDropsAt?.toISOString() ?? null,
    },
  }));
}

/**
 * Rotates the server's signing key and queues `signingKeyRotated` in the same transaction, so
 * owners are told of exactly the rotations that committed (a `pending` one tells nobody).
 */
export async function rotateAndAnnounce(
  db: Pick<Database, 'query' | 'transaction'>,
  outbox: OperationalPublisher,
  leadSeconds?: number,
): Promise<SigningKeyRotation | 'pending'> {
  return outbox.publish((queue) =>
    rotateSigningKey(db, leadSeconds, async (tx, rotation) => queue.operational(tx, await rotationEvents(tx, rotation))),
  );
}

/**
 * At start: makes this process's key current (the operator's, or the server's own once the
 * operator's is no longer given) and announces the change as a rotation, when there was one.
 */
export async function adoptAndAnnounce(
  db: Pick<Database, 'transaction'>,
  outbox: OperationalPublisher,
  operatorKey: SigningKey | undefined,
): Promise<SigningKeyRotation | undefined> {
  return outbox.publish((queue) =>
    adoptSigningKey(db, operatorKey, async (tx, rotation) => queue.operational(tx, await rotationEvents(tx, rotation))),
  );
}
