import type { Database, Queryable } from '../db/database.js';
import type { AttemptResult } from './send.js';

/** A delivery leased by one worker for one attempt, with its target's secret read now. */
export interface ClaimedDelivery {
  id: string;
  message_id: string;
  target_id: string;
  url: string;
  content_type: string;
  body: string;
  /** The number of this attempt (already counted). */
  attempt_count: number;
  round_attempts: number;
  secret: string | null;
  target_active: boolean;
}

/** What a worker decided after one attempt. */
export interface Outcome {
  delivery: ClaimedDelivery;
  result: AttemptResult;
  status: 'pending' | 'succeeded' | 'failed';
  /** Delay before the next attempt when `status` is pending. */
  retryInMs: number | null;
  /** Disable the target at once with this reason (410 Gone). */
  disableReason?: string;
}

/**
 * The worker's own bookkeeping (claims, outcomes) does not wait for the WAL flush: if the
 * database crashes and loses one, the lease expires and the message is sent again, which
 * at-least-once delivery allows. Enqueueing stays fully durable (the caller's transaction).
 * Set per statement (is_local), so it never leaks into other users of a pooled connection.
 * PostgreSQL only (see SQL below).
 */
const RELAXED_COMMIT = `set_config('synchronous_commit', 'off', true) AS relaxed`;

const targetJoin = `
  LEFT JOIN registrations r ON r.id = c.target_id
  LEFT JOIN subscriptions s ON s.id = c.target_id`;

const claimSql = (cfg: string) => `WITH cfg AS (SELECT ${cfg}), cand AS (
       SELECT id, target_id, next_attempt_at FROM deliveries
       WHERE status = 'pending' AND next_attempt_at <= now()
         AND (lease_expires_at IS NULL OR lease_expires_at < now())
         AND NOT (target_id = ANY($3::text[]))
       ORDER BY next_attempt_at
       LIMIT $2
       FOR UPDATE SKIP LOCKED
     ), ranked AS (
       SELECT id, target_id, row_number() OVER (PARTITION BY target_id ORDER BY next_attempt_at, id) AS rn FROM cand
     ), pick AS (
       SELECT k.id FROM ranked k
       LEFT JOIN unnest($4::text[], $5::int[]) AS b(target_id, n) ON b.target_id = k.target_id
       WHERE k.rn <= $6 - coalesce(b.n, 0)
     ), c AS (
       UPDATE deliveries d
       SET lease_owner = $1, lease_expires_at = now() + $7 * interval '1 millisecond',
           attempt_count = d.attempt_count + 1, round_attempts = d.round_attempts + 1, updated_at = now()
       FROM pick WHERE d.id = pick.id
       RETURNING d.id, d.message_id, d.target_id, d.url, d.content_type, d.body, d.attempt_count, d.round_attempts
     )
     SELECT coalesce(json_agg(x), '[]')::text AS rows FROM cfg CROSS JOIN LATERAL (
       SELECT c.*, coalesce(r.secret, s.secret) AS secret,
              coalesce(r.status = 'active' AND r.deleted_at IS NULL, s.status = 'active' AND s.deleted_at IS NULL, false) AS target_active
       FROM c ${targetJoin}
     ) x`;

// The embedded database has a single owner: one process holds its data folder (see
// data-dir-lock.ts) and runs one worker. Leases would only guard against itself, so there a
// claim is a plain read that skips what the worker holds in memory, and the attempt is
// counted when its outcome is recorded. A crash mid-attempt then repeats that attempt's
// number after the restart, which the receiver's dedupe (same webhook-id) absorbs anyway.
const readDueSql = `SELECT coalesce(json_agg(x ORDER BY x.next_attempt_at, x.id), '[]')::text AS rows FROM (
       SELECT d.id, d.message_id, d.target_id, d.url, d.content_type, d.body,
         d.attempt_count + 1 AS attempt_count, d.round_attempts + 1 AS round_attempts, d.next_attempt_at,
         coalesce(r.secret, s.secret) AS secret,
         coalesce(r.status = 'active' AND r.deleted_at IS NULL, s.status = 'active' AND s.deleted_at IS NULL, false) AS target_active
       FROM (
         SELECT id, message_id, target_id, url, content_type, body, attempt_count, round_attempts, next_attempt_at FROM deliveries
         WHERE status = 'pending' AND next_attempt_at <= now()
           AND target_id <> ALL($2::text[]) AND id <> ALL($3::text[])
         ORDER BY next_attempt_at
         LIMIT $1
       ) d
       LEFT JOIN registrations r ON r.id = d.target_id
       LEFT JOIN subscriptions s ON s.id = d.target_id
     ) x`;

/** True when one worker owns the database and claims without leases (PGlite). */
export function singleOwner(db: Database): boolean {
  return db.kind === 'pglite';
}

/**
 * Claims up to `limit` due deliveries, at most `perTarget` minus what this worker already
 * holds for each target. On PostgreSQL it leases them with `FOR UPDATE SKIP LOCKED` and
 * counts the attempt at claim time, so an attempt cut short by a crash is not repeated under
 * the same number. On the single-owner database it reads them, skipping `held`.
 */
