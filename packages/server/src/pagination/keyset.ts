import type { Queryable } from '../db/database.js';
import { problems } from '../http/problem.js';
import type { CursorCodec } from './cursor.js';
import { relativeLink } from './links.js';

/** One cursor-paginated collection: a table read in order of an indexed, monotonic `seq` column. */
export interface KeysetSource {
  /** The name signed into its cursors. */
  collection: string;
  /** `FROM ...` target, a table or a join whose `seq` column is `alias.seq`. */
  from: string;
  /** The select list; it must include the sequence as `seq`. */
  select: string;
  /** The qualified sequence column, e.g. `items.seq`. */
  seqColumn: string;
  order: 'asc' | 'desc';
  /** Filter conditions with `$n` placeholders numbered from 1, and their values. */
  where?: string[];
  params?: unknown[];
}

/** A request for one page: the raw cursor and limit, and the query parameters that links must repeat. */
export interface KeysetRequest {
  path: string;
  cursor?: string;
  limit: number;
  filters?: Array<[string, string | number | undefined]>;
}

export interface Links {
  self: string;
  next: string | null;
  prev: string | null;
  first: string;
  last: string;
}

export interface KeysetPage<Row> {
  rows: Row[];
  nextCursor: string | null;
  links: Links;
}

/**
 * Reads one page by keyset (no OFFSET): `seq` after or before the cursor's record, or the
 * final page. Forged, corrupted or foreign cursors are a 400 problem at `/query/cursor`.
 */
export async function keysetPage<Row extends { seq: number }>(
  db: Queryable,
  codec: CursorCodec,
  source: KeysetSource,
  request: KeysetRequest,
): Promise<KeysetPage<Row>> {
  const cursor = request.cursor === undefined ? undefined : codec.decode(request.cursor, source.collection);
  if (request.cursor !== undefined && !cursor) {
    throw problems.field(
      '/query/cursor',
      'is not a cursor of this collection: pass back a cursor from links or next_cursor unchanged',
      'invalid-cursor',
    );
  }
  const { limit } = request;
  const forward = source.order === 'asc' ? { cmp: '>', sort: 'ASC' } : { cmp: '<', sort: 'DESC' };
  const backward = source.order === 'asc' ? { cmp: '<', sort: 'DESC' } : { cmp: '>', sort: 'ASC' };
  const where = [...(source.where ?? [])];
  const params = [...(source.params ?? [])];
  const direction = cursor?.d ?? 'a';
  const step = direction === 'a' ? forward : backward;
  if (cursor?.k !== undefined) {
    params.push(cursor.k);
    where.push(`${source.seqColumn} ${step.cmp} $${params.length}`);
  }
  // Backward reads fetch one extra row to learn whether a previous page exists.
  const fetch = direction === 'a' ? limit : limit + 1;
  params.push(fetch);
  const sql = `SELECT ${source.select} FROM ${source.from}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}
    ORDER BY ${source.seqColumn} ${step.sort} LIMIT $${params.length}`;
  let rows = await db.query<Row>(sql, params);
  let hasPrev: boolean;
  if (direction === 'a') {
    hasPrev = cursor !== undefined;
  } else {
    hasPrev = rows.length > limit;
    rows = rows.slice(0, limit).reverse();
  }
  const first = rows[0];
  const last = rows[rows.length - 1];
  const full = rows.length === limit;
  let nextKey: number | undefined;
  if (last && (full || direction === 'b')) nextKey = last.seq;
  let prevCursor: string | undefined;
  if (hasPrev) {
    const before = first?.seq ?? (cursor?.k !== undefined ? cursor.k + (source.order === 'asc' ? 1 : -1) : undefined);
    if (before !== undefined) prevCursor = codec.encode({ c: source.collection, d: 'b', k: before });
  }
  const nextCursor = nextKey === undefined ? null : codec.encode({ c: source.collection, d: 'a', k: nextKey });
  const link = (token: string | undefined) => relativeLink(request.path, [['limit', limit], ...(request.filters ?? []), ['cursor', token]]);
  const empty = rows.length === 0 && cursor === undefined;
  return {
    rows,
    nextCursor,
    links: {
      self: link(request.cursor),
      next: nextCursor === null ? null : link(nextCursor),
      prev: prevCursor === undefined ? null : link(prevCursor),
      first: link(undefined),
      last: empty ? link(undefined) : link(codec.encode({ c: source.collection, d: 'l' })),
    },
  };
}
