import type { Queryable } from '../../db/database.js';
import type { TraceHeaders } from '../../telemetry/trace-context.js';
import { freshDelivery } from './handoff.js';
import { timeOrderedIds } from './time-ordered-ids.js';
import type { FreshDelivery, OutgoingMessage, TargetState } from '../types.js';
import { targetStateSql } from './fragments.sql.js';
import { inTargetVersions } from './convert.js';
import { contractVersions, type PayloadVersioning } from '../payload-versions.js';
import { notHeldWhenAnySql } from './ordering-holds.sql.js';

const COLUMNS = 'id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, pull, payload_version, body_version';

/** The order of a statement's (target, key) groups: the keyed ones first, by bytes (as `array_agg` over the counters reads them back). */
const GROUP_ORDER = `v.ordering_key IS NULL, v.target_id COLLATE "C", v.ordering_key COLLATE "C"`;

/**
 * The one insert into `deliveries`, due now, as the statement's last common table expressions
 * (`q_rows`, `q_seqs`, `q_last`, then `queued`, the insert itself, and `q_keyed`): `values` is the select list of (id, message_id,
 * kind, event, target_id, owner_key_id, url, content_type, body, pull, payload_version,
 * body_version), `from` what it reads, `trace` the (traceparent, tracestate) of the publish that
 * queued them (see telemetry/), `key` each message's ordering key (NULL: not ordered) and `order`
 * the publish order of the rows.
 *
 * A keyed message takes the next places of its (target, key) (`key_seq`, migration 071): the
 * counter row is bumped once per (target, key) by how many this statement queues (`c`), in key
 * order (concurrent statements lock shared counters in one order), and the rows number themselves
 * within it in publish order (`rn`). A publisher of the same key waits on the counter row until
 * this transaction ends, so places follow commits.
 *
 * Each row finds its counter by its group's rank (`g`) in the counters' values read back in the
 * same order (`q_last`), not by a join: the planner, which cannot know how many rows a statement
 * queues, joined them in nested loops that compared every row with every counter.
 */
export const insertDeliveriesSql = (
  values: string,
  from: string,
  trace = 'NULL, NULL',
  key = 'NULL',
  order = '1',
) => `q_rows AS MATERIALIZED (
       SELECT v.*, row_number() OVER (w ORDER BY v.n) AS rn, count(*) OVER w AS c, dense_rank() OVER (ORDER BY ${GROUP_ORDER}) AS g
       FROM (SELECT ${values}, ${trace}, ${key}::text, row_number() OVER (ORDER BY ${order}) FROM ${from})
         AS v (${COLUMNS}, traceparent, tracestate, ordering_key, n)
       WINDOW w AS (PARTITION BY ${GROUP_ORDER})
     ), q_seqs AS (
       INSERT INTO ordering_sequences AS s (target_id, ordering_key, last_seq)
       SELECT target_id, ordering_key, c FROM q_rows WHERE ordering_key IS NOT NULL AND rn = 1 ORDER BY g
       ON CONFLICT (target_id, ordering_key) DO UPDATE SET last_seq = s.last_seq + EXCLUDED.last_seq
       RETURNING target_id, ordering_key, last_seq
     ), q_last AS MATERIALIZED (
       SELECT array_agg(last_seq ORDER BY target_id COLLATE "C", ordering_key COLLATE "C") AS seqs FROM q_seqs
     ), queued AS (
       INSERT INTO deliveries (${COLUMNS}, next_attempt_at, traceparent, tracestate, ordering_key, key_seq)
       SELECT ${COLUMNS.split(', ')
         .map((c) => `r.${c}`)
         .join(
           ', ',
         )}, now(), r.traceparent, r.tracestate, r.ordering_key, CASE WHEN r.ordering_key IS NOT NULL THEN l.seqs[r.g] - r.c + r.rn END
       FROM q_rows r CROSS JOIN q_last l
       ORDER BY r.n
     ), q_keyed AS (
       -- Tested in this order, each only when the ones before passed: a key with a message queued (most
       -- under a backlog) costs one probe; the holds are looked up per key only when some key is held.
       SELECT r.id, l.seqs[r.g] - r.c + r.rn AS key_seq,
              r.rn = 1
              AND (SELECT 1 FROM deliveries e WHERE e.target_id = r.target_id AND e.ordering_key = r.ordering_key LIMIT 1) IS NULL
              AND l.seqs[r.g] - r.c = coalesce((SELECT o.last_seq FROM ordering_sequences o
                                                WHERE o.target_id = r.target_id AND o.ordering_key = r.ordering_key), 0)
              AND ${notHeldWhenAnySql('r')} AS first
       FROM q_rows r CROSS JOIN q_last l
       WHERE r.ordering_key IS NOT NULL
     )`;

