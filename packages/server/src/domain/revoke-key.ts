import type { Database, Queryable } from '../db/database.js';
import { cancelDeliveriesForOwner } from '../delivery/sql/cancel.js';
import { queueOperationalEvents } from '../delivery/sql/operational.js';
import type { PayloadCheck } from '../delivery/types.js';

export type RevokeResult = 'revoked' | 'already-revoked' | 'not-found' | 'last-admin';

/**
 * Revokes an API key and stops delivering to its registrations and subscriptions: they
 * become `disabled` (reason names the key) and their pending deliveries `cancelled`, in one
 * transaction. Nothing is deleted, so the delivery log keeps their history. The key's
 * operational-event subscriptions stay active and are sent `apiKeyRevoked` (every process is
 * woken at commit: the CLI has no worker of its own).
 */
export async function revokeApiKey(db: Pick<Database, 'transaction'>, keyId: string, check?: PayloadCheck): Promise<RevokeResult> {
  return db.transaction(async (tx) => {
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
    await queueOperationalEvents(tx, [{ name: 'apiKeyRevoked', ownerKeyId: keyId, payload }], { notify: true, check });
    return 'revoked';
  });
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
