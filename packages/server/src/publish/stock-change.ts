import { orderingKeys } from '@clubnotify/spec';
import type { Queryable } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import { freshDelivery } from '../delivery/queue/handoff.js';
import { timeOrderedIds } from '../delivery/queue/time-ordered-ids.js';
import { registrationStateSql } from '../delivery/queue/fragments.sql.js';
import { insertDeliveriesSql, keyedRows, keyedRowsSql } from '../delivery/queue/insert.sql.js';
import { contractVersions, type PayloadVersioning } from '../delivery/payload-versions.js';
import type { FreshDelivery, TargetState } from '../delivery/types.js';
import { HttpProblem, problems } from '../http/problem.js';
import type { TraceHeaders } from '../telemetry/trace-context.js';
import { stockUpdateBodySql, type ItemLevel } from '../domain/payload-shapes.js';
import { queueOlderVersions, type OlderTarget } from './older-versions.js';

export interface StockLevel {
  id: string;
  stock: number;
}

export interface StockChange {
  drink: StockLevel;
  ingredient: StockLevel;
  /** The trace context of the publish that makes the change: its webhooks' attempts continue it. */
  trace?: TraceHeaders;
}

// The stockUpdate payload's shape (the webhook body and the answer) lives with the others'.
export type { ItemLevel } from '../domain/payload-shapes.js';

// The statement makes the stockUpdate body and its ordering key (the drink's id) itself: the spec must still say so.
if (orderingKeys['webhook.stockUpdate'].pointer !== '/drink/id')
  throw new Error('stock-change.ts keys stockUpdate by /drink/id; the spec now says otherwise');

/**
 * One statement for a batch of changes ($1–$4: drink ids and stocks, ingredient ids and
 * stocks, one element per change): locks every item of the batch in id order (as every
 * stock change does, so concurrent batches never deadlock), sets their stock (an item
 * changed twice keeps the later change) and queues the stockUpdate webhook of each change
 * whose two items exist, for every active registration, with ids made by the caller ($5, $6:
 * $7 per change, one per registration in `seq` order). It changes nothing when there are
 * more registrations than that (`ok` false, `targets` says how many). One row per change,
 * in order: whether its items exist and its webhook body (JSON.stringify of the answer); the
 * first carries the targets' state, for the handoff to the local worker. $8, $9: each change's
 * traceparent and tracestate. $10: the current payload version: the statement queues to the
 * registrations on it, and lists the others (`older`, with their state) when the changes are made:
 * their webhooks are converted and queued by one statement after it, on the same transaction
 * (`queueOlderVersions`).
 */
const STOCK_SQL = prepared(`WITH levels AS (
       SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::int[]) WITH ORDINALITY AS c (drink, drink_stock, ingredient, ingredient_stock, k)
     ), locked AS (
       SELECT i.id, i.kind, i.name, i.unit FROM items i
       WHERE i.id IN (SELECT drink FROM levels UNION SELECT ingredient FROM levels)
       ORDER BY i.id
       FOR UPDATE OF i
     ), found AS (
       SELECT c.k, d.id AS d_id, d.name AS d_name, c.drink_stock AS d_stock, d.unit AS d_unit,
              g.id AS g_id, g.name AS g_name, c.ingredient_stock AS g_stock, g.unit AS g_unit
       FROM levels c LEFT JOIN locked d ON d.id = c.drink AND d.kind = 'drink' LEFT JOIN locked g ON g.id = c.ingredient AND g.kind = 'ingredient'
     ), registered AS (
       SELECT id, owner_key_id, url, delivery, secret, previous_secret, previous_secret_expires_at, signature, rate_limit_per_second, status, deleted_at,
              payload_version, seq FROM registrations
       WHERE event = 'stockUpdate' AND status = 'active' AND deleted_at IS NULL
     ), targets AS (
       SELECT *, row_number() OVER (ORDER BY seq)::int AS n FROM registered WHERE payload_version = $10
     ), older AS (
       SELECT * FROM registered WHERE payload_version <> $10 ORDER BY seq
     ), go AS (
       SELECT count(*) <= $7 AS ok, count(*)::int AS targets FROM targets
     ), ok AS MATERIALIZED (
       SELECT f.*, ${stockUpdateBodySql} AS body
       FROM found f, go WHERE go.ok AND f.d_id IS NOT NULL AND f.g_id IS NOT NULL
     ), changed AS (
       UPDATE items i SET stock = s.stock FROM (
         SELECT DISTINCT ON (id) id, stock FROM (SELECT d_id AS id, d_stock AS stock, k FROM ok UNION ALL SELECT g_id, g_stock, k FROM ok) x
         ORDER BY id, k DESC
       ) s WHERE i.id = s.id
     ), ${insertDeliveriesSql(
       "($5::text[])[((o.k - 1) * $7 + t.n)::int], ($6::text[])[((o.k - 1) * $7 + t.n)::int], 'webhook', 'stockUpdate', t.id, t.owner_key_id, t.url, 'application/json', o.body, t.delivery = 'pull', $10, $10",
       'ok o, targets t',
       '($8::text[])[o.k::int], ($9::text[])[o.k::int]',
       'o.d_id',
       'o.k, t.n',
     )}, queuing AS (
       SELECT go.targets > 0 AND EXISTS (SELECT 1 FROM ok) AS any FROM go
     )
     SELECT f.k::int AS k, f.d_id IS NOT NULL AS drink_found, f.g_id IS NOT NULL AS ingredient_found, o.body, go.ok, go.targets,
       CASE WHEN f.k = 1 AND q.any THEN ${registrationStateSql('(SELECT id AS target_id, * FROM targets)', ', k.owner_key_id, k.url, k.n')} END AS fresh,
       CASE WHEN f.k = 1 AND q.any THEN ${keyedRowsSql} END AS keyed,
       CASE WHEN f.k = 1 AND go.ok AND EXISTS (SELECT 1 FROM older) THEN ${registrationStateSql('(SELECT id AS target_id, * FROM older)', ', k.owner_key_id, k.url, k.payload_version')} END AS older
     FROM found f CROSS JOIN go CROSS JOIN queuing q LEFT JOIN ok o ON o.k = f.k
     ORDER BY f.k`);

