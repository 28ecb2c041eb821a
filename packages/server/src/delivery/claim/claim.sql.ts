import type { Database } from '../../db/database.js';
import { holderAlive, holderGone } from './holder-lock.js';
import { RATE_AHEAD_S } from '../send/rate-limit.js';
import type { ClaimedDelivery } from '../types.js';
import { targetColumns, targetLookup } from '../queue/fragments.sql.js';
import { keyFreeSql } from '../queue/ordering-holds.sql.js';

// Owners' caps (ownerCap): each row's rank among its owner's rows against what the owner has left here.
const ownerCapCheck = `
         AND k.owner_rn <= $12 - coalesce(o.n, 0)`;

/**
 * Planned on every call: a cached generic plan made while the table was small or its
 * statistics stale keeps scanning every pending row once a backlog builds. So it runs on the
 * claim's own connections (`Database.claims`), which parse it once and plan it each call. The
 * queue holds pending rows only (migration 012), so nothing here tests the status (pull rows,
 * migration 040, are the feed's: `NOT pull` matches the due index's predicate): the estimate of
 * the due rows does not hang on the status column's statistics, and the due index covers every row.
 *
 * A claim reads; it writes no row. The target hold keeps other processes off the rows (`mine`:
 * the hold outlasts `$7`, how long a claimed delivery may stay here), and `$9`, the ids this
 * worker holds until their outcome is recorded, keeps it off its own. Rows leased by a process
 * of an earlier version (which leased each row) are skipped until their lease expires.
 *
 * Its cost grows with the rows it takes, so each row carries only its own columns: what belongs
 * to the target (secret, rate limit, state, probing) comes once per target in `holds.served`, and
 * the rows come unsorted, each with its rank among its target's (`rn`), which orders them here
 * (an ordered `json_agg` sorted the whole rows, bodies included: a third of the claim's time).
 * Owners' caps need a second window, so it is left out (`ownerCap` false) when no owner can
 * reach its cap within this claim.
 *
 * A keyed row (migration 071) is due only when no earlier row of its (target, key) is queued: not
 * on the wire, held here or elsewhere, waiting for a retry, or replayed (`deliveries_target`), and
 * no failed message holds its key (a `hold` target, migration 072).
 */
const claimSql = (ownerCap: boolean) => `WITH me AS (SELECT ${holderAlive('$1::text')} AS alive), cand AS (
       SELECT id, message_id, kind, event, payload_version, body_version, target_id, owner_key_id, url, content_type, body,
              attempt_count, round_attempts, next_attempt_at, created_at, traceparent, tracestate, ordering_key, key_seq
       FROM deliveries
       WHERE next_attempt_at <= now() AND NOT pull
         AND (lease_expires_at IS NULL OR lease_expires_at < now())
         AND NOT (target_id = ANY($3::text[])) AND NOT (owner_key_id = ANY($8::text[])) AND NOT (id = ANY($9::text[]))
         AND ${keyFreeSql('deliveries')}
       ORDER BY next_attempt_at
       LIMIT $2
     ), ranked AS (
       SELECT id, target_id, owner_key_id,
              row_number() OVER (PARTITION BY target_id ORDER BY next_attempt_at, id) AS rn${
                ownerCap
                  ? `,
              row_number() OVER (PARTITION BY owner_key_id ORDER BY next_attempt_at, id) AS owner_rn`
                  : ''
              }
       FROM cand
     ), tgt AS (
       -- Each target's circuit, and who serves it: this worker, if its hold outlasts what it
       -- claims now (per-target caps hold across processes: one process serves a target at a time);
       -- a hold whose holder's session is gone is served by nobody, and a worker that lost its own serves nothing.
       -- With the target itself: its secret(s), rate limit and state, read once per target.
       SELECT k.target_id, t.circuit_open_until, coalesce(t.circuit_open_until > now(), false) AS open,
              coalesce(t.holder = $1 AND t.holder_until >= now() + $7 * interval '1 millisecond', false) AND (SELECT alive FROM me) AS mine,
              CASE WHEN t.holder <> $1 AND t.holder_until > now() THEN NOT ${holderGone('t.holder')} ELSE false END AS elsewhere, ${targetColumns}
       FROM (SELECT DISTINCT target_id FROM cand) k
       ${targetLookup('k')}
     ), deferred AS (
       -- Rows of an open circuit wait for its cool-down instead of being read again by every claim.
       -- Found by id (= ANY of an array: the primary key, whatever the statistics say of the queue).
       UPDATE deliveries d SET next_attempt_at = ci.circuit_open_until
       FROM cand k JOIN tgt ci ON ci.target_id = k.target_id AND ci.open
       WHERE d.id = ANY(ARRAY(SELECT k2.id FROM cand k2 JOIN tgt c2 ON c2.target_id = k2.target_id AND c2.open)) AND d.id = k.id
     ), pick AS MATERIALIZED (
       -- Materialized: inlined into the final join it made that join eight relations wide and
       -- the claim's planning twice as long (1.3 ms against 0.6).
       SELECT k.id, k.rn FROM ranked k
       JOIN tgt ci ON ci.target_id = k.target_id AND ci.mine
       LEFT JOIN unnest($4::text[], $5::int[]) AS b(target_id, n) ON b.target_id = k.target_id${
         ownerCap
           ? `
       LEFT JOIN unnest($10::text[], $11::int[]) AS o(owner_key_id, n) ON o.owner_key_id = k.owner_key_id`
           : ''
       }
       WHERE k.rn <= least(CASE WHEN ci.circuit_open_until IS NULL THEN $6 WHEN ci.open THEN 0 ELSE 1 END,
                           ceil(ci.rate_limit * ${RATE_AHEAD_S})) - coalesce(b.n, 0)${ownerCap ? ownerCapCheck : ''}
     )
     SELECT coalesce(json_agg(x), '[]')::text AS rows, (SELECT count(*) FROM cand)::int AS seen,
       -- Targets this worker could start serving (or must renew its hold on) before it claims
       -- their rows, those another process serves, and those it serves (what its rows need of them).
       (SELECT json_build_object(
          'unheld', coalesce(json_agg(target_id) FILTER (WHERE NOT (mine OR elsewhere OR open)), '[]'),
          'elsewhere', coalesce(json_agg(target_id) FILTER (WHERE elsewhere), '[]'),
          'served', coalesce(json_object_agg(target_id, json_build_array(secret, rate_limit, target_active, circuit_open_until IS NOT NULL))
            FILTER (WHERE mine), '{}')) FROM tgt)::text AS holds
     FROM (
       SELECT d.id, d.message_id, d.kind, d.event, d.payload_version, d.body_version, d.target_id, d.owner_key_id, d.url,
              d.content_type, d.body, d.created_at, d.traceparent, d.tracestate,
              d.attempt_count + 1 AS attempt_count, d.round_attempts + 1 AS round_attempts, d.ordering_key, d.key_seq, pick.rn
       FROM pick JOIN cand d ON d.id = pick.id
     ) x`;
