import type { Queryable } from '../../db/database.js';

/**
 * Deletes every delivery of an owner, queued or ended, with its attempts and its targets' health
 * and ordering rows, in one statement (indexes deliveries_owner_seq, delivery_history_owner_seq; attempts by
 * delivery id). Returns how many deliveries went.
 */
export async function eraseOwnerDeliveries(tx: Queryable, ownerKeyId: string): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `WITH queued AS (
       DELETE FROM deliveries WHERE owner_key_id = $1 RETURNING id
     ), ended AS (
       DELETE FROM delivery_history WHERE owner_key_id = $1 RETURNING id
     ), attempts AS (
       DELETE FROM delivery_attempts WHERE delivery_id = ANY(ARRAY(SELECT id FROM queued UNION ALL SELECT id FROM ended))
     ), owned AS (
       SELECT id FROM registrations WHERE owner_key_id = $1 UNION ALL SELECT id FROM subscriptions WHERE owner_key_id = $1
       UNION ALL SELECT id FROM operational_subscriptions WHERE owner_key_id = $1
     ), targets AS (
       DELETE FROM delivery_targets WHERE target_id = ANY(ARRAY(SELECT id FROM owned))
     ), sequences AS (
       -- The targets' ordering keys and places, and the keys their failed messages hold (migrations 071, 072).
       DELETE FROM ordering_sequences WHERE target_id = ANY(ARRAY(SELECT id FROM owned))
     ), holds AS (
       DELETE FROM ordering_holds WHERE target_id = ANY(ARRAY(SELECT id FROM owned))
     )
     SELECT ((SELECT count(*) FROM queued) + (SELECT count(*) FROM ended))::int AS n`,
    [ownerKeyId],
  );
  return row?.n ?? 0;
}
