import type { Database, Queryable } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import type { AttemptResult } from './send.js';
import { RATE_AHEAD_S, rateClaimCap } from './rate-limit.js';
import { holdMs, TargetHolds, updateHolds } from './target-holds.js';

/** A delivery claimed by one worker for one attempt, with its target's secret(s) read now. */
export interface ClaimedDelivery {
  id: string;
  message_id: string;
  target_id: string;
  owner_key_id: string;
  url: string;
  content_type: string;
  body: string;
  /** The number of this attempt (already counted). */
  attempt_count: number;
  round_attempts: number;
  /** One `whsec_` secret, or several space-separated during a rotation's overlap. */
  secret: string | null;
  target_active: boolean;
  /** 1 while the target's circuit is half-open (one probe at a time), otherwise null. */
  target_cap: number | null;
  /** The target's `rateLimitPerSecond`, or null. */
  rate_limit: number | null;
  /** Not started before this time (`performance.now()` scale): its send slot under the rate limit. */
  not_before?: number;
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
  /** Deliveries of the same target that waited in this worker and are cancelled with it. */
  dropped?: string[];
}

/**
 * The worker's own bookkeeping (outcomes, holds) does not wait for the WAL flush: if the
 * database crashes and loses an outcome, the row is still pending and the message is sent
 * again, which at-least-once delivery allows. Enqueueing stays fully durable (the caller's transaction).
 * Set per statement (is_local), so it never leaks into other users of a pooled connection.
 * PostgreSQL only (see SQL below).
 */
const RELAXED_COMMIT = `set_config('synchronous_commit', 'off', true) AS relaxed`;

// During a rotation's overlap a target has two valid secrets: both are read, space-separated,
// and the attempt carries one signature per secret (see sign.ts).
const secrets = (t: string) => `CASE WHEN ${t}.previous_secret_expires_at > now() THEN ${t}.secret || ' ' || ${t}.previous_secret ELSE ${t}.secret END`;
/** A target's secret(s), rate limit and state, from its row `r` or `s` (the other one null). */
export const targetColumns = `coalesce(${secrets('r')}, ${secrets('s')}) AS secret, coalesce(r.rate_limit_per_second, s.rate_limit_per_second) AS rate_limit,
  coalesce(r.status = 'active' AND r.deleted_at IS NULL, s.status = 'active' AND s.deleted_at IS NULL, false) AS target_active`;

/**
 * Planned on every call: a cached generic plan made while the table was small or its
 * statistics stale keeps scanning every pending row once a backlog builds. For the same reason
 * the lookups by id below test no `status = 'pending'`: the partial due index would then serve
 * them, a scan of the whole backlog per claim.
 *
 * A claim reads; it writes no row. The target hold keeps other processes off the rows (`mine`:
 * the hold outlasts `$7`, how long a claimed delivery may stay here), and `$12`, the ids this
 * worker holds until their outcome is recorded, keeps it off its own. Rows leased by a process
 * of an earlier version (which leased each row) are skipped until their lease expires.
 */
