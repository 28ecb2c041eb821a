import type { Queryable } from './database.js';

type SeedItem = [id: string, kind: 'drink' | 'ingredient', name: string, stock: number, unit: string];

// The spec's examples name itm_mojito (18 glasses) and itm_mint (3 bunches), 23 items in all.
const items: SeedItem[] = [
  ['itm_mojito', 'drink', 'Mojito', 18, 'glass'],
  ['itm_mint', 'ingredient', 'Fresh mint', 3, 'bunch'],
  ['itm_caipirinha', 'drink', 'Caipirinha', 24, 'glass'],
  ['itm_lime', 'ingredient', 'Lime', 60, 'piece'],
  ['itm_old_fashioned', 'drink', 'Old Fashioned', 30, 'glass'],
  ['itm_bourbon', 'ingredient', 'Bourbon', 6, 'bottle'],
  ['itm_negroni', 'drink', 'Negroni', 22, 'glass'],
  ['itm_gin', 'ingredient', 'Gin', 8, 'bottle'],
  ['itm_campari', 'ingredient', 'Campari', 4, 'bottle'],
  ['itm_espresso_martini', 'drink', 'Espresso Martini', 16, 'glass'],
  ['itm_coffee_beans', 'ingredient', 'Coffee beans', 5, 'kilogram'],
  ['itm_margarita', 'drink', 'Margarita', 20, 'glass'],
  ['itm_tequila', 'ingredient', 'Tequila', 7, 'bottle'],
  ['itm_daiquiri', 'drink', 'Daiquiri', 14, 'glass'],
  ['itm_white_rum', 'ingredient', 'White rum', 9, 'bottle'],
  ['itm_pale_ale', 'drink', 'Pale ale', 96, 'bottle'],
  ['itm_cola', 'drink', 'Cola', 120, 'can'],
  ['itm_lemonade', 'drink', 'Homemade lemonade', 40, 'glass'],
  ['itm_lemon', 'ingredient', 'Lemon', 45, 'piece'],
  ['itm_cane_sugar', 'ingredient', 'Cane sugar', 12, 'kilogram'],
  ['itm_soda_water', 'ingredient', 'Soda water', 30, 'litre'],
  ['itm_ice', 'ingredient', 'Ice', 50, 'kilogram'],
  ['itm_tonic', 'drink', 'Gin and tonic', 28, 'glass'],
];

/** Inserts the sample inventory and the spec's example concert; existing rows are left alone. */
export async function seed(db: Queryable): Promise<void> {
  const base = Date.parse('2026-11-01T12:00:00.000Z');
  for (const [index, [id, kind, name, stock, unit]] of items.entries()) {
    await db.query(
      `INSERT INTO items (id, kind, name, stock, unit, created_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING`,
      [id, kind, name, stock, unit, new Date(base + index * 1000).toISOString()],
    );
  }
  await db.query(
    `INSERT INTO concerts (id, title, starts_at, venue, price_cents, currency, tickets_available, status, created_at, updated_at)
     VALUES ('con_jazznight2026', 'Jazz Night with the Blue Notes', '2026-12-12T20:00:00Z', 'Main Hall', 2500, 'EUR', 120,
             'scheduled', '2026-11-21T19:00:00Z', '2026-11-21T19:00:00Z')
     ON CONFLICT (id) DO NOTHING`,
  );
}

/** How many items `seed` inserts into an empty database. */
export const seedItemCount = items.length;