interface Row {
  k: number;
  drink_found: boolean;
  ingredient_found: boolean;
  /** The webhook body when the change was made: JSON.stringify of its answer. */
  body: string | null;
  ok: boolean;
  targets: number;
  /** On the first row, when webhooks were queued: their targets' state, and their places in their keys (`keyedRowsSql`). */
  fresh: string | null;
  keyed: string | null;
  /** On the first row, when the changes could be made and registrations are on older payload versions: those, with their state. */
  older: string | null;
}

/** A queued webhook's target, its state, and its place in the ids drawn for the change. */
type QueuedTarget = TargetState & { owner_key_id: string; url: string; n: number };

export interface StockChanged {
  /** The answer, also the webhook's body. */
  levels: { drink: ItemLevel; ingredient: ItemLevel };
  /** The stockUpdate webhooks queued, to hand to the local worker once they have committed. */
  fresh: FreshDelivery[];
}

/** How many stockUpdate registrations the last change saw: how many ids the next one draws. One per outbox. */
export class StockFanOut {
  last = 0;

  /**
   * How many changes one statement may make: 64, fewer when each queues many webhooks (about
   * 2,048 deliveries a statement), so that no statement holds its items' locks and its callers'
   * answers for long. At least one.
   */
  changesPerStatement(): number {
    return Math.max(1, Math.min(64, Math.floor(2048 / Math.max(1, this.last))));
  }
}

/**
 * Sets the stock of a drink and an ingredient and queues the stockUpdate webhook (its body
 * is `JSON.stringify` of the answer) in one statement: atomic on its own, inside a
 * transaction or not. 404 when an item is not in the inventory under its kind.
 */
export async function changeStock(
  db: Queryable,
  change: StockChange,
  fanOut: StockFanOut,
  versions: PayloadVersioning = contractVersions,
): Promise<StockChanged> {
  const [result] = await changeStocks(db, [change], fanOut, versions);
  if (result instanceof HttpProblem) throw result;
  return result!;
}

/**
 * Several stock changes in one statement (one commit when it runs on its own), as if made one
 * after the other in this order. Each change gets its answer, or its 404 when one of its items
 * is not in the inventory under its kind (the others are made).
 */
export async function changeStocks(
  db: Queryable,
  changes: StockChange[],
  fanOut: StockFanOut,
  versions: PayloadVersioning = contractVersions,
): Promise<Array<StockChanged | HttpProblem>> {
  for (let per = fanOut.last; ;) {
    const ids = timeOrderedIds('dlv', per * changes.length);
    const messageIds = timeOrderedIds('msg', per * changes.length);
    const rows = await db.query<Row>(STOCK_SQL, [
      changes.map((c) => c.drink.id),
      changes.map((c) => c.drink.stock),
      changes.map((c) => c.ingredient.id),
      changes.map((c) => c.ingredient.stock),
      ids,
      messageIds,
      per,
      changes.map((c) => c.trace?.traceparent ?? null),
      changes.map((c) => c.trace?.tracestate ?? null),
      versions.current,
    ]);
    const first = rows[0]!;
    const older = first.older ? (JSON.parse(first.older) as OlderTarget[]) : [];
    // Every version's targets count: a statement's batch queues as many deliveries pinned or not.
    fanOut.last = first.targets + older.length;
    if (first.ok) {
      const made = outcomes(changes, rows, (k, n) => (k - 1) * per + n - 1, ids, messageIds, versions.current);
      const done = made.flatMap((m, i) =>
        m instanceof HttpProblem ? [] : [{ change: changes[i]!, body: rows[i]!.body!, fresh: m.fresh }],
      );
      await queueOlderVersions(db, done, older, versions);
      return made;
    }
    // Registrations were added since the last change: draw enough ids and run it again.
    per = first.targets + 8;
  }
}

function outcomes(
  changes: StockChange[],
  rows: Row[],
  at: (k: number, n: number) => number,
  ids: string[],
  messageIds: string[],
  version: number,
): Array<StockChanged | HttpProblem> {
  const targets = rows[0]!.fresh ? (JSON.parse(rows[0]!.fresh) as QueuedTarget[]) : [];
  const keyed = keyedRows(rows[0]!.keyed);
  return rows.map((row, i) => {
    const change = changes[i]!;
    if (!row.drink_found) return problems.notFound(`No drink ${change.drink.id} in the inventory.`, '/body/drink/id');
    if (!row.ingredient_found) return problems.notFound(`No ingredient ${change.ingredient.id} in the inventory.`, '/body/ingredient/id');
    const body = row.body!;
    const fresh = targets.map((t) =>
      freshDelivery(
        {
          id: ids[at(row.k, t.n)]!,
          message_id: messageIds[at(row.k, t.n)]!,
          kind: 'webhook',
          event: 'stockUpdate',
          payload_version: version,
          body_version: version,
          owner_key_id: t.owner_key_id,
          url: t.url,
          content_type: 'application/json',
          body,
          ordering_key: change.drink.id,
          ...keyed.get(ids[at(row.k, t.n)]!),
        },
        t,
        change.trace,
      ),
    );
    return { levels: JSON.parse(body) as StockChanged['levels'], fresh };
  });
}