const claimSql = `WITH cand AS (
       SELECT id, message_id, target_id, owner_key_id, url, content_type, body, attempt_count, round_attempts, next_attempt_at FROM deliveries
       WHERE status = 'pending' AND next_attempt_at <= now()
         AND (lease_expires_at IS NULL OR lease_expires_at < now())
         AND NOT (target_id = ANY($3::text[])) AND NOT (owner_key_id = ANY($8::text[])) AND NOT (id = ANY($12::text[]))
       ORDER BY next_attempt_at
       LIMIT $2
     ), ranked AS (
       SELECT id, target_id, owner_key_id,
              row_number() OVER (PARTITION BY target_id ORDER BY next_attempt_at, id) AS rn,
              row_number() OVER (PARTITION BY owner_key_id ORDER BY next_attempt_at, id) AS owner_rn
       FROM cand
     ), tgt AS (
       -- Each target's circuit, and who serves it: this worker, if its hold outlasts what it
       -- claims now (per-target caps hold across processes: one process serves a target at a time).
       -- With the target itself: its secret(s), rate limit and state, read once per target.
       -- One primary-key lookup per table and target (LIMIT keeps the planner from hashing the whole table).
       SELECT k.target_id, t.circuit_open_until, coalesce(t.circuit_open_until > now(), false) AS open,
              coalesce(t.holder = $1 AND t.holder_until >= now() + $7 * interval '1 millisecond', false) AS mine,
              coalesce(t.holder <> $1 AND t.holder_until > now(), false) AS elsewhere, ${targetColumns}
       FROM (SELECT DISTINCT target_id FROM cand) k
       LEFT JOIN LATERAL (SELECT * FROM delivery_targets t WHERE t.target_id = k.target_id LIMIT 1) t ON true
       LEFT JOIN LATERAL (SELECT * FROM registrations r WHERE r.id = k.target_id LIMIT 1) r ON true
       LEFT JOIN LATERAL (SELECT * FROM subscriptions s WHERE s.id = k.target_id LIMIT 1) s ON true
     ), deferred AS (
       -- Rows of an open circuit wait for its cool-down instead of being read again by every claim.
       UPDATE deliveries d SET next_attempt_at = ci.circuit_open_until
       FROM cand k JOIN tgt ci ON ci.target_id = k.target_id AND ci.open WHERE d.id = k.id
     ), pick AS MATERIALIZED (
       -- Materialized: inlined into the final join it made that join eight relations wide and
       -- the claim's planning twice as long (1.3 ms against 0.6).
       SELECT k.id, ci.circuit_open_until IS NOT NULL AS probing FROM ranked k
       JOIN tgt ci ON ci.target_id = k.target_id AND ci.mine
       LEFT JOIN unnest($4::text[], $5::int[]) AS b(target_id, n) ON b.target_id = k.target_id
       LEFT JOIN unnest($9::text[], $10::int[]) AS o(owner_key_id, n) ON o.owner_key_id = k.owner_key_id
       WHERE k.rn <= least(CASE WHEN ci.circuit_open_until IS NULL THEN $6 WHEN ci.open THEN 0 ELSE 1 END, ceil(ci.rate_limit * ${RATE_AHEAD_S})) - coalesce(b.n, 0)
         AND k.owner_rn <= $11 - coalesce(o.n, 0)
     )
     SELECT coalesce(json_agg(x ORDER BY x.next_attempt_at, x.id), '[]')::text AS rows, (SELECT count(*) FROM cand)::int AS seen,
       -- Targets this worker could start serving (or must renew its hold on) before it claims
       -- their rows, and those another process serves.
       (SELECT json_build_object(
          'unheld', coalesce(json_agg(target_id) FILTER (WHERE NOT (mine OR elsewhere OR open)), '[]'),
          'elsewhere', coalesce(json_agg(target_id) FILTER (WHERE elsewhere), '[]')) FROM tgt)::text AS holds
     FROM (
       SELECT d.id, d.message_id, d.target_id, d.owner_key_id, d.url, d.content_type, d.body, d.next_attempt_at,
              d.attempt_count + 1 AS attempt_count, d.round_attempts + 1 AS round_attempts,
              CASE WHEN pick.probing THEN 1 END AS target_cap, ci.secret, ci.rate_limit, ci.target_active
       FROM pick JOIN cand d ON d.id = pick.id JOIN tgt ci ON ci.target_id = d.target_id
     ) x`;

// The embedded database has a single owner: one process holds its data folder (see
// data-dir-lock.ts) and runs one worker, so a claim needs no target holds either.
const readDueSql = `SELECT coalesce(json_agg(x ORDER BY x.next_attempt_at, x.id), '[]')::text AS rows, count(*)::int AS seen FROM (
       SELECT d.id, d.message_id, d.target_id, d.owner_key_id, d.url, d.content_type, d.body,
         d.attempt_count + 1 AS attempt_count, d.round_attempts + 1 AS round_attempts, d.next_attempt_at,
         CASE WHEN t.circuit_open_until IS NOT NULL THEN 1 END AS target_cap,
         CASE WHEN t.circuit_open_until > now() THEN t.circuit_open_until END AS open_until, ${targetColumns}
       FROM (
         SELECT id, message_id, target_id, owner_key_id, url, content_type, body, attempt_count, round_attempts, next_attempt_at FROM deliveries
         WHERE status = 'pending' AND next_attempt_at <= now()
           AND target_id <> ALL($2::text[]) AND owner_key_id <> ALL($4::text[]) AND id <> ALL($3::text[])
         ORDER BY next_attempt_at
         LIMIT $1
       ) d
       LEFT JOIN registrations r ON r.id = d.target_id
       LEFT JOIN subscriptions s ON s.id = d.target_id
       LEFT JOIN delivery_targets t ON t.target_id = d.target_id
     ) x`;