export async function claimDue(
  db: Database,
  args: { owner: string; limit: number; leaseMs: number; perTarget: number; inFlight: Map<string, number>; held: ReadonlySet<string> },
): Promise<ClaimedDelivery[]> {
  const busyIds = [...args.inFlight.keys()];
  const saturated = busyIds.filter((id) => args.inFlight.get(id)! >= args.perTarget);
  if (singleOwner(db)) {
    const rows = await claimedRows(db, readDueSql, [args.limit, saturated, [...args.held]]);
    const taken = new Map<string, number>();
    return rows.filter((row) => {
      const n = (taken.get(row.target_id) ?? args.inFlight.get(row.target_id) ?? 0) + 1;
      taken.set(row.target_id, n);
      return n <= args.perTarget;
    });
  }
  const busyCounts = busyIds.map((id) => args.inFlight.get(id)!);
  return claimedRows(db, SQL.postgres.claim, [args.owner, args.limit, saturated, busyIds, busyCounts, args.perTarget, args.leaseMs]);
}

// Claims come back as one JSON array: one value to decode instead of ten fields a row, on
// the event loop (node-postgres) or in the database thread (PGlite, where each field of
// each row also costs a trip through the WebAssembly module's output path).
async function claimedRows(db: Database, sql: string, params: unknown[]): Promise<ClaimedDelivery[]> {
  const [row] = await db.query<{ rows: string }>(sql, params);
  return row ? (JSON.parse(row.rows) as ClaimedDelivery[]) : [];
}

/** Cancels leased deliveries whose target is gone or disabled, without an attempt. */
export async function cancelClaimed(db: Database, owner: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  if (singleOwner(db)) {
    await db.query(`UPDATE deliveries SET status = 'cancelled', next_attempt_at = NULL, updated_at = now() WHERE id = ANY($1::text[]) AND status = 'pending'`, [ids]);
    return;
  }
  await db.query(
    `UPDATE deliveries SET status = 'cancelled', next_attempt_at = NULL, lease_owner = NULL, lease_expires_at = NULL,
       attempt_count = attempt_count - 1, round_attempts = round_attempts - 1, updated_at = now()
     WHERE id = ANY($1::text[]) AND lease_owner = $2`,
    [ids, owner],
  );
}

/** Gives back leased deliveries that were never sent, uncounting their attempt. */
export async function unclaim(db: Database, owner: string, ids: string[]): Promise<void> {
  if (ids.length === 0 || singleOwner(db)) return;
  await db.query(
    `UPDATE deliveries SET lease_owner = NULL, lease_expires_at = NULL,
       attempt_count = attempt_count - 1, round_attempts = round_attempts - 1, updated_at = now()
     WHERE id = ANY($1::text[]) AND lease_owner = $2 AND status = 'pending'`,
    [ids, owner],
  );
}

/** Gives back every lease this worker holds (on stop). */
export async function releaseLeases(db: Queryable, owner: string): Promise<void> {
  await db.query(`UPDATE deliveries SET lease_owner = NULL, lease_expires_at = NULL WHERE lease_owner = $1 AND status = 'pending'`, [owner]);
}

/**
 * The record statement: $1 owner, $2 the delivery ids (for the primary-key lookup), $3 the
 * outcomes as one JSON array (one JSON.stringify instead of escaping nine arrays element by
 * element in the driver). `withFailures` adds the target-health bookkeeping of failed
 * attempts ($4 failing targets, $5 healthy ones, $6 the disable window); a batch of
 * successes only needs the recovery of its targets ($4 healthy), and plans in half the time.
 */
