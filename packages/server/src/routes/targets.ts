import { cancelDeliveriesForTarget } from '../delivery/enqueue.js';
import type { Queryable } from '../db/database.js';
import type { Caller } from '../http/context.js';
import { newId, newSigningSecret } from '../ids.js';

/** Registrations and subscriptions: owned, idempotently created, softly removed targets. */
export interface TargetTable {
  table: 'registrations' | 'subscriptions';
  idPrefix: 'reg' | 'sub';
  columns: string;
}

/**
 * Inserts a target with a fresh id and secret, or returns the live one with the same
 * identifying fields (an idempotent retry gets the same record, secret included).
 */
export async function insertOrGetTarget<Row>(db: Queryable, target: TargetTable, identity: Record<string, string>): Promise<Row> {
  const names = Object.keys(identity);
  const values = Object.values(identity);
  const placeholders = names.map((_, i) => `$${i + 3}`).join(', ');
  const inserted = await db.query<Row>(
    `INSERT INTO ${target.table} (id, secret, ${names.join(', ')}) VALUES ($1, $2, ${placeholders})
     ON CONFLICT (${names.join(', ')}) WHERE deleted_at IS NULL DO NOTHING RETURNING ${target.columns}`,
    [newId(target.idPrefix), newSigningSecret(), ...values],
  );
  if (inserted[0]) return inserted[0];
  const [existing] = await db.query<Row>(
    `SELECT ${target.columns} FROM ${target.table} WHERE ${names.map((n, i) => `${n} = $${i + 1}`).join(' AND ')} AND deleted_at IS NULL`,
    values,
  );
  if (!existing) throw new Error(`${target.table}: row vanished between insert and select`);
  return existing;
}

/** The WHERE clause of a listing: live rows, the caller's own unless admin, plus filters. */
export function ownedWhere(caller: Caller, filters: Array<[column: string, value: unknown]>): { where: string[]; params: unknown[] } {
  const where = ['deleted_at IS NULL'];
  const params: unknown[] = [];
  const add = (column: string, value: unknown) => {
    params.push(value);
    where.push(`${column} = $${params.length}`);
  };
  if (caller.scope !== 'admin') add('owner_key_id', caller.keyId);
  for (const [column, value] of filters) if (value !== undefined) add(column, value);
  return { where, params };
}

/** Softly removes a target the caller owns (or any, for an admin) and cancels its pending deliveries. */
export async function removeTarget(db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> }, target: TargetTable, id: string, caller: Caller): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      `UPDATE ${target.table} SET deleted_at = now(), status = 'disabled', disabled_reason = 'removed', disabled_at = now()
       WHERE id = $1 AND deleted_at IS NULL AND (owner_key_id = $2 OR $3) RETURNING id`,
      [id, caller.keyId, caller.scope === 'admin'],
    );
    if (rows.length > 0) await cancelDeliveriesForTarget(tx, id);
    return rows.length > 0;
  });
}