/** True when one worker owns the database and claims without target holds (PGlite). */
export function singleOwner(db: Database): boolean {
  return db.kind === 'pglite';
}

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
      `UPDATE deliveries d SET next_attempt_at = v.until FROM unnest($1::text[], $2::timestamptz[]) AS v(id, until) WHERE d.id = v.id AND d.status = 'pending'`,
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
  const { held, released } = await updateHolds(db, args.owner, first.unheld, holdMs(args.leaseMs), giveBack);
  holds.released(released);
  holds.taken(held);
  // A target whose row was locked is tried again by the next claim, which should not wait for the poll.
  const missed = held.length < first.unheld.length;
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
  const owners = [...ownerHeld.keys()];
  const fullOwners = owners.filter((id) => ownerHeld.get(id)! >= args.perOwner);
  const full = saturated(args, inFlight);
  const params = [args.owner, limit, [...full, ...skipped], [...inFlight.keys()], [...inFlight.values()], args.perTarget, args.leaseMs];
  params.push(fullOwners, owners, [...ownerHeld.values()], args.perOwner, held);
  const [row] = await db.query<{ rows: string; seen: number; holds: string }>(SQL.postgres.claim, params);
  if (!row) return { rows: [], more: true, unheld: [], elsewhere: [] };
  const holds = JSON.parse(row.holds) as { unheld: string[]; elsewhere: string[] };
  const rows = JSON.parse(row.rows) as ClaimedDelivery[];
  return { rows, more: mayHoldMore(row.seen, rows.length, limit, full, fullOwners), ...holds };
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

/** Cancels claimed deliveries whose target is gone or disabled, without an attempt. */
export async function cancelClaimed(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(`UPDATE deliveries SET status = 'cancelled', next_attempt_at = NULL, updated_at = now() WHERE id = ANY($1::text[]) AND status = 'pending'`, [ids]);
}

/** Gives back every target this worker serves (on stop): other processes may serve them at once. */
export async function releaseHolds(db: Queryable, owner: string): Promise<void> {
  await db.query(`UPDATE delivery_targets SET holder = NULL, holder_until = NULL WHERE holder = $1`, [owner]);
}

/** The attempt that ends a delivery in success is kept on its row, in these `success_` columns (named as in `delivery_attempts`). */
const SUCCESS_COLUMNS = ['attempt', 'started_at', 'duration_ms', 'status_code', 'error', 'response_body'];

/** Before a replay: the success on the delivery's row joins the rest of its log (the next round may succeed too). */
export async function moveSuccessToLog(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    `WITH logged AS (
       INSERT INTO delivery_attempts (delivery_id, ${SUCCESS_COLUMNS.join(', ')})
       SELECT id, ${SUCCESS_COLUMNS.map((c) => `success_${c}`).join(', ')} FROM deliveries WHERE id = $1 AND success_attempt IS NOT NULL
       ON CONFLICT DO NOTHING
     )
     UPDATE deliveries SET ${SUCCESS_COLUMNS.map((c) => `success_${c} = NULL`).join(', ')} WHERE id = $1 AND success_attempt IS NOT NULL`,
    [id],
  );
}

/**
 * The record statement: $1 the delivery ids (for the primary-key lookup), $2 the outcomes
 * as one JSON array (one JSON.stringify instead of escaping nine arrays element by element
 * in the driver). `withFailures` adds the target-health bookkeeping of failed attempts ($3
 * failing targets, $4 healthy ones, $5 the disable window, $6 failures per target, $7
 * whether one got no answer at all, $8 the breaker threshold, $9 its cool-down); a batch of
 * successes only needs the recovery of its targets ($3 healthy), and plans in half the time.
 * An outcome counts only if its attempt is the next one: a worker's stale outcome (its hold
 * lapsed and another process sent the attempt again) goes to the log alone. It returns
 * targets to disable (failing_since) and circuits it opened.
 */
