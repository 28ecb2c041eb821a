import type { Database, Queryable } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import { isOperationalTarget, outcomeEvents } from './operational-events.js';
import type { FreshDelivery, Outcome, PayloadCheck, TargetPolicy } from '../types.js';
import { disableTarget } from './disable.sql.js';
import { formatWindow } from '../queue/durations.js';
import { RELAXED_COMMIT, SUCCESS_COLUMNS } from '../queue/fragments.sql.js';
import { insertHistorySql, MESSAGE_COLUMNS } from '../queue/history.sql.js';
import { holdFailedKeysSql, holdingKeys } from '../queue/ordering-holds.sql.js';
import { handedColumnsSql, handedDeliveries, handedSql, laterOfKeySql } from './successors.sql.js';
import { eventsOfDeliveries, queueOperationalEvents } from './operational.sql.js';
import type { PayloadVersioning } from '../payload-versions.js';

/**
 * The record statement: $1 the delivery ids (for the primary-key lookup), $2 the outcomes
 * as one JSON array (one JSON.stringify instead of escaping nine arrays element by element
 * in the driver), read as `json`, not `jsonb`: it is read once, so building jsonb's binary
 * form first only costs (6 % of the record statement's database CPU at 100 outcomes). `withFailures` adds the target-health bookkeeping of failed attempts ($3
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
       SELECT * FROM json_to_recordset($2::json)
         AS v(id text, target_id text, attempt int, started_at timestamptz, duration_ms int, status_code int, error text,
              response_body text, status text, delay bigint)
     ), retried AS (
       UPDATE deliveries d
       SET next_attempt_at = now() + v.delay * interval '1 millisecond', attempt_count = v.attempt, round_attempts = d.round_attempts + 1, updated_at = now(),
           lease_expires_at = NULL
       FROM v WHERE d.id = ANY($1::text[]) AND d.id = v.id AND d.attempt_count = v.attempt - 1 AND v.status = 'pending'
     ), done AS (
       -- An ended delivery leaves the queue for the history (migration 012); its success is kept on the history row.
       DELETE FROM deliveries d USING v
       WHERE d.id = ANY($1::text[]) AND d.id = v.id AND d.attempt_count = v.attempt - 1 AND v.status <> 'pending'
       RETURNING ${MESSAGE_COLUMNS.split(', ')
         .map((c) => `d.${c}`)
         .join(', ')}, v.status, v.attempt AS attempt_count,
         d.round_attempts + 1 AS round_attempts, d.created_at,
         ${SUCCESS_COLUMNS.map((c) => `CASE WHEN v.status = 'succeeded' THEN v.${c} END AS success_${c}`).join(', ')}
     ), finished AS (
       ${insertHistorySql('done')}
     ), held AS (
       ${holdFailedKeysSql('done')}
     ), later AS (
       -- The next message of each ended one's key, if one waits in the queue (a publisher that commits meanwhile is left to the poll).
       ${laterOfKeySql('done')}
     ), handed AS (
       ${handedSql('later')}
     ), followed AS (
       -- Those a claim must find: the recording worker takes the handed ones.
       SELECT EXISTS (SELECT 1 FROM later WHERE id NOT IN (SELECT id FROM handed)) AS found
     ), attempts AS (
       INSERT INTO delivery_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error, response_body)
       SELECT id, attempt, started_at, duration_ms, status_code, error, response_body FROM v
       WHERE v.status <> 'succeeded' OR v.id NOT IN (SELECT id FROM done)
       ON CONFLICT DO NOTHING
     ), h AS (
       -- The attempt log's summary per target, as the health report reads it (migration 012).
       SELECT target_id, max(started_at) FILTER (WHERE ok) AS ok_at, max(started_at) FILTER (WHERE NOT ok) AS failed_at,
              (count(*) FILTER (WHERE NOT ok AND started_at > coalesce(last_ok, '-infinity')))::int AS failed_after
       FROM (SELECT target_id, started_at, status = 'succeeded' AS ok,
                    max(started_at) FILTER (WHERE status = 'succeeded') OVER (PARTITION BY target_id) AS last_ok FROM v) x
       GROUP BY target_id
     ), recovered AS (
       -- Only state changes (and last_success_at once a second) write a healthy target's row,
       -- so concurrent batches do not queue on hot target rows.
       UPDATE delivery_targets t SET failing_since = NULL, consecutive_failures = 0, circuit_open_until = NULL, last_success_at = now(),
         last_ok_attempt_at = greatest(t.last_ok_attempt_at, h.ok_at), last_failed_attempt_at = greatest(t.last_failed_attempt_at, h.failed_at),
         failed_attempts_since_ok = CASE WHEN h.ok_at >= coalesce(t.last_ok_attempt_at, '-infinity') THEN h.failed_after
                                         ELSE t.failed_attempts_since_ok + h.failed_after END
       FROM h
       WHERE t.target_id = ANY(${healthy}::text[]) AND h.target_id = t.target_id
         AND (failing_since IS NOT NULL OR consecutive_failures > 0 OR circuit_open_until IS NOT NULL
              OR last_success_at IS NULL OR last_success_at < now() - interval '1 second'
              OR t.failed_attempts_since_ok > 0 OR h.failed_at IS NOT NULL OR t.last_ok_attempt_at IS NULL)
     ), first_successes AS (
       INSERT INTO delivery_targets (target_id, last_success_at, last_ok_attempt_at, last_failed_attempt_at, failed_attempts_since_ok)
       SELECT h.target_id, now(), h.ok_at, h.failed_at, h.failed_after FROM h WHERE h.target_id = ANY(${healthy}::text[])
       ON CONFLICT (target_id) DO NOTHING
     ), gone AS (
       -- Targets whose only attempts here were a 410 (they are disabled next): their log summary alone.
       INSERT INTO delivery_targets AS t (target_id, last_failed_attempt_at, failed_attempts_since_ok)
       SELECT target_id, failed_at, failed_after FROM h WHERE ok_at IS NULL${withFailures ? ' AND NOT (target_id = ANY($3::text[]))' : ''}
       ON CONFLICT (target_id) DO UPDATE SET last_failed_attempt_at = greatest(t.last_failed_attempt_at, excluded.last_failed_attempt_at),
         failed_attempts_since_ok = t.failed_attempts_since_ok + excluded.failed_attempts_since_ok
     )${
       withFailures
         ? `, f AS (
       SELECT * FROM unnest($3::text[], $6::int[], $7::boolean[]) AS f(target_id, n, silent)
     ), first_failures AS (
       INSERT INTO delivery_targets (target_id, failing_since, consecutive_failures, last_failure_at, circuit_open_until,
                                     last_failed_attempt_at, failed_attempts_since_ok)
       SELECT f.target_id, now(), n, now(), CASE WHEN silent AND n >= $8 THEN now() + $9 * interval '1 millisecond' END, h.failed_at, h.failed_after
       FROM f JOIN h ON h.target_id = f.target_id
       ON CONFLICT (target_id) DO NOTHING
       RETURNING target_id, circuit_open_until IS NOT NULL AS opened
     ), failing_again AS (
       UPDATE delivery_targets t
       SET failing_since = coalesce(t.failing_since, now()), consecutive_failures = t.consecutive_failures + f.n, last_failure_at = now(),
           circuit_open_until = CASE WHEN f.silent AND t.consecutive_failures + f.n >= $8
                                THEN now() + $9 * interval '1 millisecond' ELSE t.circuit_open_until END,
           last_failed_attempt_at = greatest(t.last_failed_attempt_at, h.failed_at), failed_attempts_since_ok = t.failed_attempts_since_ok + h.failed_after
       FROM f JOIN h ON h.target_id = f.target_id WHERE t.target_id = f.target_id
       RETURNING t.target_id, f.silent AND t.consecutive_failures >= $8 AS opened
     )
     SELECT s.target_id, s.failing_since, s.opened, (SELECT found FROM followed) AS followed, ${handedColumnsSql('handed')}
     FROM cfg LEFT JOIN LATERAL (
       SELECT target_id, failing_since, false AS opened FROM delivery_targets
       WHERE target_id = ANY($3::text[]) AND failing_since <= now() - $5 * interval '1 millisecond'
       UNION ALL SELECT target_id, NULL, true FROM first_failures WHERE opened
       UNION ALL SELECT target_id, NULL, true FROM failing_again WHERE opened
     ) s ON true`
         : `
     SELECT NULL::text AS target_id, NULL::timestamptz AS failing_since, false AS opened, (SELECT found FROM followed) AS followed,
       ${handedColumnsSql('handed')} FROM cfg`
     }`;
};

const SQL = {
  postgres: {
    record: prepared(recordSql(RELAXED_COMMIT, true)),
    recordSuccesses: prepared(recordSql(RELAXED_COMMIT, false)),
  },
  // PGlite has no WAL writer: an asynchronous commit would wait for the next synchronous one.
  pglite: { record: recordSql('1 AS relaxed', true), recordSuccesses: recordSql('1 AS relaxed', false) },
};

/**
 * Records a batch of attempts in one statement (one round trip, atomic): the attempt log,
 * each delivery's new state (only if no other outcome of that attempt was recorded first),
 * and target health. Targets to disable (410 Gone, or failing without a success for
 * `disableAfterMs`) are disabled, and the pending deliveries of a target whose circuit opened
 * wait for its cool-down, in the same transaction. Returns the targets whose circuit opened.
 */
