import { PaginationError } from './errors.js';
import { findLink } from './link-header.js';

export type Query = Record<string, unknown>;

/** What a page needs from the client: fetch one page of the collection for a query. */
export interface PageSource<Item, Body> {
  /** The collection path, e.g. `/items`. */
  readonly path: string;
  fetch(query: Query, signal?: AbortSignal | null): Promise<{ body: Body; response: Response }>;
  /** Turns a `next` link into the query of the same collection, or throws a PaginationError. */
  queryFromLink(link: string, response: Response): Query;
  /** Identity of the items, for typing only. */
  readonly _item?: Item;
}

export interface PaginateOptions {
  /** Stop after this many items in all (no further page is fetched). */
  maxItems?: number;
  /** Stop after this many pages. */
  maxPages?: number;
  /** Cancels the page being fetched, retries and backoff waits included. */
  signal?: AbortSignal;
}

/**
 * One page of a collection: its items, the totals the server gave, the parsed envelope and
 * the raw Response. `getNextPage()` follows `links.next` or a `Link: rel="next"` header when
 * the server sends links, and otherwise computes the next request from the metadata
 * (`next_cursor`, `page`/`total_pages`, `offset`/`limit`/`total`).
 */
export class Page<Item, Body = unknown> {
  readonly items: Item[];
  /** Total number of records, when the server says (`meta.total` or `X-Total-Count`). */
  readonly total: number | undefined;
  /** Total number of pages, when the server says (`total_pages`). */
  readonly totalPages: number | undefined;
  readonly #next: Query | undefined;
  readonly #source: PageSource<Item, Body>;
  readonly #visited: Map<string, number>;
  readonly #depth: number;

  /** Use `client.paginate(...)`; pages are not built by hand. */
  constructor(
    /** The parsed envelope, typed from the spec. */
    readonly body: Body,
    readonly response: Response,
    /** The query this page was fetched with. */
    readonly query: Query,
    source: PageSource<Item, Body>,
    visited: Map<string, number>,
    depth: number,
  ) {
    this.#source = source;
    this.#visited = visited;
    this.#depth = depth;
    const envelope = (isObject(body) ? body : {}) as Record<string, unknown>;
    this.items = (Array.isArray(envelope.data) ? envelope.data : []) as Item[];
    const meta = isObject(envelope.meta) ? envelope.meta : envelope;
    this.total = num(meta.total) ?? headerTotal(response);
    this.totalPages = num(meta.total_pages);
    this.#next = this.items.length === 0 ? undefined : nextQuery(envelope, meta, response, query, source);
  }

  hasNextPage(): boolean {
    return this.#next !== undefined;
  }

  /** Fetches the next page. Throws a PaginationError when there is none or when it was already visited. */
  async getNextPage(options: { signal?: AbortSignal | null } = {}): Promise<Page<Item, Body>> {
    const query = this.#next;
    if (query === undefined) throw new PaginationError(`${this.#source.path}: there is no next page (check hasNextPage() first)`);
    const key = queryKey(query);
    const seenAt = this.#visited.get(key);
    if (seenAt !== undefined && seenAt <= this.#depth) {
      throw new PaginationError(`${this.#source.path}: the server sent the same next page twice (${key}); stopping instead of looping forever`);
    }
    this.#visited.set(key, this.#depth + 1);
    const { body, response } = await this.#source.fetch(query, options.signal);
    return new Page(body, response, query, this.#source, this.#visited, this.#depth + 1);
  }

  /** Starts a walk at `query`. */
  static async first<Item, Body>(source: PageSource<Item, Body>, query: Query, signal?: AbortSignal | null): Promise<Page<Item, Body>> {
    const { body, response } = await source.fetch(query, signal);
    return new Page(body, response, query, source, new Map([[queryKey(query), 0]]), 0);
  }
}

/**
 * An async iterable over every item of a collection, fetching pages as needed; `pages()`
 * iterates the pages instead. Each iteration starts again from the first page.
 */
export class Paginator<Item, Body = unknown> implements AsyncIterable<Item> {
  readonly #source: PageSource<Item, Body>;
  readonly #query: Query;
  readonly #options: PaginateOptions;

  constructor(source: PageSource<Item, Body>, query: Query, options: PaginateOptions = {}) {
    this.#source = source;
    this.#query = query;
    this.#options = options;
  }

  /** Fetches the first page only. */
  firstPage(): Promise<Page<Item, Body>> {
    return Page.first(this.#source, this.#query, this.#options.signal);
  }

  /** Iterates pages, honouring maxPages and maxItems. */
  async *pages(): AsyncGenerator<Page<Item, Body>, void, undefined> {
    const { maxPages = Infinity, maxItems = Infinity, signal } = this.#options;
    if (maxPages <= 0 || maxItems <= 0) return;
    let page = await this.firstPage();
    let pages = 1;
    let items = page.items.length;
    yield page;
    while (page.hasNextPage() && pages < maxPages && items < maxItems) {
      page = await page.getNextPage({ signal });
      pages++;
      items += page.items.length;
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    const { maxItems = Infinity } = this.#options;
    let count = 0;
    for await (const page of this.pages()) {
      for (const item of page.items) {
        if (count >= maxItems) return;
        count++;
        yield item;
      }
    }
  }

  /** Collects every item into an array (bounded by maxItems/maxPages). */
  async toArray(): Promise<Item[]> {
    const all: Item[] = [];
    for await (const item of this) all.push(item);
    return all;
  }
}

function headerTotal(response: Response): number | undefined {
  const totalCount = response.headers.get('x-total-count');
  return totalCount !== null && /^\d+$/.test(totalCount) ? Number(totalCount) : undefined;
}

function nextQuery(envelope: Record<string, unknown>, meta: Record<string, unknown>, response: Response, query: Query, source: PageSource<unknown, unknown>): Query | undefined {
  if (isObject(envelope.links)) {
    const next = envelope.links.next;
    return typeof next === 'string' && next !== '' ? source.queryFromLink(next, response) : undefined;
  }
  const linkHeader = response.headers.get('link');
  if (linkHeader !== null) {
    const next = findLink(linkHeader, 'next');
    return next === undefined ? undefined : source.queryFromLink(next, response);
  }
  if ('next_cursor' in envelope) {
    const cursor = envelope.next_cursor;
    return typeof cursor === 'string' && cursor !== '' ? { ...query, cursor } : undefined;
  }
  const page = num(meta.page);
  const totalPages = num(meta.total_pages);
  if (page !== undefined && totalPages !== undefined) {
    const size = num(meta.size);
    return page < totalPages ? { ...query, page: page + 1, ...(size !== undefined && { size }) } : undefined;
  }
  const offset = num(meta.offset);
  const limit = num(meta.limit);
  const total = num(meta.total);
  if (offset !== undefined && limit !== undefined && total !== undefined && limit > 0) {
    return offset + limit < total ? { ...query, offset: offset + limit, limit } : undefined;
  }
  return undefined;
}

/** A canonical string for a query: same parameters in any order give the same key. */
export function queryKey(query: Query): string {
  const entries = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => [k, String(v)] as [string, string])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(entries).toString();
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
