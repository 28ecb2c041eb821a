import { deref } from './walk.js';
import { propertiesOf, typeOf, type CollectionShape, type Contract } from './collection-shape.js';

type Node = Record<string, any>;

const ITEMS = /^(data|items|results|records|entries|values|elements)$/i;
const CURSOR_PARAM = /^(cursor|page_?token|after|starting_?after|continuation(_?token)?|next_?token)$/i;
const NEXT_CURSOR = /^(next_?(page_?)?(cursor|token)|cursor|continuation(_?token)?)$/i;
const LIMIT_PARAM = /^(limit|page_?size|per_?page|max_?results|size|count|first)$/i;
const PAGE_PARAM = /^(page|page_?number)$/i;
const SIZE_PARAM = /^(size|page_?size|per_?page|limit)$/i;
const OFFSET_PARAM = /^(offset|skip|start)$/i;
const TOTAL_PAGES = /^(total_?pages|page_?count|pages)$/i;
const TOTAL = /^(total|total_?count|total_?results|count)$/i;
const LINKS = /^(_?links|paging|pagination)$/i;

/** Dot paths of the body's fields: top level and one object level down (`meta.total`). */
function fields(shape: CollectionShape): Array<{ path: string; name: string; schema: Node }> {
  const out: Array<{ path: string; name: string; schema: Node }> = [];
  const top = shape.schema ? propertiesOf(shape.document, shape.schema) : {};
  for (const [name, raw] of Object.entries<Node>(top)) {
    const schema = deref(shape.document, raw);
    out.push({ path: name, name, schema });
    if (!typeOf(schema).includes('object')) continue;
    for (const [inner, innerRaw] of Object.entries<Node>(propertiesOf(shape.document, schema))) {
      out.push({ path: `${name}.${inner}`, name: inner, schema: deref(shape.document, innerRaw) });
    }
  }
  return out;
}

function compact(contract: Record<string, string | undefined>): Contract {
  return Object.fromEntries(Object.entries(contract).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

const find = (list: string[], pattern: RegExp) => list.find((name) => pattern.test(name));

/**
 * Reads the pagination of a collection from another team's spec, which has no
 * `x-pagination`: the array of records beside a next cursor or token, page numbers and a
 * page count, an offset and a total, a `next` link in the body, or a `Link` header.
 * Undefined when the operation is not a recognisable collection.
 */
export function inferPagination(shape: CollectionShape): Contract | undefined {
  const all = fields(shape);
  const top = all.filter((f) => !f.path.includes('.'));
  const arrays = top.filter((f) => typeOf(f.schema).includes('array'));
  const items = (arrays.find((f) => ITEMS.test(f.name)) ?? (arrays.length === 1 ? arrays[0] : undefined))?.path;
  if (items === undefined) return undefined;
  const field = (pattern: RegExp) => all.find((f) => pattern.test(f.name) && f.path !== items)?.path;
  const named = (name: string | undefined) => (name === undefined ? undefined : all.find((f) => f.name === name && f.path !== items)?.path);
  const nextLink = all.find(
    (f) => f.name === 'next' && (f.path === 'next' || LINKS.test(f.path.split('.')[0]!)) && typeOf(f.schema).includes('string'),
  )?.path;
  const limitParam = find(shape.query, LIMIT_PARAM);

  const cursorParam = find(shape.query, CURSOR_PARAM);
  const nextCursor = field(NEXT_CURSOR);
  if (cursorParam !== undefined && (nextCursor !== undefined || nextLink !== undefined)) {
    return compact({ strategy: 'cursor', items, cursorParam, limitParam, nextCursor, nextLink });
  }
  const pageParam = find(shape.query, PAGE_PARAM);
  const totalPages = field(TOTAL_PAGES);
  if (pageParam !== undefined && (totalPages !== undefined || nextLink !== undefined)) {
    const sizeParam = find(shape.query, SIZE_PARAM);
    return compact({ strategy: 'page', items, pageParam, sizeParam, page: named(pageParam), size: named(sizeParam), totalPages, nextLink });
  }
  const offsetParam = find(shape.query, OFFSET_PARAM);
  const total = field(TOTAL);
  if (offsetParam !== undefined && limitParam !== undefined && (total !== undefined || nextLink !== undefined)) {
    return compact({
      strategy: 'offset',
      items,
      offsetParam,
      limitParam,
      offset: named(offsetParam),
      limit: named(limitParam),
      total,
      nextLink,
    });
  }
  if (shape.headers.some((h) => h.toLowerCase() === 'link')) {
    const totalHeader = shape.headers.find((h) => /^x-total(-count)?$/i.test(h));
    return compact({ strategy: 'link-header', items, pageParam, sizeParam: find(shape.query, SIZE_PARAM), totalHeader });
  }
  return undefined;
}