export async function recordOutcomes(
  db: Database,
  outcomes: Outcome[],
  policy: TargetPolicy,
  versions?: PayloadVersioning,
): Promise<string[]> {
  return (await recordBatch(db, outcomes, policy, undefined, versions)).opened;
}

/** What a recorded batch changed: circuits opened, and the operational events it queued (for the local worker to take). */
export interface Recorded {
  opened: string[];
  queued: FreshDelivery[];
  /** A later message of an ended delivery's ordering key is queued and not handed: a claim may send it now. */
  followed: boolean;
  /**
   * The next message of a key whose message this batch ended in success, due and first of its
   * key now: the recording worker may take it at once, as a claim would (a claim finds the ones it does not take).
   */
  handed: FreshDelivery[];
}

/**
 * {@link recordOutcomes}, and the owners' operational events about it, queued with the targets it
 * disables. A batch that may tell an owner something (a failed attempt, a closed circuit, a target
 * to disable) is recorded in the transaction that queues what it tells: whoever reads a delivery
 * failed also finds its `deliveryFailed`, and a crash loses neither. A batch of successes alone
 * tells nothing and needs no transaction.
 */
export async function recordBatch(
  db: Database,
  outcomes: Outcome[],
  policy: TargetPolicy,
  check?: PayloadCheck,
  versions?: PayloadVersioning,
): Promise<Recorded> {
  if (outcomes.length === 0) return { opened: [], queued: [], followed: false, handed: [] };
  const tells = outcomes.some((x) => x.status !== 'succeeded' || x.disableReason || x.delivery.target_cap === 1);
  const record = (q: Queryable) => recordAndTell(q, db.kind, outcomes, policy, { check, versions });
  return tells ? db.transaction(record) : record(db);
}

