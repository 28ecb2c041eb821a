import type { Queryable } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import { freshDelivery } from '../delivery/queue/handoff.js';
import { inTargetVersions } from '../delivery/queue/convert.js';
import { insertDeliveriesSql, keyedRows, keyedRowsSql } from '../delivery/queue/insert.sql.js';
import { timeOrderedIds } from '../delivery/queue/time-ordered-ids.js';
import type { PayloadVersioning } from '../delivery/payload-versions.js';
import type { FreshDelivery, OutgoingMessage, TargetState } from '../delivery/types.js';
import type { TraceHeaders } from '../telemetry/trace-context.js';

/** A stockUpdate registration on an older payload version, with its state, as the stock statement read it. */
export type OlderTarget = TargetState & { owner_key_id: string; url: string; payload_version: number };

/** A change made (its drink's id is its ordering key), its body in the current version. */
export interface MadeChange {
  change: { drink: { id: string }; trace?: TraceHeaders };
  body: string;
  fresh: FreshDelivery[];
}

/**
 * The stockUpdate webhooks of the older versions' registrations, for every change of a batch, in
 * one statement: one row per (change, target), in change order then the targets' order; the
 * targets' columns ($5–$9) and the bodies ($10–$12: one per change and version) travel once and
 * are picked by index ($3: the target's, $4: the body's); $13: each row's change, for its trace
 * ($14, $15) and its ordering key ($16, the drink's id).
 */
const OLDER_SQL = prepared(`WITH ${insertDeliveriesSql(
  `m.id, m.message_id, 'webhook', 'stockUpdate', ($5::text[])[m.t], ($6::text[])[m.t], ($7::text[])[m.t], ($10::text[])[m.b],
   ($11::text[])[m.b], ($8::boolean[])[m.t], ($9::int[])[m.t], ($12::int[])[m.b]`,
  'unnest($1::text[], $2::text[], $3::int[], $4::int[], $13::int[]) WITH ORDINALITY AS m (id, message_id, t, b, c, ord)',
  '($14::text[])[m.c], ($15::text[])[m.c]',
  '($16::text[])[m.c]',
  'm.ord',
)}
     SELECT ${keyedRowsSql} AS keyed`);

/**
 * Queues the stockUpdate webhooks of the registrations pinned to an older payload version (read
 * by the statement that made the changes, on the same transaction): each change's body converted
 * once per version (`inTargetVersions`), then one statement for every change and target. Adds
 * them to each change's fresh deliveries.
 */
export async function queueOlderVersions(
  db: Queryable,
  made: MadeChange[],
  targets: OlderTarget[],
  versions: PayloadVersioning,
): Promise<void> {
  if (targets.length === 0 || made.length === 0) return;
  const wanted = [...new Set(targets.map((t) => t.payload_version))];
  const bodies = inTargetVersions(
    versions,
    made.flatMap((m) => wanted.map((v) => bodyIn(m, v))),
  );
  const bodyOf = (c: number, t: OlderTarget) => c * wanted.length + wanted.indexOf(t.payload_version);
  const pairs = made.flatMap((_, c) => targets.map((t, i) => ({ c, t: i, b: bodyOf(c, t) })));
  const ids = timeOrderedIds('dlv', pairs.length);
  const messageIds = timeOrderedIds('msg', pairs.length);
  const [row] = await db.query<{ keyed: string | null }>(OLDER_SQL, [
    ids,
    messageIds,
    pairs.map((p) => p.t + 1),
    pairs.map((p) => p.b + 1),
    targets.map((t) => t.target_id),
    targets.map((t) => t.owner_key_id),
    targets.map((t) => t.url),
    targets.map((t) => t.pull),
    targets.map((t) => t.payload_version),
    bodies.map((b) => b.contentType),
    bodies.map((b) => b.body),
    bodies.map((b) => b.bodyVersion ?? versions.current),
    pairs.map((p) => p.c + 1),
    made.map((m) => m.change.trace?.traceparent ?? null),
    made.map((m) => m.change.trace?.tracestate ?? null),
    made.map((m) => m.change.drink.id),
  ]);
  const keyed = keyedRows(row!.keyed);
  pairs.forEach((p, i) => {
    const { change, fresh } = made[p.c]!;
    const target = targets[p.t]!;
    const body = bodies[p.b]!;
    fresh.push(
      freshDelivery(
        {
          id: ids[i]!,
          message_id: messageIds[i]!,
          kind: 'webhook',
          event: 'stockUpdate',
          payload_version: target.payload_version,
          body_version: body.bodyVersion ?? versions.current,
          owner_key_id: target.owner_key_id,
          url: target.url,
          content_type: body.contentType,
          body: body.body,
          ordering_key: change.drink.id,
          ...keyed.get(ids[i]!),
        },
        target,
        change.trace,
      ),
    );
  });
}

/** A change's webhook for version `v`, before conversion (only its body, content type and version matter). */
const bodyIn = (m: MadeChange, v: number): OutgoingMessage => ({
  kind: 'webhook',
  event: 'stockUpdate',
  targetId: '',
  ownerKeyId: '',
  url: '',
  contentType: 'application/json',
  body: m.body,
  payloadVersion: v,
});
