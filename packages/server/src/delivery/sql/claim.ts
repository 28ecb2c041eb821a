import type { Database } from '../../db/database.js';
import { holderAlive, holderGone } from '../holder-lock.js';
import { RATE_AHEAD_S, rateClaimCap } from '../rate-limit.js';
import { singleOwner } from '../single-owner.js';
import { holdMs, TargetHolds } from '../target-holds.js';
import type { ClaimedDelivery } from '../types.js';
import { targetColumns, targetLookup } from './fragments.js';
import { updateHolds } from './hold.js';

/**
 * Planned on every call: a cached generic plan made while the table was small or its
 * statistics stale keeps scanning every pending row once a backlog builds. So it runs on the
 * claim's own connections (`Database.claims`), which parse it once and plan it each call. The queue holds
 * pending rows only (migration 012), so nothing here tests the status (pull rows, migration 040, are the feed's: `NOT pull` matches the due index's predicate): the estimate of the due
 * rows does not hang on the status column's statistics, and the due index covers every row.
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
 */
const claimSql = (ownerCap: boolean) => `WITH me AS (SELECT ${holderAlive('$1::text')} AS alive), cand AS (
       SELECT id, message_id, target_id, owner_key_id, url, content_type, body, attempt_count, round_attempts, next_attempt_at, created_at, traceparent, tracestate FROM deliveries
       WHERE next_attempt_at <= now() AND NOT pull
         AND (lease_expires_at IS NULL OR lease_expires_at < now())
         AND NOT (target_id = ANY($3::text[])) AND NOT (owner_key_id = ANY($8::text[])) AND NOT (id = ANY($9::text[]))
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
       WHERE k.rn <= least(CASE WHEN ci.circuit_open_until IS NULL THEN $6 WHEN ci.open THEN 0 ELSE 1 END, ceil(ci.rate_limit * ${RATE_AHEAD_S})) - coalesce(b.n, 0)${
         ownerCap
           ? `
         AND k.owner_rn <= $12 - coalesce(o.n, 0)`
           : ''
       }
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
       SELECT d.id, d.message_id, d.target_id, d.owner_key_id, d.url, d.content_type, d.body, d.created_at, d.traceparent, d.tracestate,
              d.attempt_count + 1 AS attempt_count, d.round_attempts + 1 AS round_attempts, pick.rn
       FROM pick JOIN cand d ON d.id = pick.id
     ) x`;
const claimStatements = { capped: claimSql(true), uncapped: claimSql(false) };

// The embedded database has a single owner: one process holds its data folder (see
// data-dir-lock.ts) and runs one worker, so a claim needs no target holds either.
const readDueSql = `SELECT coalesce(json_agg(x ORDER BY x.next_attempt_at, x.id), '[]')::text AS rows, count(*)::int AS seen FROM (
       SELECT d.id, d.message_id, d.target_id, d.owner_key_id, d.url, d.content_type, d.body, d.created_at, d.traceparent, d.tracestate,
         d.attempt_count + 1 AS attempt_count, d.round_attempts + 1 AS round_attempts, d.next_attempt_at,
         CASE WHEN t.circuit_open_until IS NOT NULL THEN 1 END AS target_cap,
         CASE WHEN t.circuit_open_until > now() THEN t.circuit_open_until END AS open_until, ${targetColumns}
       FROM (
         SELECT id, message_id, target_id, owner_key_id, url, content_type, body, attempt_count, round_attempts, next_attempt_at, created_at, traceparent, tracestate FROM deliveries
         WHERE next_attempt_at <= now() AND NOT pull
           AND target_id <> ALL($2::text[]) AND owner_key_id <> ALL($4::text[]) AND id <> ALL($3::text[])
         ORDER BY next_attempt_at
         LIMIT $1
       ) d
       LEFT JOIN registrations r ON r.id = d.target_id
       LEFT JOIN subscriptions s ON s.id = d.target_id
       LEFT JOIN operational_subscriptions o ON o.id = d.target_id
       LEFT JOIN delivery_targets t ON t.target_id = d.target_id
     ) x`;

