import type { Caller, RequestContext } from '../http/context.js';
import { listOwner } from '../http/list-owner.js';
import { keysetPage, type KeysetPage } from '../pagination/keyset.js';
import type { Services } from '../services.js';
import type { TargetTable } from './targets.js';

/** What narrows a target listing beyond its owner, and what its links repeat. */
export interface TargetListing {
  /** Query parameters that filter the list, each with the column it filters. */
  filters?: Record<string, string>;
  /** Query parameters the links repeat without filtering (e.g. `include`). */
  carry?: string[];
}

/**
 * One page of the live targets of `target.table` the caller may list, oldest first: its owner's
 * (see `listOwner`) narrowed by the listing's filters; the links repeat `ownerKeyId`, the filters and `carry`.
 */
export function targetPage<Row extends { seq: number }>(
  services: Services,
  target: TargetTable,
  path: string,
  ctx: RequestContext,
  listing: TargetListing = {},
): Promise<KeysetPage<Row>> {
  const { query } = ctx;
  const filters = Object.entries(listing.filters ?? {});
  const { where, params } = ownedWhere(
    ctx.caller!,
    query.ownerKeyId,
    filters.map(([param, column]) => [column, query[param]]),
  );
  const repeated = ['ownerKeyId', ...filters.map(([param]) => param), ...(listing.carry ?? [])];
  return keysetPage<Row>(
    services.db,
    services.cursors,
    { collection: target.table, from: target.table, select: target.columns, seqColumn: 'seq', order: 'asc', where, params },
    {
      path,
      cursor: query.cursor,
      limit: query.limit,
      filters: repeated.map((name) => [name, query[name] as string | undefined]),
    },
  );
}

/** The WHERE clause of a listing: live rows of `listOwner`'s owner (all for an admin without one), plus filters. */
function ownedWhere(
  caller: Caller,
  ownerKeyId: unknown,
  filters: Array<[column: string, value: unknown]>,
): { where: string[]; params: unknown[] } {
  const where = ['deleted_at IS NULL'];
  const params: unknown[] = [];
  const add = (column: string, value: unknown) => {
    params.push(value);
    where.push(`${column} = $${params.length}`);
  };
  const owner = listOwner(caller, ownerKeyId);
  if (owner !== undefined) add('owner_key_id', owner);
  for (const [column, value] of filters) if (value !== undefined) add(column, value);
  return { where, params };
}
