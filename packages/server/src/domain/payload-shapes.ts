/**
 * The shapes of the payloads this server makes, in the current payload version (the major of
 * `info.version`): the only server code a payload change touches. A breaking change to a
 * webhook or callback payload edits this module (and ships a converter to the previous version
 * in spec/converters/); the fixture 2.0.0 keeps its own version of it
 * (test/fixtures/payload-versions/2.0.0/server/payload-shapes.ts).
 */

/** An item as the stockUpdate webhook and the changeStock answer show it. */
export interface ItemLevel {
  id: string;
  name: string;
  stock: number;
  unit: string;
}

// JSON text the way JSON.stringify writes { id, name, stock, unit } (to_json escapes strings alike).
const level = (t: 'd' | 'g') =>
  `'{"id":' || to_json(f.${t}_id) || ',"name":' || to_json(f.${t}_name) || ',"stock":' || f.${t}_stock || ',"unit":' || to_json(f.${t}_unit) || '}'`;

/**
 * SQL: the stockUpdate webhook body (also the changeStock answer) as JSON text, from the
 * columns `f.d_id`, `f.d_name`, `f.d_stock`, `f.d_unit` (the drink) and `f.g_*` (the ingredient).
 */
export const stockUpdateBodySql = `'{"drink":' || ${level('d')} || ',"ingredient":' || ${level('g')} || '}'`;

/** What a concertAlert callback says: which concert, what happened to it, and the text for people. */
export interface ConcertChange {
  concertId: string;
  change: 'updated' | 'cancelled';
  text: string;
}

/** The concertAlert callback: its media type, and its body for a change. */
export const concertAlertCallback = {
  contentType: 'text/plain; charset=utf-8',
  body: (update: ConcertChange): string => update.text,
} as const;