/**
 * The keyed rows the statement queued, as JSON `[[id, key_seq, first], ...]` (NULL when none):
 * `first` when no earlier message of its (target, key) was queued or holds the key, so the
 * local worker may send it at once (`FreshDelivery.first_of_key`). Read from the statement's
 * snapshot, which misses a publisher of the same key that committed while this one waited on
 * the key's counter row: the counter's value in the snapshot then differs from the one the
 * update found, and the row is not first.
 */
export const keyedRowsSql = `(SELECT json_agg(json_build_array(id, key_seq, first))::text FROM q_keyed)`;

/**
 * {@link insertDeliveriesSql} for messages none of which has an ordering key: only `queued`, the
 * insert, with the same columns, order and `trace`. The key steps (the windows over the rows, the
 * counters' upsert, the probes of `q_keyed`) are parsed, planned and run for nothing then: about
 * 0.65 ms of database CPU more for a statement of 30 messages (2.0–2.5 ms against 1.3–1.8 on
 * PostgreSQL 15, issue 50). The answer's `keyed` is then NULL ({@link unkeyedRowsSql}).
 */
export const insertUnkeyedDeliveriesSql = (values: string, from: string, trace = 'NULL, NULL', order = '1') => `queued AS (
       INSERT INTO deliveries (${COLUMNS}, traceparent, tracestate, next_attempt_at)
       SELECT ${values}, ${trace}, now() FROM ${from} ORDER BY ${order}
     )`;

/** {@link keyedRowsSql} of a statement made with {@link insertUnkeyedDeliveriesSql}: no keyed rows. */
export const unkeyedRowsSql = 'NULL::text';

/** The key places of {@link keyedRowsSql}'s answer, by delivery id. */
export function keyedRows(json: string | null): Map<string, { key_seq: number; first_of_key: boolean }> {
  const rows = json ? (JSON.parse(json) as Array<[string, number, boolean]>) : [];
  return new Map(rows.map(([id, seq, first]) => [id, { key_seq: Number(seq), first_of_key: first }]));
}

/**
 * Inserts messages inside the caller's transaction and returns them as fresh deliveries, with
 * their targets' state as the statement read it. It announces nothing: the `Outbox` does, once
 * the transaction has committed.
 *
 * One statement of constant text whatever the fan-out: the per-message columns travel as
 * arrays, and a body, content type, kind and event shared by every message (a publish)
 * travel once. Against a multi-row VALUES list this parses far fewer parameters, and the
 * text does not change with the number of registrations (test/bench/enqueue.bench.ts).
 */
