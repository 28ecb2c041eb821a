/**
 * How one collection pages, as its GET operation declares it in the spec (`x-pagination`,
 * or inferred by the generator for specs without it). Field names are dot paths into the
 * JSON body (`meta.total_pages`); `*Param` names are query parameters.
 */
export interface PaginationContract {
  /** The operation's `operationId` (or its generated name), for messages. */
  readonly operation: string;
  readonly strategy: 'cursor' | 'page' | 'offset' | 'link-header';
  /** The array of records. */
  readonly items: string;
  /** A relative or absolute link to the next page (`links.next`); when declared, it is followed. */
  readonly nextLink?: string;
  readonly cursorParam?: string;
  /** The cursor to send back as `cursorParam`. */
  readonly nextCursor?: string;
  readonly limitParam?: string;
  readonly pageParam?: string;
  readonly sizeParam?: string;
  readonly page?: string;
  readonly size?: string;
  readonly totalPages?: string;
  readonly offsetParam?: string;
  readonly offset?: string;
  readonly limit?: string;
  readonly total?: string;
  /** A response header holding the total number of records (`X-Total-Count`). */
  readonly totalHeader?: string;
  /** Declared fields the schema does not require: a page may leave them out (the last page's `nextPageToken`). */
  readonly optional?: readonly string[];
}

/** Contracts keyed by collection path, as generated into `generated/pagination.ts`. */
export type PaginationTable = Readonly<Record<string, PaginationContract>>;

const BODY_FIELDS = ['items', 'nextLink', 'nextCursor', 'page', 'size', 'totalPages', 'offset', 'limit', 'total'] as const;

/** The value at a dot path, or undefined. */
export function fieldAt(body: unknown, path: string | undefined): unknown {
  if (path === undefined) return undefined;
  let at: unknown = body;
  for (const key of path.split('.')) {
    if (typeof at !== 'object' || at === null || !Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function hasField(body: unknown, path: string): boolean {
  const dot = path.lastIndexOf('.');
  const parent = dot < 0 ? body : fieldAt(body, path.slice(0, dot));
  return typeof parent === 'object' && parent !== null && !Array.isArray(parent) && Object.hasOwn(parent, path.slice(dot + 1));
}

/**
 * What a page lacks of the envelope its contract declares: body fields (`next_cursor`,
 * `meta.total`), an `items` that is not an array, or a declared header (`Link`, `X-Total-Count`).
 */
export function missingFields(contract: PaginationContract, body: unknown, headers: Headers): string[] {
  const missing: string[] = [];
  for (const field of BODY_FIELDS) {
    const path = contract[field];
    if (path !== undefined && !contract.optional?.includes(path) && !hasField(body, path)) missing.push(path);
  }
  const items = fieldAt(body, contract.items);
  if (!missing.includes(contract.items) && !Array.isArray(items) && !(items === undefined && contract.optional?.includes(contract.items)))
    missing.push(`${contract.items} (an array)`);
  if (contract.strategy === 'link-header' && !headers.has('link')) missing.push('Link header');
  if (contract.totalHeader !== undefined && !headers.has(contract.totalHeader)) missing.push(`${contract.totalHeader} header`);
  return missing;
}