const recordSql = (cfg: string, single: boolean, withFailures: boolean) => {
  const failing = '$4';
  const healthy = withFailures ? '$5' : '$4';
  return `WITH cfg AS (SELECT ${cfg}),
     v AS (
       SELECT *, $1::text AS owner FROM jsonb_to_recordset($3::jsonb)
         AS v(id text, attempt int, started_at timestamptz, duration_ms int, status_code int, error text, response_body text, status text, delay bigint)
     ), attempts AS (
       INSERT INTO delivery_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error, response_body)
       SELECT id, attempt, started_at, duration_ms, status_code, error, response_body FROM v
       ON CONFLICT DO NOTHING
     ), states AS (
       UPDATE deliveries d
       SET status = CASE WHEN d.status = 'cancelled' AND v.status = 'pending' THEN 'cancelled' ELSE v.status END,
           next_attempt_at = CASE WHEN v.status = 'pending' AND d.status = 'pending' THEN now() + v.delay * interval '1 millisecond' END,
           ${single ? 'attempt_count = v.attempt, round_attempts = d.round_attempts + 1' : 'lease_owner = NULL, lease_expires_at = NULL'}, updated_at = now()
       FROM v WHERE d.id = ANY($2::text[]) AND d.id = v.id
         AND ${single ? `d.attempt_count = v.attempt - 1` : 'd.lease_owner = v.owner AND d.attempt_count = v.attempt'}
     ), recovered AS (
       UPDATE delivery_targets SET failing_since = NULL, last_success_at = now() WHERE target_id = ANY(${healthy}::text[]) AND failing_since IS NOT NULL
     )${
       withFailures
         ? `, first_failures AS (
       INSERT INTO delivery_targets (target_id, failing_since) SELECT unnest(${failing}::text[]), now() ON CONFLICT (target_id) DO NOTHING
     ), failing_again AS (
       -- Only state changes write delivery_targets, so concurrent batches do not queue on hot target rows.
       UPDATE delivery_targets SET failing_since = now() WHERE target_id = ANY(${failing}::text[]) AND failing_since IS NULL
     )
     SELECT s.target_id, s.failing_since FROM cfg LEFT JOIN LATERAL (
       SELECT target_id, failing_since FROM delivery_targets
       WHERE target_id = ANY(${failing}::text[]) AND failing_since <= now() - $6 * interval '1 millisecond'
     ) s ON true`
         : `
     SELECT NULL::text AS target_id, NULL::timestamptz AS failing_since FROM cfg`
     }`;
};

const SQL = {
  postgres: { claim: claimSql(RELAXED_COMMIT), record: recordSql(RELAXED_COMMIT, false, true), recordSuccesses: recordSql(RELAXED_COMMIT, false, false) },
  // PGlite has no WAL writer: an asynchronous commit would wait for the next synchronous one.
  pglite: { record: recordSql('1 AS relaxed', true, true), recordSuccesses: recordSql('1 AS relaxed', true, false) },
};

/**
 * Records a batch of attempts in one statement (one round trip, atomic): the attempt log,
 * each delivery's new state (only if this worker still holds the lease for that attempt),
 * and target health. Targets to disable (410 Gone, or failing without a success for
 * `disableAfterMs`) are disabled in a transaction of their own.
 */
export async function recordOutcomes(db: Database, owner: string, outcomes: Outcome[], disableAfterMs: number): Promise<void> {
  if (outcomes.length === 0) return;
  const o = outcomes;
  const healthy = unique(o.filter((x) => x.status === 'succeeded').map((x) => x.delivery.target_id));
  // A success in the batch outweighs its failures: sporadic failures never start the window.
  const failing = unique(o.filter((x) => x.status !== 'succeeded' && !x.disableReason).map((x) => x.delivery.target_id))
    .filter((id) => !healthy.includes(id))
    .sort();
  const json = JSON.stringify(
    o.map((x) => ({
      id: x.delivery.id,
      attempt: x.delivery.attempt_count,
      started_at: x.result.startedAt,
      duration_ms: x.result.durationMs,
      status_code: x.result.statusCode,
      error: x.result.error,
      response_body: x.result.responseBody,
      status: x.status,
      delay: x.retryInMs,
    })),
  );
  const sql = SQL[db.kind];
  const ids = o.map((x) => x.delivery.id);
  const stale = await db.query<{ target_id: string | null; failing_since: Date | null }>(
    failing.length > 0 ? sql.record : sql.recordSuccesses,
    failing.length > 0 ? [owner, ids, json, failing, healthy, disableAfterMs] : [owner, ids, json, healthy],
  );
  const disable = new Map<string, string>();
  for (const x of o) if (x.disableReason) disable.set(x.delivery.target_id, x.disableReason);
  for (const row of stale) {
    if (!row.target_id || !row.failing_since) continue;
    const since = new Date(row.failing_since).toISOString();
    disable.set(row.target_id, `every delivery failed since ${since} (${formatWindow(disableAfterMs)} without a success)`);
  }
  if (disable.size === 0) return;
  await db.transaction(async (tx) => {
    for (const [targetId, reason] of disable) await disableTarget(tx, targetId, reason);
  });
}

/** Disables a registration or subscription, cancels its pending deliveries and resets its health. */
export async function disableTarget(tx: Queryable, targetId: string, reason: string): Promise<void> {
  const table = targetId.startsWith('sub_') ? 'subscriptions' : 'registrations';
  await tx.query(`UPDATE ${table} SET status = 'disabled', disabled_reason = $2, disabled_at = now() WHERE id = $1 AND status = 'active'`, [
    targetId,
    reason,
  ]);
  await tx.query(`UPDATE deliveries SET status = 'cancelled', next_attempt_at = NULL, updated_at = now() WHERE target_id = $1 AND status = 'pending'`, [
    targetId,
  ]);
  await tx.query(`UPDATE delivery_targets SET failing_since = NULL WHERE target_id = $1`, [targetId]);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

function formatWindow(ms: number): string {
  const day = 86_400_000;
  if (ms % day === 0) return `${ms / day} day${ms === day ? '' : 's'}`;
  if (ms >= 1000) return `${Math.round(ms / 1000)} s`;
  return `${ms} ms`;
}