export async function insertDeliveries(
  tx: Queryable,
  outgoing: OutgoingMessage[],
  trace?: TraceHeaders,
  versions: PayloadVersioning = contractVersions,
): Promise<FreshDelivery[]> {
  if (outgoing.length === 0) return [];
  const messages = inTargetVersions(versions, outgoing);
  const current = versions.current;
  const payloadVersions = messages.map((m) => m.payloadVersion ?? current);
  const bodyVersions = messages.map((m) => m.bodyVersion ?? m.payloadVersion ?? current);
  const first = messages[0]!;
  const shared = messages.every(
    (m) => m.kind === first.kind && m.event === first.event && m.contentType === first.contentType && m.body === first.body,
  );
  const ids = timeOrderedIds('dlv', messages.length);
  const fresh = timeOrderedIds('msg', messages.filter((m) => m.messageId === undefined).length);
  let k = 0;
  const messageIds = messages.map((m) => m.messageId ?? fresh[k++]!);
  const targets = messages.map((m) => m.targetId);
  const owners = messages.map((m) => m.ownerKeyId);
  const urls = messages.map((m) => m.url);
  const pulls = messages.map((m) => m.pull === true);
  const keys = messages.map((m) => m.orderingKey ?? null);
  // Without a key among them, the statement has no key steps (`insertUnkeyedDeliveriesSql`).
  const anyKey = keys.some((key) => key !== null);
  const insert = (values: string, from: string) =>
    anyKey
      ? insertDeliveriesSql(values, from, '$10::text, $11::text', 'm.ordering_key', 'm.ord')
      : insertUnkeyedDeliveriesSql(values, from, '$10::text, $11::text', 'm.ord');
  const keyedSql = anyKey ? keyedRowsSql : unkeyedRowsSql;
  const [row] = shared
    ? await tx.query<{ targets: string; keyed: string | null }>(
        `WITH ${insert(
          'm.id, m.message_id, $6, $7, m.target_id, m.owner_key_id, m.url, $8, $9, m.pull, m.payload_version, m.body_version',
          `unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $12::boolean[], $13::int[], $14::int[], $15::text[]) WITH ORDINALITY
             AS m (id, message_id, target_id, owner_key_id, url, pull, payload_version, body_version, ordering_key, ord)`,
        )}
         SELECT ${targetStateSql('(SELECT DISTINCT unnest($3::text[]) AS target_id)')} AS targets, ${keyedSql} AS keyed`,
        [
          ids,
          messageIds,
          targets,
          owners,
          urls,
          first.kind,
          first.event,
          first.contentType,
          first.body,
          ...traceValues(trace),
          pulls,
          payloadVersions,
          bodyVersions,
          keys,
        ],
      )
    : await tx.query<{ targets: string; keyed: string | null }>(
        `WITH ${insert(
          'm.id, m.message_id, m.kind, m.event, m.target_id, m.owner_key_id, m.url, m.content_type, m.body, m.pull, m.payload_version, m.body_version',
          `unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $12::boolean[],
                    $13::int[], $14::int[], $15::text[]) WITH ORDINALITY
             AS m (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, pull, payload_version, body_version, ordering_key, ord)`,
        )}
         SELECT ${targetStateSql('(SELECT DISTINCT unnest($5::text[]) AS target_id)')} AS targets, ${keyedSql} AS keyed`,
        [
          ids,
          messageIds,
          messages.map((m) => m.kind),
          messages.map((m) => m.event),
          targets,
          owners,
          urls,
          messages.map((m) => m.contentType),
          messages.map((m) => m.body),
          ...traceValues(trace),
          pulls,
          payloadVersions,
          bodyVersions,
          keys,
        ],
      );
  const states = new Map((JSON.parse(row!.targets) as TargetState[]).map((t) => [t.target_id, t]));
  const keyed = keyedRows(row!.keyed);
  return messages.map((m, i) =>
    freshDelivery(
      {
        id: ids[i]!,
        message_id: messageIds[i]!,
        kind: m.kind,
        event: m.event,
        owner_key_id: m.ownerKeyId,
        url: m.url,
        content_type: m.contentType,
        body: m.body,
        payload_version: payloadVersions[i]!,
        body_version: bodyVersions[i]!,
        ordering_key: m.orderingKey ?? null,
        ...keyed.get(ids[i]!),
      },
      states.get(m.targetId)!,
      trace,
    ),
  );
}

function traceValues(trace: TraceHeaders | undefined): [string | null, string | null] {
  return [trace?.traceparent ?? null, trace?.tracestate ?? null];
}
