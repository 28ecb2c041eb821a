import { orderingKeys } from '@clubnotify/spec';
import type { Queryable } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import { freshDelivery } from '../delivery/queue/handoff.js';
import { timeOrderedIds } from '../delivery/queue/time-ordered-ids.js';
import { registrationStateSql } from '../delivery/queue/fragments.sql.js';
import { insertDeliveriesSql, keyedRows, keyedRowsSql } from '../delivery/queue/insert.sql.js';
import { contractVersions, type PayloadVersioning } from '../delivery/payload-versions.js';
import type { FreshDelivery, OutgoingMessage, TargetState } from '../delivery/types.js';
import { inTargetVersions } from '../delivery/queue/convert.js';
import { HttpProblem, problems } from '../http/problem.js';
import type { TraceHeaders } from '../telemetry/trace-context.js';
import { stockUpdateBodySql, type ItemLevel } from '../domain/payload-shapes.js';

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
 * $7 per change, one per registration in `seq` order). $8, $9: each change's traceparent and
 * tracestate. $10: the current payload version.
 *
 * A registration pinned to an older payload version (issue 47) gets the change's body
 * converted to it, made by the caller before the statement from the body it expects ($11, one
 * per change: {@link StockFanOut.expected}) and passed in ($12: the older versions, $13–$15:
 * body, content type and body version per change and version, at (k - 1) × versions + the
 * version's place in $12), so that every version's webhooks are queued by this one statement.
 *
 * It changes nothing (`ok` false) when there are more registrations than ids, or, with any
 * registration on an older version, when that version is not in $12 or a change's body is not
 * the one expected: the caller converts the bodies it returns and runs it again. One row per
 * change, in order: whether its items exist and its webhook body (JSON.stringify of the answer,
 * also when nothing was changed); the first carries the registrations' count, the older
 * versions they use, and, when webhooks were queued, their targets' state (with each one's
 * place `n` and version's place `v`, 0 for the current one) for the handoff to the local worker.
 */
const STOCK_SQL = prepared(
  `WITH levels AS (
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
     ), made AS MATERIALIZED (
       SELECT f.*, ${stockUpdateBodySql} AS body FROM found f WHERE f.d_id IS NOT NULL AND f.g_id IS NOT NULL
     ), targets AS (
       SELECT id, owner_key_id, url, delivery, secret, previous_secret, previous_secret_expires_at, signature, rate_limit_per_second, status, deleted_at,
              payload_version, row_number() OVER (ORDER BY seq)::int AS n,
              CASE WHEN payload_version = $10 THEN 0 ELSE array_position($12::int[], payload_version) END AS v
       FROM registrations
       WHERE event = 'stockUpdate' AND status = 'active' AND deleted_at IS NULL
     ), go AS (
       SELECT count(*) <= $7
              AND (coalesce(bool_and(v = 0), true)
                   OR (bool_and(v IS NOT NULL) AND NOT EXISTS (SELECT 1 FROM made m WHERE m.body IS DISTINCT FROM ($11::text[])[m.k]))) AS ok,
              count(*)::int AS targets,
              array_agg(DISTINCT payload_version) FILTER (WHERE v IS DISTINCT FROM 0) AS older
       FROM targets
     ), ok AS MATERIALIZED (
       SELECT m.* FROM made m, go WHERE go.ok
     ), changed AS (
       UPDATE items i SET stock = s.stock FROM (
         SELECT DISTINCT ON (id) id, stock FROM (SELECT d_id AS id, d_stock AS stock, k FROM ok UNION ALL SELECT g_id, g_stock, k FROM ok) x
         ORDER BY id, k DESC
       ) s WHERE i.id = s.id
     ), ${insertDeliveriesSql(
       `($5::text[])[((o.k - 1) * $7 + t.n)::int], ($6::text[])[((o.k - 1) * $7 + t.n)::int], 'webhook', 'stockUpdate', t.id, t.owner_key_id, t.url,
        CASE t.v WHEN 0 THEN 'application/json' ELSE ($14::text[])[((o.k - 1) * cardinality($12::int[]) + t.v)::int] END,
        CASE t.v WHEN 0 THEN o.body ELSE ($13::text[])[((o.k - 1) * cardinality($12::int[]) + t.v)::int] END,
        t.delivery = 'pull', t.payload_version,
        CASE t.v WHEN 0 THEN $10 ELSE ($15::int[])[((o.k - 1) * cardinality($12::int[]) + t.v)::int] END`,
       'ok o, targets t',
       '($8::text[])[o.k::int], ($9::text[])[o.k::int]',
       'o.d_id',
       'o.k, t.n',
     )}, queuing AS (
       SELECT go.targets > 0 AND EXISTS (SELECT 1 FROM ok) AS any FROM go
     )
     SELECT f.k::int AS k, f.d_id IS NOT NULL AS drink_found, f.g_id IS NOT NULL AS ingredient_found, m.body, go.ok, go.targets,
       CASE WHEN f.k = 1 THEN go.older END AS older,
       CASE WHEN f.k = 1 AND q.any THEN ${registrationStateSql('(SELECT id AS target_id, * FROM targets)', ', k.owner_key_id, k.url, k.n, k.payload_version, k.v')} END AS fresh,
       CASE WHEN f.k = 1 AND q.any THEN ${keyedRowsSql} END AS keyed
     FROM found f CROSS JOIN go CROSS JOIN queuing q LEFT JOIN made m ON m.k = f.k
     ORDER BY f.k`,
  { plan: 'generic' },
);

interface Row {
  k: number;
  drink_found: boolean;
  ingredient_found: boolean;
  /** The webhook body when both items exist (made or not): JSON.stringify of its answer. */
  body: string | null;
  ok: boolean;
  targets: number;
  /** On the first row: the older payload versions registrations are on (null: none). */
  older: number[] | null;
  /** On the first row, when webhooks were queued: their targets' state, and their places in their keys (`keyedRowsSql`). */
  fresh: string | null;
  keyed: string | null;
}

/** A queued webhook's target, its state, its place in the ids drawn for the change, and its version's place in the older ones (0: current). */
type QueuedTarget = TargetState & { owner_key_id: string; url: string; n: number; payload_version: number; v: number };

export interface StockChanged {
  /** The answer, also the webhook's body. */
  levels: { drink: ItemLevel; ingredient: ItemLevel };
  /** The stockUpdate webhooks queued, to hand to the local worker once they have committed. */
  fresh: FreshDelivery[];
}

/** The most items whose level {@link StockFanOut} keeps, to expect the next bodies. */
const KEPT_LEVELS = 4096;

/**
 * What the last stock changes saw, one per outbox: how many stockUpdate registrations (how many
 * ids the next one draws), which older payload versions they are on, and each item's level as
 * its last body showed it (the next body's expected text, so that its conversions go in the same
 * statement).
 */
export class StockFanOut {
  last = 0;
  older: number[] = [];
  readonly #levels = new Map<string, Partial<ItemLevel>>();

  /**
   * How many changes one statement may make: 64, fewer when each queues many webhooks (about
   * 2,048 deliveries a statement), so that no statement holds its items' locks and its callers'
   * answers for long. At least one.
   */
  changesPerStatement(): number {
    return Math.max(1, Math.min(64, Math.floor(2048 / Math.max(1, this.last))));
  }

  /**
   * The body the statement should make for `change`: the last body of its two items with the
   * change's stocks (null when one of them was not seen). Only a guess: the statement compares.
   */
  expected(change: StockChange): string | null {
    const drink = this.#levels.get(`drink ${change.drink.id}`);
    const ingredient = this.#levels.get(`ingredient ${change.ingredient.id}`);
    if (!drink || !ingredient) return null;
    return JSON.stringify({
      drink: { ...drink, stock: change.drink.stock },
      ingredient: { ...ingredient, stock: change.ingredient.stock },
    });
  }

  /** Keeps the items' levels a statement made (a body of another shape is the outgoing check's to refuse: nothing kept). */
  saw(levels: StockChanged['levels']): void {
    const { drink, ingredient } = levels as { drink?: Partial<ItemLevel>; ingredient?: Partial<ItemLevel> };
    if (typeof drink?.id !== 'string' || typeof ingredient?.id !== 'string') return;
    if (this.#levels.size >= KEPT_LEVELS) this.#levels.clear();
    this.#levels.set(`drink ${drink.id}`, { ...drink });
    this.#levels.set(`ingredient ${ingredient.id}`, { ...ingredient });
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

/** Each change's body in each older version (`inTargetVersions`: converted once each), change by change. */
function olderBodies(bodies: Array<string | null>, older: number[], versions: PayloadVersioning): Array<OutgoingMessage | null> {
  const wanted = bodies.flatMap((body) => older.map((v) => (body === null ? null : bodyIn(body, v))));
  const converted = inTargetVersions(
    versions,
    wanted.filter((m): m is OutgoingMessage => m !== null),
  );
  let i = 0;
  return wanted.map((m) => (m === null ? null : converted[i++]!));
}

/**
 * Several stock changes in one statement (one commit when it runs on its own), as if made one
 * after the other in this order. Each change gets its answer, or its 404 when one of its items
 * is not in the inventory under its kind (the others are made). Registrations on older payload
 * versions get their bodies converted before the statement, from the bodies it is expected to
 * make; when it made others (an item not seen yet, or renamed), it changed nothing and runs again
 * with the bodies it made.
 */
export async function changeStocks(
  db: Queryable,
  changes: StockChange[],
  fanOut: StockFanOut,
  versions: PayloadVersioning = contractVersions,
): Promise<Array<StockChanged | HttpProblem>> {
  let per = fanOut.last;
  let older = versions.versions.length > 1 ? fanOut.older : [];
  let expected = older.length > 0 ? changes.map((c) => fanOut.expected(c)) : changes.map(() => null);
  for (;;) {
    const ids = timeOrderedIds('dlv', per * changes.length);
    const messageIds = timeOrderedIds('msg', per * changes.length);
    const converted = older.length > 0 ? olderBodies(expected, older, versions) : [];
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
      expected,
      older,
      converted.map((m) => m?.body ?? null),
      converted.map((m) => m?.contentType ?? null),
      converted.map((m) => (m ? (m.bodyVersion ?? versions.current) : null)),
    ]);
    const first = rows[0]!;
    fanOut.last = first.targets;
    fanOut.older = first.older ?? [];
    if (first.ok) {
      const made = outcomes(changes, rows, { per, ids, messageIds, version: versions.current, older, converted });
      for (const m of made) if (!(m instanceof HttpProblem)) fanOut.saw(m.levels);
      return made;
    }
    // Registrations were added since the last change (draw enough ids), or are on versions or
    // got bodies other than expected (convert the bodies it made): run it again.
    if (first.targets > per) per = first.targets + 8;
    older = fanOut.older;
    expected = older.length > 0 ? rows.map((r) => r.body) : changes.map(() => null);
  }
}

interface Drawn {
  per: number;
  ids: string[];
  messageIds: string[];
  version: number;
  older: number[];
  converted: Array<OutgoingMessage | null>;
}

function outcomes(changes: StockChange[], rows: Row[], drawn: Drawn): Array<StockChanged | HttpProblem> {
  const { per, ids, messageIds, version, older, converted } = drawn;
  const targets = rows[0]!.fresh ? (JSON.parse(rows[0]!.fresh) as QueuedTarget[]) : [];
  const keyed = keyedRows(rows[0]!.keyed);
  return rows.map((row, i) => {
    const change = changes[i]!;
    if (!row.drink_found) return problems.notFound(`No drink ${change.drink.id} in the inventory.`, '/body/drink/id');
    if (!row.ingredient_found) return problems.notFound(`No ingredient ${change.ingredient.id} in the inventory.`, '/body/ingredient/id');
    const body = row.body!;
    const fresh = targets.map((t) => {
      const at = (row.k - 1) * per + t.n - 1;
      // The statement queued the body it was given for an older version: the one converted from this body.
      const sent = t.v === 0 ? undefined : converted[(row.k - 1) * older.length + t.v - 1]!;
      return freshDelivery(
        {
          id: ids[at]!,
          message_id: messageIds[at]!,
          kind: 'webhook',
          event: 'stockUpdate',
          payload_version: t.payload_version,
          body_version: sent ? (sent.bodyVersion ?? version) : version,
          owner_key_id: t.owner_key_id,
          url: t.url,
          content_type: sent ? sent.contentType : 'application/json',
          body: sent ? sent.body : body,
          ordering_key: change.drink.id,
          ...keyed.get(ids[at]!),
        },
        t,
        change.trace,
      );
    });
    return { levels: JSON.parse(body) as StockChanged['levels'], fresh };
  });
}

/** A change's webhook for version `v`, before conversion (only its body, content type and version matter). */
const bodyIn = (body: string, v: number): OutgoingMessage => ({
  kind: 'webhook',
  event: 'stockUpdate',
  targetId: '',
  ownerKeyId: '',
  url: '',
  contentType: 'application/json',
  body,
  payloadVersion: v,
});