const claimStatements = { capped: claimSql(true), uncapped: claimSql(false) };

// The embedded database has a single owner: one process holds its data folder (see
// data-dir-lock.ts) and runs one worker, so a claim needs no target holds either.
const readDueSql = `SELECT coalesce(json_agg(x ORDER BY x.next_attempt_at, x.id), '[]')::text AS rows, count(*)::int AS seen FROM (
       SELECT d.id, d.message_id, d.kind, d.event, d.payload_version, d.body_version, d.target_id, d.owner_key_id, d.url,
         d.content_type, d.body, d.created_at, d.traceparent, d.tracestate,
         d.attempt_count + 1 AS attempt_count, d.round_attempts + 1 AS round_attempts, d.next_attempt_at, d.ordering_key, d.key_seq,
         CASE WHEN t.circuit_open_until IS NOT NULL THEN 1 END AS target_cap,
         CASE WHEN t.circuit_open_until > now() THEN t.circuit_open_until END AS open_until, ${targetColumns}
       FROM (
         SELECT id, message_id, kind, event, payload_version, body_version, target_id, owner_key_id, url, content_type, body,
                attempt_count, round_attempts, next_attempt_at, created_at, traceparent, tracestate, ordering_key, key_seq
         FROM deliveries
         WHERE next_attempt_at <= now() AND NOT pull
           AND target_id <> ALL($2::text[]) AND owner_key_id <> ALL($4::text[]) AND id <> ALL($3::text[])
           AND ${keyFreeSql('deliveries')}
         ORDER BY next_attempt_at
         LIMIT $1
       ) d
       LEFT JOIN registrations r ON r.id = d.target_id
       LEFT JOIN subscriptions s ON s.id = d.target_id
       LEFT JOIN operational_subscriptions o ON o.id = d.target_id
       LEFT JOIN delivery_targets t ON t.target_id = d.target_id
     ) x`;

/** What {@link claimRows} asks for: `$1`… of the claim statement. */
export interface ClaimRowsParams {
  owner: string;
  limit: number;
  /** Targets whose rows it skips: at their cap here, or served by another process. */
  skipTargets: string[];
  /** Held here per target (waiting or on the wire), counted against `perTarget`. */
  inFlight: ReadonlyMap<string, number>;
  perTarget: number;
  leaseMs: number;
  /** Owners whose rows it skips (at their cap here). */
  fullOwners: string[];
  /** Ids held here until their outcome is recorded. */
  held: string[];
  /** The owners' window, when an owner could reach its cap within this claim: held here per owner, and the cap. */
  ownerCap?: { ownerHeld: ReadonlyMap<string, number>; perOwner: number };
}