export interface ClaimArgs {
  owner: string;
  limit: number;
  leaseMs: number;
  perTarget: number;
  /** Lower caps of some targets (rate-limited ones), as seen in earlier claims. */
  caps?: ReadonlyMap<string, number>;
  inFlight: ReadonlyMap<string, number>;
  /** Deliveries claimed here and not yet recorded (id → target): claims skip them. */
  held: ReadonlyMap<string, string>;
  perOwner: number;
  ownerHeld: ReadonlyMap<string, number>;
  /** PostgreSQL: the targets this worker serves and those other processes serve, kept up to date by the claim. */
  holds?: TargetHolds;
}

/** What a claim took, and whether the database may hold more it could take now (see `mayHoldMore`, and a target whose hold it could not take). */
export interface Claim {
  rows: ClaimedDelivery[];
  more: boolean;
}

/**
 * Claims up to `limit` due deliveries, at most `perTarget` minus what this worker already
 * holds for each target, and `perOwner` minus what it holds for each owner, skipping `held`.
 * A claim writes nothing: on PostgreSQL it takes only rows of targets this worker serves (see
 * {@link TargetHolds}), which no other process claims meanwhile. The attempt is counted when
 * its outcome is recorded; a crash mid-attempt repeats that attempt's number once the hold
 * has expired, which the receiver's dedupe (same webhook-id) absorbs anyway.
 */
export async function claimDue(db: Database, args: ClaimArgs): Promise<Claim> {
  return singleOwner(db) ? readDue(db, args) : claimHeld(db, args, args.holds ?? new TargetHolds());
}

// One JSON array, as in claimRows.
async function readDue(db: Database, args: ClaimArgs): Promise<Claim> {
  const fullOwners = [...args.ownerHeld].filter(([, n]) => n >= args.perOwner).map(([id]) => id);
  const full = saturated(args, args.inFlight);
  const [row] = await db.query<{ rows: string; seen: number }>(readDueSql, [args.limit, full, [...args.held.keys()], fullOwners]);
  const rows = row ? (JSON.parse(row.rows) as (ClaimedDelivery & { open_until: string | null })[]) : [];
  // Rows of an open circuit wait for its cool-down instead of being read again by every claim.
  const deferred = rows.filter((row) => row.open_until);
  if (deferred.length > 0) {
    await db.query(
      `UPDATE deliveries d SET next_attempt_at = v.until FROM unnest($1::text[], $2::timestamptz[]) AS v(id, until) WHERE d.id = v.id`,
      [deferred.map((row) => row.id), deferred.map((row) => row.open_until)],
    );
  }
  const taken = new Map<string, number>();
  const ownerTaken = new Map<string, number>();
  const claimed = rows.filter((row) => {
    const n = (taken.get(row.target_id) ?? args.inFlight.get(row.target_id) ?? 0) + 1;
    const m = (ownerTaken.get(row.owner_key_id) ?? args.ownerHeld.get(row.owner_key_id) ?? 0) + 1;
    const cap = Math.min(row.target_cap ?? args.perTarget, row.rate_limit === null ? args.perTarget : rateClaimCap(row.rate_limit));
    if (row.open_until || n > cap || m > args.perOwner) return false;
    taken.set(row.target_id, n);
    ownerTaken.set(row.owner_key_id, m);
    return true;
  });
  return { rows: claimed, more: mayHoldMore(rows.length, claimed.length, args.limit, full, fullOwners) };
}

/**
 * Claims rows of the targets this worker serves. When the claim saw rows of targets it
 * could serve (free, or its hold about to run short), one more statement takes their holds
 * (and gives back idle ones), and a second claim takes their rows.
 */
async function claimHeld(db: Database, args: ClaimArgs, holds: TargetHolds): Promise<Claim> {
  const heldIds = [...args.held.keys()];
  const idle = withoutUnrecorded(holds.idle(args.inFlight), args.held);
  const first = await claimRows(db, args, args.inFlight, args.ownerHeld, heldIds, args.limit, holds.skipped());
  holds.servedElsewhere(first.elsewhere);
  const picked = new Set(first.rows.map((d) => d.target_id));
  holds.taken(picked);
  const giveBack = idle.filter((id) => !picked.has(id) && !first.unheld.includes(id));
  const full = first.more;
  if (first.unheld.length === 0 && giveBack.length === 0) return { rows: first.rows, more: full };
  const { held, released, alive } = await updateHolds(db, args.owner, first.unheld, holdMs(args.leaseMs), giveBack);
  holds.released(released);
  holds.taken(held);
  // A target whose row was locked is tried again by the next claim, which should not wait for
  // the poll; without its session lock the worker waits for the session to come back.
  const missed = alive && held.length < first.unheld.length;
  if (held.length === 0 || first.rows.length >= args.limit) return { rows: first.rows, more: full || missed };
  const inFlight = withRows(args.inFlight, first.rows, (d) => d.target_id);
  const ownerHeld = withRows(args.ownerHeld, first.rows, (d) => d.owner_key_id);
  const claimed = [...heldIds, ...first.rows.map((d) => d.id)];
  const second = await claimRows(db, args, inFlight, ownerHeld, claimed, args.limit - first.rows.length, holds.skipped());
  holds.servedElsewhere(second.elsewhere);
  holds.taken(new Set(second.rows.map((d) => d.target_id)));
  return { rows: [...first.rows, ...second.rows], more: full || missed || second.more };
}

