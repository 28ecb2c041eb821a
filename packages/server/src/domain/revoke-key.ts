import type { Database, Queryable } from '../db/database.js';
import { cancelDeliveriesForOwner } from '../delivery/queue/cancel.sql.js';
import type { OperationalEvent } from '../delivery/record/operational-events.js';

export type RevokeResult = 'revoked' | 'already-revoked' | 'not-found' | 'last-admin';

/**
 * What revoking needs of the outbox (publish/outbox.ts, which satisfies it): a transaction run whose
 * operational events are announced once it has committed. Named here because domain/ sits below publish/.
 */
export interface OperationalPublisher {
  publish<T>(work: (queue: { operational(tx: Queryable, events: OperationalEvent[]): Promise<void> }) => Promise<T>): Promise<T>;
}

/**
 * Revokes an API key and stops delivering to its registrations and subscriptions: they
 * become `disabled` (reason names the key) and their pending deliveries `cancelled`, in one
 * transaction. Nothing is deleted, so the delivery log keeps their history. The key's
 * operational-event subscriptions stay active and are sent `apiKeyRevoked`, queued and announced
 * by `outbox` (the CLI's has no worker: it wakes the workers of every process).
 */
export async function revokeApiKey(db: Pick<Database, 'transaction'>, outbox: OperationalPublisher, keyId: string): Promise<RevokeResult> {
  return outbox.publish((queue) =>
    db.transaction(async (tx) => {
      const [key] = await tx.query<{ scope: string; revoked: boolean }>(
        'SELECT scope, revoked_at IS NOT NULL AS revoked FROM api_keys WHERE id = $1 FOR UPDATE',
        [keyId],
      );
      if (!key) return 'not-found';
      if (key.revoked) return 'already-revoked';
      if (key.scope === 'admin' && (await isLastAdmin(tx, keyId))) return 'last-admin';
      await tx.query('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [keyId]);
      const reason = `API key ${keyId} revoked`;
      let targetsDisabled = 0;
      for (const table of ['registrations', 'subscriptions']) {
        const rows = await tx.query(
          `UPDATE ${table} SET status = 'disabled', disabled_reason = $2, disabled_at = now()
         WHERE owner_key_id = $1 AND deleted_at IS NULL AND status <> 'disabled' RETURNING id`,
          [keyId, reason],
        );
        targetsDisabled += rows.length;
      }
      await cancelDeliveriesForOwner(tx, keyId);
      const occurredAt = new Date().toISOString();
      const payload = { type: 'apiKeyRevoked' as const, occurredAt, ownerKeyId: keyId, apiKeyId: keyId, targetsDisabled };
      await queue.operational(tx, [{ name: 'apiKeyRevoked', ownerKeyId: keyId, payload }]);
      return 'revoked' as const;
    }),
  );
}

/** Whether no other admin key works; serialises concurrent revocations (and erasures) of the last two admin keys. */
export async function isLastAdmin(tx: Queryable, keyId: string): Promise<boolean> {
  await tx.query(`SELECT id FROM api_keys WHERE scope = 'admin' AND revoked_at IS NULL FOR UPDATE`);
  const [others] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM api_keys WHERE scope = 'admin' AND revoked_at IS NULL AND id <> $1`,
    [keyId],
  );
  return others!.n === 0;
}