const recordSql = (cfg: string, withFailures: boolean) => {
  const healthy = withFailures ? '$4' : '$3';
  return `WITH cfg AS (SELECT ${cfg}),
     v AS (
       SELECT * FROM jsonb_to_recordset($2::jsonb)
         AS v(id text, attempt int, started_at timestamptz, duration_ms int, status_code int, error text, response_body text, status text, delay bigint)
     ), states AS (
       UPDATE deliveries d
       SET status = CASE WHEN d.status = 'cancelled' AND v.status = 'pending' THEN 'cancelled' ELSE v.status END,
           next_attempt_at = CASE WHEN v.status = 'pending' AND d.status = 'pending' THEN now() + v.delay * interval '1 millisecond' END,
           attempt_count = v.attempt, round_attempts = d.round_attempts + 1, updated_at = now(),
           ${SUCCESS_COLUMNS.map((c) => `success_${c} = CASE WHEN v.status = 'succeeded' THEN v.${c} ELSE d.success_${c} END`).join(', ')}
       FROM v WHERE d.id = ANY($1::text[]) AND d.id = v.id AND d.attempt_count = v.attempt - 1
       RETURNING d.id
     ), attempts AS (
       -- A success whose state was recorded is on the delivery row (migration 009).
       INSERT INTO delivery_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error, response_body)
       SELECT id, attempt, started_at, duration_ms, status_code, error, response_body FROM v
       WHERE v.status <> 'succeeded' OR v.id NOT IN (SELECT id FROM states)
       ON CONFLICT DO NOTHING
     ), recovered AS (
       -- Only state changes (and last_success_at once a second) write a healthy target's row,
       -- so concurrent batches do not queue on hot target rows.
       UPDATE delivery_targets SET failing_since = NULL, consecutive_failures = 0, circuit_open_until = NULL, last_success_at = now()
       WHERE target_id = ANY(${healthy}::text[])
         AND (failing_since IS NOT NULL OR consecutive_failures > 0 OR circuit_open_until IS NOT NULL
              OR last_success_at IS NULL OR last_success_at < now() - interval '1 second')
     ), first_successes AS (
       INSERT INTO delivery_targets (target_id, last_success_at) SELECT unnest(${healthy}::text[]), now() ON CONFLICT (target_id) DO NOTHING
     )${
       withFailures
         ? `, f AS (
       SELECT * FROM unnest($3::text[], $6::int[], $7::boolean[]) AS f(target_id, n, silent)
     ), first_failures AS (
       INSERT INTO delivery_targets (target_id, failing_since, consecutive_failures, last_failure_at, circuit_open_until)
       SELECT target_id, now(), n, now(), CASE WHEN silent AND n >= $8 THEN now() + $9 * interval '1 millisecond' END FROM f
       ON CONFLICT (target_id) DO NOTHING
       RETURNING target_id, circuit_open_until IS NOT NULL AS opened
     ), failing_again AS (
       UPDATE delivery_targets t
       SET failing_since = coalesce(t.failing_since, now()), consecutive_failures = t.consecutive_failures + f.n, last_failure_at = now(),
           circuit_open_until = CASE WHEN f.silent AND t.consecutive_failures + f.n >= $8 THEN now() + $9 * interval '1 millisecond' ELSE t.circuit_open_until END
       FROM f WHERE t.target_id = f.target_id
       RETURNING t.target_id, f.silent AND t.consecutive_failures >= $8 AS opened
     )
     SELECT s.target_id, s.failing_since, s.opened FROM cfg LEFT JOIN LATERAL (
       SELECT target_id, failing_since, false AS opened FROM delivery_targets
       WHERE target_id = ANY($3::text[]) AND failing_since <= now() - $5 * interval '1 millisecond'
       UNION ALL SELECT target_id, NULL, true FROM first_failures WHERE opened
       UNION ALL SELECT target_id, NULL, true FROM failing_again WHERE opened
     ) s ON true`
         : `
     SELECT NULL::text AS target_id, NULL::timestamptz AS failing_since, false AS opened FROM cfg`
     }`;
};

