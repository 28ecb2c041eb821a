import { keyFreeSql } from '../queue/ordering-holds.sql.js';
import { readByIdTime } from '../queue/id-time-bound.js';
import type { Queryable } from '../../db/database.js';
import type { ClaimedDelivery } from '../types.js';
import { targetColumns, targetLookup } from '../queue/fragments.sql.js';

/** How long an expired or reported lease stays taken while its outcome is recorded (a crash meanwhile: swept again). */
const RECORDING_MS = 30_000;

const LEASED = `d.id, d.message_id, d.kind, d.event, d.payload_version, d.body_version, d.target_id, d.owner_key_id, d.url, d.content_type, d.body,
  d.attempt_count + 1 AS attempt_count, d.round_attempts + 1 AS round_attempts, d.traceparent, d.tracestate, d.ordering_key, d.key_seq`;

/** A pull delivery handed to its feed's reader: the next attempt's number and when its lease ends. */
export interface LeasedDelivery extends ClaimedDelivery {
  kind: 'webhook' | 'callback';
  event: string;
  lease_expires_at: string;
  seq: number;
}

/**
 * Leases up to `$2` due pull deliveries of target `$1` for `$4` ms, oldest first, within the
 * target's cap: `$3` leased at once (as the push engine's per-target concurrency), one while its
 * circuit is half-open, none while it is open. A row whose lease ran out is not leased again
 * before its failed attempt is recorded (`takeExpiredLeases`).
 */
const leaseSql = `WITH tgt AS (
    SELECT t.circuit_open_until, ${targetColumns} FROM (SELECT $1::text AS target_id) k
    ${targetLookup('k')}
  ), busy AS (
    SELECT count(*)::int AS n FROM deliveries WHERE target_id = $1 AND pull AND lease_expires_at IS NOT NULL
  ), pick AS (
    SELECT d.id FROM deliveries d
    WHERE d.target_id = $1 AND d.pull AND d.next_attempt_at <= now() AND d.lease_expires_at IS NULL
      -- A keyed message is leased only once the earlier ones of its key have ended, and no failed one holds it (migrations 071, 072).
      AND ${keyFreeSql('d')}
    ORDER BY d.next_attempt_at, d.id
    -- No row (the target is not active) is no room: LIMIT NULL would be no limit.
    LIMIT coalesce((SELECT greatest(0, least($2, CASE WHEN circuit_open_until IS NULL THEN $3 WHEN circuit_open_until > now() THEN 0 ELSE 1 END) - busy.n)
           FROM tgt, busy WHERE tgt.target_active), 0)
    FOR UPDATE SKIP LOCKED
  )
  UPDATE deliveries d SET lease_expires_at = now() + $4 * interval '1 millisecond'
  FROM pick, tgt WHERE d.id = pick.id
  RETURNING ${LEASED}, d.seq, tgt.secret, tgt.target_active, tgt.rate_limit, NULL::int AS target_cap,
    to_char(d.lease_expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS lease_expires_at`;

export async function leaseDue(
  db: Queryable,
  targetId: string,
  limit: number,
  perTarget: number,
  leaseMs: number,
): Promise<LeasedDelivery[]> {
  const rows = await db.query<LeasedDelivery>(leaseSql, [targetId, limit, perTarget, leaseMs]);
  // In the order they were queued (RETURNING keeps none).
  return rows.sort((a, b) => Number(a.seq) - Number(b.seq));
}

/**
 * Takes (for the time of recording them) up to `limit` pull deliveries whose lease ran out
 * unreported: each is a failed attempt. Returns them with the time their lease ended.
 */
export async function takeExpiredLeases(db: Queryable, limit: number): Promise<Array<ClaimedDelivery & { expired_at: string }>> {
  return db.query(
    `WITH gone AS (
       SELECT id, lease_expires_at FROM deliveries WHERE pull AND lease_expires_at <= now()
       ORDER BY lease_expires_at LIMIT $1 FOR UPDATE SKIP LOCKED
     )
     UPDATE deliveries d SET lease_expires_at = now() + ${RECORDING_MS} * interval '1 millisecond' FROM gone WHERE d.id = gone.id
     RETURNING ${LEASED}, NULL::text AS secret, true AS target_active, NULL::int AS target_cap, NULL::int AS rate_limit,
       to_char(gone.lease_expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expired_at`,
    [limit],
  );
}

/**
 * Takes the leased attempt `attempt` of delivery `id` of target `targetId` for the time of
 * recording its reported outcome, if its lease still runs; otherwise nothing.
 */
export async function takeLeased(db: Queryable, targetId: string, id: string, attempt: number): Promise<ClaimedDelivery | undefined> {
  const [row] = await db.query<ClaimedDelivery>(
    `UPDATE deliveries d SET lease_expires_at = now() + ${RECORDING_MS} * interval '1 millisecond'
     WHERE d.id = $1 AND d.target_id = $2 AND d.pull AND d.attempt_count = $3 - 1 AND d.lease_expires_at > now()
     RETURNING ${LEASED}, NULL::text AS secret, true AS target_active, NULL::int AS target_cap, NULL::int AS rate_limit`,
    [id, targetId, attempt],
  );
  return row;
}

/** Whether delivery `id` of `targetId` exists, queued or ended (a report for an unknown one is a 404, a late one a 409). */
export async function deliveryOfTarget(db: Queryable, targetId: string, id: string): Promise<boolean> {
  const rows = await readByIdTime(id, (ended) =>
    db.query(
      `SELECT 1 FROM deliveries WHERE id = $1 AND target_id = $2
       UNION ALL SELECT 1 FROM delivery_history WHERE id = $1 AND target_id = $2${ended ? ' AND completed_at >= $3' : ''}`,
      ended ? [id, targetId, ended] : [id, targetId],
    ),
  );
  return rows.length > 0;
}