async function recordAndTell(
  db: Queryable,
  kind: Database['kind'],
  o: Outcome[],
  policy: TargetPolicy,
  { check, versions }: { check?: PayloadCheck; versions?: PayloadVersioning },
): Promise<Recorded> {
  const healthy = unique(o.filter((x) => x.status === 'succeeded').map((x) => x.delivery.target_id));
  // A success in the batch outweighs its failures: sporadic failures never start the window.
  const failures = new Map<string, { n: number; silent: boolean }>();
  for (const x of o) {
    // A payload that could not be converted is the sender's fault: it says nothing of the target's health.
    if (x.status === 'succeeded' || x.disableReason || x.unsent || healthy.includes(x.delivery.target_id)) continue;
    const f = failures.get(x.delivery.target_id) ?? { n: 0, silent: false };
    f.n++;
    f.silent ||= x.result.statusCode === null;
    failures.set(x.delivery.target_id, f);
  }
  const failing = [...failures.keys()].sort();
  const json = JSON.stringify(
    o.map((x) => ({
      id: x.delivery.id,
      target_id: x.delivery.target_id,
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
  const sql = SQL[kind];
  const ids = o.map((x) => x.delivery.id);
  const counts = failing.map((id) => failures.get(id)!.n);
  const silent = failing.map((id) => failures.get(id)!.silent);
  const rows = await db.query<RecordRow>(
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
  const stillOpen = opened.filter((id) => !disable.has(id));
  const failed = o.filter((x) => x.status === 'failed' && !isOperationalTarget(x.delivery.target_id)).map((x) => x.delivery.id);
  const keyed = o.filter((x) => x.status === 'failed' && x.delivery.ordering_key).map((x) => x.delivery.id);
  const events = outcomeEvents(
    o,
    stillOpen,
    disable,
    policy.coolDownMs,
    await eventsOfDeliveries(db, failed),
    await holdingKeys(db, keyed),
  );
  const followed = rows.some((row) => row.followed);
  // Not to a target this batch disables or whose circuit it opened: its state was read before.
  const handed = rows[0]
    ? handedDeliveries(rows[0].handed, rows[0].handed_targets).filter((d) => !disable.has(d.target_id) && !opened.includes(d.target_id))
    : [];
  if (disable.size === 0 && events.length === 0) return { opened: stillOpen, queued: [], followed, handed };
  for (const [targetId, reason] of disable) await disableTarget(db, targetId, reason);
  return { opened: stillOpen, queued: await queueOperationalEvents(db, events, { check, versions }), followed, handed };
}

/** A row of the record statement: a target to disable or whose circuit opened (or none), and the batch's followers. */
interface RecordRow {
  target_id: string | null;
  failing_since: Date | null;
  opened: boolean;
  followed: boolean;
  handed: string | null;
  handed_targets: string;
}

/** The pending deliveries of targets whose circuit is open wait for its cool-down. */
async function holdForCoolDown(db: Queryable, targetIds: string[]): Promise<void> {
  await db.query(
    `UPDATE deliveries d SET next_attempt_at = t.circuit_open_until
     FROM delivery_targets t
     WHERE t.target_id = ANY($1::text[]) AND t.circuit_open_until > now()
       AND d.target_id = t.target_id AND d.next_attempt_at < t.circuit_open_until`,
    [targetIds],
  );
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