const SQL = {
  postgres: {
    claim: claimSql,
    record: prepared(recordSql(RELAXED_COMMIT, true)),
    recordSuccesses: prepared(recordSql(RELAXED_COMMIT, false)),
  },
  // PGlite has no WAL writer: an asynchronous commit would wait for the next synchronous one.
  pglite: { record: recordSql('1 AS relaxed', true), recordSuccesses: recordSql('1 AS relaxed', false) },
};

/** When failing targets are disabled, and when their circuit opens. */
export interface TargetPolicy {
  /** A target failing this long without a success is disabled. */
  disableAfterMs: number;
  /** Consecutive failed attempts, the last without any answer (timeout, refused, reset), that open the circuit. */
  breakAfter: number;
  /** How long an open circuit holds the target's deliveries before one probe may go. */
  coolDownMs: number;
}

/**
 * Records a batch of attempts in one statement (one round trip, atomic): the attempt log,
 * each delivery's new state (only if no other outcome of that attempt was recorded first),
 * and target health. Targets to disable (410 Gone, or failing without a success for
 * `disableAfterMs`) are disabled in a transaction of their own; the pending deliveries of a
 * target whose circuit opened wait for its cool-down. Returns the targets whose circuit opened.
 */
export async function recordOutcomes(db: Database, outcomes: Outcome[], policy: TargetPolicy): Promise<string[]> {
  if (outcomes.length === 0) return [];
  const o = outcomes;
  const healthy = unique(o.filter((x) => x.status === 'succeeded').map((x) => x.delivery.target_id));
  // A success in the batch outweighs its failures: sporadic failures never start the window.
  const failures = new Map<string, { n: number; silent: boolean }>();
  for (const x of o) {
    if (x.status === 'succeeded' || x.disableReason || healthy.includes(x.delivery.target_id)) continue;
    const f = failures.get(x.delivery.target_id) ?? { n: 0, silent: false };
    f.n++;
    f.silent ||= x.result.statusCode === null;
    failures.set(x.delivery.target_id, f);
  }
  const failing = [...failures.keys()].sort();
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
  const counts = failing.map((id) => failures.get(id)!.n);
  const silent = failing.map((id) => failures.get(id)!.silent);
  const rows = await db.query<{ target_id: string | null; failing_since: Date | null; opened: boolean }>(
    failing.length > 0 ? sql.record : sql.recordSuccesses,
    failing.length > 0
      ? [ids, json, failing, healthy, policy.disableAfterMs, counts, silent, policy.breakAfter, policy.coolDownMs]
      : [ids, json, healthy],
  );
  const disable = new Map<string, string>();
  for (const x of o) if (x.disableReason) disable.set(x.delivery.target_id, x.disableReason);
  const opened = unique(rows.filter((row) => row.target_id && row.opened).map((row) => row.target_id!));
  for (const row of rows) {
    if (!row.target_id || !row.failing_since) continue;
    const since = new Date(row.failing_since).toISOString();
    disable.set(row.target_id, `every delivery failed since ${since} (${formatWindow(policy.disableAfterMs)} without a success)`);
  }
  if (opened.length > 0) await holdForCoolDown(db, opened);
  if (disable.size > 0) {
    await db.transaction(async (tx) => {
      for (const [targetId, reason] of disable) await disableTarget(tx, targetId, reason);
    });
  }
  return opened.filter((id) => !disable.has(id));
}

/** The pending deliveries of targets whose circuit is open wait for its cool-down. */
async function holdForCoolDown(db: Queryable, targetIds: string[]): Promise<void> {
  await db.query(
    `UPDATE deliveries d SET next_attempt_at = t.circuit_open_until
     FROM delivery_targets t
     WHERE t.target_id = ANY($1::text[]) AND t.circuit_open_until > now()
       AND d.target_id = t.target_id AND d.status = 'pending' AND d.next_attempt_at < t.circuit_open_until`,
    [targetIds],
  );
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
  await tx.query(`UPDATE delivery_targets SET failing_since = NULL, consecutive_failures = 0, circuit_open_until = NULL WHERE target_id = $1`, [targetId]);
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
