import type { Queryable } from '../db/database.js';
import { prepared } from '../db/prepared.js';
import { freshDelivery, targetStateSql, type DeliveryHandoff, type FreshDelivery, type TargetState } from '../delivery/handoff.js';
import { newIds } from '../delivery/ids.js';
import { DELIVERY_CHANNEL } from '../delivery/wake-ups.js';
import { problems } from '../http/problem.js';

export interface StockLevel {
  id: string;
  stock: number;
}

export interface StockChange {
  drink: StockLevel;
  ingredient: StockLevel;
}

/** An item as the stockUpdate webhook and the changeStock answer show it. */
export interface ItemLevel {
  id: string;
  name: string;
  stock: number;
  unit: string;
}

// JSON text the way JSON.stringify writes { id, name, stock, unit } (to_json escapes strings alike).
const level = (t: string) => `'{"id":' || to_json(${t}.id) || ',"name":' || to_json(${t}.name) || ',"stock":' || ${t}.stock || ',"unit":' || to_json(${t}.unit) || '}'`;

/**
 * One statement: locks the drink, then the ingredient, sets their stock and queues the
 * stockUpdate webhook for every active registration, with ids made by the caller ($5, $6,
 * one per registration in `seq` order). It changes nothing when an item is missing or when
 * there are more registrations than ids (`ok` false, `targets` says how many). One row per
 * item found; the drink's carries the webhook body and its targets' state, for the handoff
 * to the local worker. It notifies the workers of every process only when $7 says so (no handoff).
 */
const STOCK_SQL = prepared(`WITH levels (id, kind, stock) AS (VALUES ($1::text, 'drink', $2::int), ($3::text, 'ingredient', $4::int)
     ), locked AS (
       SELECT i.id, i.kind, i.name, l.stock, i.unit FROM items i JOIN levels l ON l.id = i.id AND l.kind = i.kind
       ORDER BY i.kind = 'drink' DESC
       FOR UPDATE OF i
     ), targets AS (
       SELECT id, owner_key_id, url, row_number() OVER (ORDER BY seq)::int AS n FROM registrations
       WHERE event = 'stockUpdate' AND status = 'active' AND deleted_at IS NULL
     ), go AS (
       SELECT (SELECT count(*) FROM locked) = 2 AND count(*) <= cardinality($5::text[]) AS ok, count(*)::int AS targets FROM targets
     ), changed AS (
       UPDATE items i SET stock = k.stock FROM locked k, go WHERE go.ok AND i.id = k.id
     ), body AS MATERIALIZED (
       SELECT '{"drink":' || ${level('d')} || ',"ingredient":' || ${level('g')} || '}' AS text
       FROM locked d, locked g WHERE d.kind = 'drink' AND g.kind = 'ingredient'
     ), queued AS (
       INSERT INTO deliveries (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, next_attempt_at)
       SELECT ($5::text[])[t.n], ($6::text[])[t.n], 'webhook', 'stockUpdate', t.id, t.owner_key_id, t.url, 'application/json', b.text, now()
       FROM targets t, body b, go WHERE go.ok
     )
     SELECT k.id, k.kind, k.name, k.stock, k.unit, go.ok, go.targets,
       CASE WHEN $7::boolean AND go.ok AND go.targets > 0 THEN pg_notify('${DELIVERY_CHANNEL}', '') END AS notified,
       CASE WHEN k.kind = 'drink' AND go.ok AND go.targets > 0 THEN (SELECT text FROM body) END AS body,
       CASE WHEN k.kind = 'drink' AND go.ok AND go.targets > 0 THEN ${targetStateSql('(SELECT id AS target_id, owner_key_id, url, n FROM targets)', ', k.owner_key_id, k.url, k.n')} END AS fresh
     FROM locked k, go`);

interface Row extends ItemLevel {
  kind: 'drink' | 'ingredient';
  ok: boolean;
  targets: number;
  /** On the drink's row, when webhooks were queued: their body, and their targets' state. */
  body: string | null;
  fresh: string | null;
}

/** A queued webhook's target, its state, and its place in the ids drawn for the change. */
type QueuedTarget = TargetState & { owner_key_id: string; url: string; n: number };

export interface StockChanged {
  /** The answer, also the webhook's body. */
  levels: { drink: ItemLevel; ingredient: ItemLevel };
  /** The stockUpdate webhooks queued, to hand to the local worker once they have committed. */
  fresh: FreshDelivery[];
}

/** Registrations seen by the last change: how many ids the next one draws. */
let expectedTargets = 0;

/**
 * Sets the stock of a drink and an ingredient and queues the stockUpdate webhook (its body
 * is `JSON.stringify` of the answer) in one statement: atomic on its own, inside a
 * transaction or not. 404 when an item is not in the inventory under its kind.
 */
export async function changeStock(db: Queryable, change: StockChange, handoff?: DeliveryHandoff): Promise<StockChanged> {
  for (let wanted = expectedTargets; ; ) {
    const ids = newIds('dlv', wanted);
    const messageIds = newIds('msg', wanted);
    const rows = await db.query<Row>(STOCK_SQL, [change.drink.id, change.drink.stock, change.ingredient.id, change.ingredient.stock, ids, messageIds, handoff === undefined]);
    const drink = rows.find((r) => r.kind === 'drink');
    const ingredient = rows.find((r) => r.kind === 'ingredient');
    if (!drink) throw problems.notFound(`No drink ${change.drink.id} in the inventory.`, '/body/drink/id');
    if (!ingredient) throw problems.notFound(`No ingredient ${change.ingredient.id} in the inventory.`, '/body/ingredient/id');
    expectedTargets = drink.targets;
    if (drink.ok) return { levels: { drink: itemLevel(drink), ingredient: itemLevel(ingredient) }, fresh: freshWebhooks(drink, ids, messageIds) };
    // Registrations were added since the last change: draw enough ids and run it again.
    wanted = drink.targets + 8;
  }
}

function freshWebhooks(drink: Row, ids: string[], messageIds: string[]): FreshDelivery[] {
  if (!drink.fresh || drink.body === null) return [];
  const body = drink.body;
  return (JSON.parse(drink.fresh) as QueuedTarget[]).map((t) =>
    freshDelivery({ id: ids[t.n - 1]!, message_id: messageIds[t.n - 1]!, owner_key_id: t.owner_key_id, url: t.url, content_type: 'application/json', body }, t),
  );
}

const itemLevel = (row: Row): ItemLevel => ({ id: row.id, name: row.name, stock: row.stock, unit: row.unit });
