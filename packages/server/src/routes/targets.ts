import { cancelDeliveriesForTarget } from '../delivery/queue/cancel.sql.js';
import { forgetTargetOrdering } from '../delivery/queue/ordering-holds.sql.js';
import type { Queryable } from '../db/database.js';
import { HttpProblem } from '../http/problem.js';
import type { Caller } from '../http/context.js';
import { newId, newSigningSecret } from '../ids.js';

/** Registrations, subscriptions and operational-event subscriptions: owned, idempotently created, softly removed targets. */
export interface TargetTable {
  table: 'registrations' | 'subscriptions' | 'operational_subscriptions';
  idPrefix: 'reg' | 'sub' | 'ops';
  columns: string;
}

/**
 * Inserts a target with a fresh id and secret, or returns the live one with the same
 * identifying fields (an idempotent retry gets the same record, secret included). A new
 * target beyond `limit` live ones of its owner is a 409 `limit-exceeded` problem. `extra`
 * columns are set on a new target only.
 */
export async function insertOrGetTarget<Row>(
  tx: Queryable,
  target: TargetTable,
  identity: Record<string, string> & { owner_key_id: string },
  limit: number,
  extra: Record<string, unknown> = {},
): Promise<Row> {
  const names = Object.keys(identity);
  const values: unknown[] = Object.values(identity);
  const match = `${names.map((n, i) => `${n} = $${i + 1}`).join(' AND ')} AND deleted_at IS NULL`;
  // One registration at a time per key, so concurrent requests cannot pass the limit together.
  await tx.query('SELECT 1 FROM api_keys WHERE id = $1 FOR UPDATE', [identity.owner_key_id]);
  const [existing] = await tx.query<Row>(`SELECT ${target.columns} FROM ${target.table} WHERE ${match}`, values);
  if (existing) return existing;
  const [count] = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${target.table} WHERE owner_key_id = $1 AND deleted_at IS NULL`,
    [identity.owner_key_id],
  );
  if (count!.n >= limit) throw limitExceeded(target, limit);
  const columns = [...names, ...Object.keys(extra)];
  const placeholders = columns.map((_, i) => `$${i + 3}`).join(', ');
  const [inserted] = await tx.query<Row>(
    `INSERT INTO ${target.table} (id, secret, ${columns.join(', ')}) VALUES ($1, $2, ${placeholders}) RETURNING ${target.columns}`,
    [newId(target.idPrefix), newSigningSecret(), ...values, ...Object.values(extra)],
  );
  return inserted!;
}

/** A live target found by an idempotent create that asked for another delivery mode: 409, never silently the other mode. */
export function requireDelivery(found: { id: string; delivery: string }, asked: string, pointer: string): void {
  if (found.delivery === asked) return;
  throw new HttpProblem(
    'conflict',
    `${found.id} already delivers to this URL by ${found.delivery}; remove it before making a ${asked} target for the same URL.`,
    [{ pointer, detail: `is ${asked}, but the live target ${found.id} for this URL is ${found.delivery}` }],
  );
}

function limitExceeded(target: TargetTable, limit: number): HttpProblem {
  const [noun, remove] = {
    registrations: ['registrations', 'DELETE /registrations/{registrationId}'],
    subscriptions: ['subscriptions', 'DELETE /concertUpdates/{subscriptionId}'],
    operational_subscriptions: ['operational-event subscriptions', 'DELETE /operationalEventSubscriptions/{subscriptionId}'],
  }[target.table];
  return new HttpProblem(
    'limit-exceeded',
    `This API key has ${limit} live ${noun}, the most allowed. Remove one (${remove}) before adding another.`,
  );
}

/** Softly removes a target the caller owns (or any, for an admin), cancels its pending deliveries and forgets its ordering keys. */
export async function removeTarget(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  target: TargetTable,
  id: string,
  caller: Caller,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query(
      `UPDATE ${target.table} SET deleted_at = now(), status = 'disabled', disabled_reason = 'removed', disabled_at = now()
       WHERE id = $1 AND deleted_at IS NULL AND (owner_key_id = $2 OR $3) RETURNING id`,
      [id, caller.keyId, caller.scope === 'admin'],
    );
    if (rows.length === 0) return false;
    await cancelDeliveriesForTarget(tx, id);
    await forgetTargetOrdering(tx, id);
    return true;
  });
}
