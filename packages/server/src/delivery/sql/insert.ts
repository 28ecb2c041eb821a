import type { Queryable } from '../../db/database.js';
import type { TraceHeaders } from '../../telemetry/trace-context.js';
import { freshDelivery } from '../handoff.js';
import { newIds } from '../ids.js';
import type { FreshDelivery, OutgoingMessage, TargetState } from '../types.js';
import { DELIVERY_CHANNEL } from '../wake-ups.js';
import { targetStateSql } from './fragments.js';

/**
 * The one insert into `deliveries`, due now: `values` is the select list of (id, message_id,
 * kind, event, target_id, owner_key_id, url, content_type, body, pull), `from` what it reads, `trace`
 * the (traceparent, tracestate) of the publish that queued them (see telemetry/).
 */
export const insertDeliveriesSql = (
  values: string,
  from: string,
  trace = 'NULL, NULL',
) => `INSERT INTO deliveries (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, pull, next_attempt_at, traceparent, tracestate)
           SELECT ${values}, now(), ${trace}
           FROM ${from}`;

/** Wakes the workers of every process when the transaction commits (identical notifications are sent once), if `$n` says so. */
export const notifyAtCommitSql = (n: number) => `CASE WHEN $${n}::boolean THEN pg_notify('${DELIVERY_CHANNEL}', '') END`;

/**
 * Inserts messages inside the caller's transaction and returns them as fresh deliveries, with
 * their targets' state as the statement read it. `notify`: the commit wakes the workers of
 * every process (nobody is handed the deliveries).
 *
 * One statement of constant text whatever the fan-out: the per-message columns travel as
 * arrays, and a body, content type, kind and event shared by every message (a publish)
 * travel once. Against a multi-row VALUES list this parses far fewer parameters, and the
 * text does not change with the number of registrations (test/bench/enqueue.bench.ts).
 */
export async function insertDeliveries(
  tx: Queryable,
  messages: OutgoingMessage[],
  notify: boolean,
  trace?: TraceHeaders,
): Promise<FreshDelivery[]> {
  if (messages.length === 0) return [];
  const first = messages[0]!;
  const shared = messages.every(
    (m) => m.kind === first.kind && m.event === first.event && m.contentType === first.contentType && m.body === first.body,
  );
  const ids = newIds('dlv', messages.length);
  const fresh = newIds('msg', messages.filter((m) => m.messageId === undefined).length);
  let k = 0;
  const messageIds = messages.map((m) => m.messageId ?? fresh[k++]!);
  const targets = messages.map((m) => m.targetId);
  const owners = messages.map((m) => m.ownerKeyId);
  const urls = messages.map((m) => m.url);
  const pulls = messages.map((m) => m.pull === true);
  const [row] = shared
    ? await tx.query<{ targets: string }>(
        `WITH queued AS (
           ${insertDeliveriesSql('m.id, m.message_id, $6, $7, m.target_id, m.owner_key_id, m.url, $8, $9, m.pull', 'unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $13::boolean[]) AS m (id, message_id, target_id, owner_key_id, url, pull)', '$11::text, $12::text')}
         )
         SELECT ${notifyAtCommitSql(10)}, ${targetStateSql('(SELECT DISTINCT unnest($3::text[]) AS target_id)')} AS targets`,
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
          notify,
          ...traceValues(trace),
          pulls,
        ],
      )
    : await tx.query<{ targets: string }>(
        `WITH queued AS (
           ${insertDeliveriesSql(
             'm.id, m.message_id, m.kind, m.event, m.target_id, m.owner_key_id, m.url, m.content_type, m.body, m.pull',
             `unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $13::boolean[])
             AS m (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, pull)`,
             '$11::text, $12::text',
           )}
         )
         SELECT ${notifyAtCommitSql(10)}, ${targetStateSql('(SELECT DISTINCT unnest($5::text[]) AS target_id)')} AS targets`,
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
          notify,
          ...traceValues(trace),
          pulls,
        ],
      );
  const states = new Map((JSON.parse(row!.targets) as TargetState[]).map((t) => [t.target_id, t]));
  return messages.map((m, i) =>
    freshDelivery(
      { id: ids[i]!, message_id: messageIds[i]!, owner_key_id: m.ownerKeyId, url: m.url, content_type: m.contentType, body: m.body },
      states.get(m.targetId)!,
      trace,
    ),
  );
}

function traceValues(trace: TraceHeaders | undefined): [string | null, string | null] {
  return [trace?.traceparent ?? null, trace?.tracestate ?? null];
}