/** What one claim statement returned: its rows with their targets' state, how many due rows it read, and the targets' holds. */
export interface ClaimedRows {
  rows: ClaimedDelivery[];
  seen: number;
  /** Targets it could start serving (or must renew its hold on) before it claims their rows. */
  unheld: string[];
  /** Targets another process serves. */
  elsewhere: string[];
}

// Claims come back as one JSON array: one value to decode instead of ten fields a row, on
// the event loop (node-postgres) or in the database thread (PGlite, where each field of
// each row also costs a trip through the WebAssembly module's output path).
/** Runs the claim statement (PostgreSQL) on the claim's connections; undefined when it returned nothing. */
export async function claimRows(db: Database, p: ClaimRowsParams): Promise<ClaimedRows | undefined> {
  const params = [
    p.owner,
    p.limit,
    p.skipTargets,
    [...p.inFlight.keys()],
    [...p.inFlight.values()],
    p.perTarget,
    p.leaseMs,
    p.fullOwners,
    p.held,
  ];
  if (p.ownerCap) params.push([...p.ownerCap.ownerHeld.keys()], [...p.ownerCap.ownerHeld.values()], p.ownerCap.perOwner);
  const sql = p.ownerCap ? claimStatements.capped : claimStatements.uncapped;
  const [row] = await (db.claims ?? db).query<{ rows: string; seen: number; holds: string }>(sql, params);
  if (!row) return undefined;
  const { unheld, elsewhere, served } = JSON.parse(row.holds) as ClaimHolds;
  const rows = (JSON.parse(row.rows) as ClaimedRow[]).sort((a, b) => a.rn - b.rn).map((r) => claimedDelivery(r, served[r.target_id]!));
  return { rows, seen: row.seen, unheld, elsewhere };
}

/** A due row as the embedded database reads it: with its target's claim cap (a probing circuit's 1), and when its circuit's cool-down ends if open. */
export type DueRow = ClaimedDelivery & { open_until: string | null };

/** Reads up to `limit` due rows, oldest first, skipping targets, ids and owners (PGlite: one owner, no holds). */
export async function readDueRows(
  db: Database,
  limit: number,
  skipTargets: string[],
  held: string[],
  fullOwners: string[],
): Promise<DueRow[]> {
  const [row] = await db.query<{ rows: string; seen: number }>(readDueSql, [limit, skipTargets, held, fullOwners]);
  return row ? (JSON.parse(row.rows) as DueRow[]) : [];
}

/** Rows of an open circuit wait for its cool-down instead of being read again by every claim. */
export async function deferToCoolDown(db: Database, rows: DueRow[]): Promise<void> {
  await db.query(
    `UPDATE deliveries d SET next_attempt_at = v.until FROM unnest($1::text[], $2::timestamptz[]) AS v(id, until) WHERE d.id = v.id`,
    [rows.map((row) => row.id), rows.map((row) => row.open_until)],
  );
}

interface ClaimHolds {
  unheld: string[];
  elsewhere: string[];
  /** Per target this worker serves: its secret(s), rate limit, whether it is active, whether its circuit probes. */
  served: Record<string, [secret: string | null, rateLimit: number | null, active: boolean, probing: boolean]>;
}

/** A claimed row as the claim returns it: its own columns, and its rank among its target's rows. */
type ClaimedRow = Omit<ClaimedDelivery, 'secret' | 'rate_limit' | 'target_active' | 'target_cap'> & { rn: number };

/** A claimed row with its target's state (fields named one by one: one shape, as `freshDelivery`). */
function claimedDelivery(row: ClaimedRow, [secret, rateLimit, active, probing]: ClaimHolds['served'][string]): ClaimedDelivery {
  return {
    id: row.id,
    message_id: row.message_id,
    kind: row.kind,
    event: row.event,
    payload_version: row.payload_version,
    body_version: row.body_version,
    target_id: row.target_id,
    owner_key_id: row.owner_key_id,
    url: row.url,
    content_type: row.content_type,
    body: row.body,
    attempt_count: row.attempt_count,
    round_attempts: row.round_attempts,
    secret,
    target_active: active,
    target_cap: probing ? 1 : null,
    rate_limit: rateLimit,
    traceparent: row.traceparent,
    tracestate: row.tracestate,
    created_at: row.created_at,
    ordering_key: row.ordering_key ?? null,
    key_seq: row.key_seq ?? null,
  };
}
