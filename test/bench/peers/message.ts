import { Agent, request } from 'undici';
import { signPayload } from '../../../packages/server/src/delivery/send/sign.js';

/** What a publish request carries: the body of POST /stockChanges. */
export interface StockChange {
  drink: { id: string; stock: number };
  ingredient: { id: string; stock: number };
}

export interface Registration {
  id: string;
  url: string;
  secret: string;
}

// The seeded rows the bench publishes about, so a peer's body is byte for byte the shape ours sends.
const ITEMS: Record<string, { name: string; unit: string }> = {
  itm_mojito: { name: 'Mojito', unit: 'glass' },
  itm_caipirinha: { name: 'Caipirinha', unit: 'glass' },
  itm_old_fashioned: { name: 'Old Fashioned', unit: 'glass' },
  itm_negroni: { name: 'Negroni', unit: 'glass' },
  itm_espresso_martini: { name: 'Espresso Martini', unit: 'glass' },
  itm_margarita: { name: 'Margarita', unit: 'glass' },
  itm_daiquiri: { name: 'Daiquiri', unit: 'glass' },
  itm_pale_ale: { name: 'Pale ale', unit: 'bottle' },
  itm_mint: { name: 'Fresh mint', unit: 'bunch' },
  itm_lime: { name: 'Lime', unit: 'piece' },
  itm_bourbon: { name: 'Bourbon', unit: 'bottle' },
  itm_gin: { name: 'Gin', unit: 'bottle' },
  itm_campari: { name: 'Campari', unit: 'bottle' },
  itm_coffee_beans: { name: 'Coffee beans', unit: 'kilogram' },
  itm_tequila: { name: 'Tequila', unit: 'bottle' },
  itm_white_rum: { name: 'White rum', unit: 'bottle' },
};
// Eight disjoint pairs: eight publishes in flight on our server do not wait on each other's row locks.
export const DRINKS = [
  'itm_mojito',
  'itm_caipirinha',
  'itm_old_fashioned',
  'itm_negroni',
  'itm_espresso_martini',
  'itm_margarita',
  'itm_daiquiri',
  'itm_pale_ale',
];
export const INGREDIENTS = [
  'itm_mint',
  'itm_lime',
  'itm_bourbon',
  'itm_gin',
  'itm_campari',
  'itm_coffee_beans',
  'itm_tequila',
  'itm_white_rum',
];

/** The i-th publish of a run; the drink's stock carries `i` so the receiver can tell events apart. */
export const stockChange = (i: number): StockChange => ({
  drink: { id: DRINKS[i % DRINKS.length]!, stock: i },
  ingredient: { id: INGREDIENTS[i % INGREDIENTS.length]!, stock: 1000 + i },
});

/**
 * The drinks of the keyed variants (issue 50): stockUpdate is ordered by the drink's id, so
 * 100 drinks are 100 ordering keys per target. Not in the seed: the bench adds them.
 */
export const KEYED_DRINKS = Array.from({ length: 100 }, (_, i) => `itm_bench_drink_${String(i).padStart(3, '0')}`);

/** The i-th publish of a keyed variant's round: the drinks in turn (100 keys), ingredients as {@link stockChange}. */
export const keyedStockChange = (i: number): StockChange => ({
  drink: { id: KEYED_DRINKS[i % KEYED_DRINKS.length]!, stock: i },
  ingredient: { id: INGREDIENTS[i % INGREDIENTS.length]!, stock: 1000 + i },
});

/** The stockUpdate body our server sends for a change (`JSON.stringify` of the same object shape). */
export function stockUpdateBody(change: StockChange): string {
  const level = (l: { id: string; stock: number }) => ({ id: l.id, name: ITEMS[l.id]!.name, stock: l.stock, unit: ITEMS[l.id]!.unit });
  return JSON.stringify({ drink: level(change.drink), ingredient: level(change.ingredient) });
}

/**
 * One signed attempt, headers as our worker sends them (same `signPayload`). Throws on a
 * non-2xx answer so the queue retries it.
 */
export async function sendSigned(
  agent: Agent,
  url: string,
  secret: string,
  messageId: string,
  attempt: number,
  body: string,
): Promise<void> {
  const timestamp = Math.floor(Date.now() / 1000);
  const res = await request(url, {
    method: 'POST',
    dispatcher: agent,
    body,
    headersTimeout: 15_000,
    bodyTimeout: 15_000,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'clubnotify-bench-peer/1.0',
      'webhook-id': messageId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signPayload(secret, messageId, timestamp, body),
      'webhook-attempt': String(attempt),
    },
  });
  await res.body.dump();
  if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`receiver answered ${res.statusCode}`);
}
