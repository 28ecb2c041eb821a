import type { Queryable } from '../../db/database.js';

/**
 * The hold a failed keyed message puts on its key at a `hold` target (migration 072), as the
 * record statement's `held` step: `done` yields the ended rows (target_id, ordering_key, id, status).
 */
export const holdFailedKeysSql = (done: string) => `INSERT INTO ordering_holds (target_id, ordering_key, delivery_id)
       SELECT d.target_id, d.ordering_key, d.id FROM ${done} d
       WHERE d.status = 'failed' AND d.ordering_key IS NOT NULL
         AND (EXISTS (SELECT 1 FROM registrations r WHERE r.id = d.target_id AND r.ordering = 'hold')
           OR EXISTS (SELECT 1 FROM subscriptions s WHERE s.id = d.target_id AND s.ordering = 'hold'))
       ON CONFLICT DO NOTHING`;

/** The claim's test that no failed message holds a keyed row's key (`row` names the queue row). */
export const notHeldSql = (row: string) =>
  `NOT EXISTS (SELECT 1 FROM ordering_holds h WHERE h.target_id = ${row}.target_id AND h.ordering_key = ${row}.ordering_key)`;

/**
 * {@link notHeldSql}, read only while some key is held: whether any is, an InitPlan asks once per
 * statement (holds are rare), so a statement over many keyed rows does not probe the holds for each.
 */
export const notHeldWhenAnySql = (row: string) => `(NOT (SELECT EXISTS (SELECT 1 FROM ordering_holds)) OR ${notHeldSql(row)})`;

/**
 * The test that no earlier message of a keyed row's (target, key) is in the queue (`row` names the
 * row; `besides`, the place of one the statement still sees but has just ended), by `deliveries_target` (migration 106).
 */
export const firstOfKeySql = (row: string, besides?: string) =>
  `NOT EXISTS (SELECT 1 FROM deliveries e WHERE e.target_id = ${row}.target_id AND e.ordering_key = ${row}.ordering_key
                 AND e.key_seq < ${row}.key_seq${besides ? ` AND e.key_seq <> ${besides}` : ''})`;

/** A queue row may go as far as its key is concerned: it has none, or it is first of its key and the key is not held. */
export const keyFreeSql = (row: string) => `(${row}.ordering_key IS NULL OR (${firstOfKeySql(row)} AND ${notHeldWhenAnySql(row)}))`;

/** Sets a target's ordering mode; `release` also lets every key it holds go on. Returns how many holds it removed. */
export async function switchOrderingMode(tx: Queryable, table: string, id: string, mode: 'release' | 'hold'): Promise<number> {
  await tx.query(`UPDATE ${table} SET ordering = $2 WHERE id = $1`, [id, mode]);
  if (mode === 'hold') return 0;
  const released = await tx.query<{ delivery_id: string }>(`DELETE FROM ordering_holds WHERE target_id = $1 RETURNING delivery_id`, [id]);
  return released.length;
}

/**
 * Forgets a removed target's ordering: its keys' places (`ordering_sequences`) and the keys its
 * failed messages hold (`ordering_holds`), so nothing of a gone target stays stored for ever.
 * Call it in the transaction that removes the target.
 */
export async function forgetTargetOrdering(tx: Queryable, targetId: string): Promise<void> {
  await tx.query(`WITH holds AS (DELETE FROM ordering_holds WHERE target_id = $1) DELETE FROM ordering_sequences WHERE target_id = $1`, [
    targetId,
  ]);
}

/** Removes the hold a failed delivery puts on its key (skipDelivery): the key's later messages go on. Returns how many holds went. */
export async function releaseHold(tx: Queryable, deliveryId: string): Promise<number> {
  return (await tx.query(`DELETE FROM ordering_holds WHERE delivery_id = $1 RETURNING target_id`, [deliveryId])).length;
}

/** Which of these (failed, keyed) deliveries hold their key: the orderingKeyHeld events of a recorded batch. */
export async function holdingKeys(db: Queryable, deliveryIds: string[]): Promise<Set<string>> {
  if (deliveryIds.length === 0) return new Set();
  const rows = await db.query<{ delivery_id: string }>(`SELECT delivery_id FROM ordering_holds WHERE delivery_id = ANY($1::text[])`, [
    deliveryIds,
  ]);
  return new Set(rows.map((r) => r.delivery_id));
}

/** The most held keys a target's read shows (`heldKeys`). */
export const HELD_KEYS_SHOWN = 100;

/** The keys a target holds behind failed messages, oldest first, at most {@link HELD_KEYS_SHOWN} (a target's read, `heldKeys`). */
export async function heldKeys(
  db: Queryable,
  targetId: string,
): Promise<Array<{ orderingKey: string; deliveryId: string; heldAt: string }>> {
  const rows = await db.query<{ ordering_key: string; delivery_id: string; held_at: Date | string }>(
    `SELECT ordering_key, delivery_id, held_at FROM ordering_holds WHERE target_id = $1 ORDER BY held_at, ordering_key LIMIT ${HELD_KEYS_SHOWN}`,
    [targetId],
  );
  return rows.map((r) => ({ orderingKey: r.ordering_key, deliveryId: r.delivery_id, heldAt: new Date(r.held_at).toISOString() }));
}
