import type { components } from '@clubnotify/spec';
import type { Database } from '../db/database.js';
import { eraseOwnerDeliveries } from '../delivery/upkeep/erase.sql.js';
import { isLastAdmin } from './revoke-key.js';

export type ErasedApiKey = components['schemas']['ErasedApiKey'];

/**
 * Erases an API key with everything of its owner (a request for erasure): its deliveries and
 * their attempts, queued or ended, its registrations and subscriptions, its idempotency
 * records, then the key, in one transaction. The last admin key that is not revoked stays.
 * `check` sees the answer before the commit.
 */
export async function eraseApiKey(
  db: Pick<Database, 'transaction'>,
  keyId: string,
  check: (answer: ErasedApiKey) => ErasedApiKey = (answer) => answer,
): Promise<ErasedApiKey | 'not-found' | 'last-admin'> {
  return db.transaction(async (tx) => {
    const [key] = await tx.query<{ scope: string; revoked: boolean }>(
      'SELECT scope, revoked_at IS NOT NULL AS revoked FROM api_keys WHERE id = $1 FOR UPDATE',
      [keyId],
    );
    if (!key) return 'not-found';
    if (key.scope === 'admin' && !key.revoked && (await isLastAdmin(tx, keyId))) return 'last-admin';
    const messages = await eraseOwnerDeliveries(tx, keyId);
    const count = async (sql: string) => (await tx.query(sql, [keyId])).length;
    const registrations = await count('DELETE FROM registrations WHERE owner_key_id = $1 RETURNING id');
    const subscriptions = await count('DELETE FROM subscriptions WHERE owner_key_id = $1 RETURNING id');
    await tx.query('DELETE FROM operational_subscriptions WHERE owner_key_id = $1', [keyId]);
    await tx.query('DELETE FROM idempotency_keys WHERE owner_key_id = $1', [keyId]);
    await tx.query('DELETE FROM delivery_pruned WHERE owner_key_id = $1', [keyId]);
    await tx.query('DELETE FROM api_keys WHERE id = $1', [keyId]);
    // Checked before the commit: an answer that breaks the spec erases nothing.
    return check({ id: keyId, messages, registrations, subscriptions });
  });
}