/** Idle targets with no outcome left to record here (usually none are idle: no set is built then). */
function withoutUnrecorded(idle: string[], held: ReadonlyMap<string, string>): string[] {
  if (idle.length === 0) return idle;
  const unrecorded = new Set(held.values());
  return idle.filter((id) => !unrecorded.has(id));
}

// Claims come back as one JSON array: one value to decode instead of ten fields a row, on
// the event loop (node-postgres) or in the database thread (PGlite, where each field of
// each row also costs a trip through the WebAssembly module's output path).
async function claimRows(
  db: Database,
  args: ClaimArgs,
  inFlight: ReadonlyMap<string, number>,
  ownerHeld: ReadonlyMap<string, number>,
  held: string[],
  limit: number,
  skipped: string[],
) {
  const fullOwners = [...ownerHeld].filter(([, n]) => n >= args.perOwner).map(([id]) => id);
  const full = saturated(args, inFlight);
  const params = [args.owner, limit, [...full, ...skipped], [...inFlight.keys()], [...inFlight.values()], args.perTarget, args.leaseMs];
  params.push(fullOwners, held);
  const ownerCap = mayReachOwnerCap(args.perOwner, ownerHeld, limit);
  if (ownerCap) params.push([...ownerHeld.keys()], [...ownerHeld.values()], args.perOwner);
  const sql = ownerCap ? claimStatements.capped : claimStatements.uncapped;
  const [row] = await (db.claims ?? db).query<{ rows: string; seen: number; holds: string }>(sql, params);
  if (!row) return { rows: [], more: true, unheld: [], elsewhere: [] };
  const { unheld, elsewhere, served } = JSON.parse(row.holds) as ClaimHolds;
  const rows = (JSON.parse(row.rows) as ClaimedRow[]).sort((a, b) => a.rn - b.rn).map((r) => claimedDelivery(r, served[r.target_id]!));
  return { rows, more: mayHoldMore(row.seen, rows.length, limit, full, fullOwners), unheld, elsewhere };
}

/** Whether an owner could reach its cap with what it holds here and `limit` more rows. */
function mayReachOwnerCap(perOwner: number, ownerHeld: ReadonlyMap<string, number>, limit: number): boolean {
  let most = 0;
  for (const n of ownerHeld.values()) most = Math.max(most, n);
  return most + limit > perOwner;
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
  };
}

/**
 * Whether due rows may be left that this worker could take: the claim read as many as it
 * asked for, left some it read (caps, holds, circuits), or did not read the rows of targets
 * and owners at their cap here (they may have room by the next claim).
 */
function mayHoldMore(seen: number, taken: number, limit: number, fullTargets: string[], fullOwners: string[]): boolean {
  return seen >= limit || seen > taken || fullTargets.length > 0 || fullOwners.length > 0;
}

/** Targets at their cap here: claims skip their rows. */
function saturated(args: ClaimArgs, inFlight: ReadonlyMap<string, number>): string[] {
  const capOf = (id: string) => Math.min(args.perTarget, args.caps?.get(id) ?? args.perTarget);
  return [...inFlight].filter(([id, n]) => n >= capOf(id)).map(([id]) => id);
}

function withRows(counts: ReadonlyMap<string, number>, rows: ClaimedDelivery[], key: (d: ClaimedDelivery) => string): Map<string, number> {
  const out = new Map(counts);
  for (const d of rows) out.set(key(d), (out.get(key(d)) ?? 0) + 1);
  return out;
}
