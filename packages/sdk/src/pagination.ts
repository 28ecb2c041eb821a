import { PaginationError } from './errors.js';
import { findLink } from './link-header.js';
import { fieldAt, type PaginationContract } from './pagination-contract.js';

export type Query = Record<string, unknown>;

/** What a page needs from the client: URLs of the collection, and one page fetched. */
export interface PageSource<Item, Body> {
  /** The collection path, e.g. `/items`. */
  readonly path: string;
  /** How the collection pages, from the spec. */
  readonly contract: PaginationContract;
  /** Warns about (or, when strict, throws for) a page whose envelope is not the declared one. */
  check(body: Body, response: Response): void;
  /** The URL of the collection for `query`. */
  urlOf(query: Query): string;
  /** Resolves a `next` link against the collection; throws a PaginationError for one that leaves it. */
  resolveLink(link: string): URL;
  fetch(url: string, signal?: AbortSignal | null): Promise<{ body: Body; response: Response }>;
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
 * the raw Response. `getNextPage()` goes where the collection's contract in the spec says:
 * its next link (`links.next`, a `Link: rel="next"` header) or the next request computed
 * from its declared fields (`next_cursor`, `page`/`total_pages`, `offset`/`limit`/`total`).
 */
export class Page<Item, Body = unknown> {
  readonly items: Item[];
  /** Total number of pages, when the server says (`total_pages`). */
  readonly totalPages: number | undefined;
  /** The URL this page was fetched from. */
  readonly url: string;
  readonly #envelope: unknown;
  #query: Query | undefined;
  readonly #next: string | undefined;
  readonly #source: PageSource<Item, Body>;
  readonly #visited: Map<string, number>;
  readonly #depth: number;

  /** Use `client.paginate(...)`; pages are not built by hand. */
  constructor(
    /** The parsed envelope, typed from the spec. */
    readonly body: Body,
    readonly response: Response,
    request: { url: string; query?: Query },
    source: PageSource<Item, Body>,
    visited: Map<string, number>,
    depth: number,
  ) {
    this.url = request.url;
    this.#query = request.query;
    this.#source = source;
    this.#visited = visited;
    this.#depth = depth;
    const { contract } = source;
    this.#envelope = body;
    const items = fieldAt(body, contract.items);
    this.items = (Array.isArray(items) ? items : []) as Item[];
    this.totalPages = num(fieldAt(body, contract.totalPages));
    this.#next = this.items.length === 0 ? undefined : this.#nextUrl();
  }

  /** Total number of records, when the server says (`meta.total` or `X-Total-Count`, as the contract declares). */
  get total(): number | undefined {
    const { contract } = this.#source;
    return num(fieldAt(this.#envelope, contract.total)) ?? headerTotal(this.response, contract.totalHeader);
  }

  /** The query this page was fetched with (read from its URL when the page came from a link). */
  get query(): Query {
    if (this.#query === undefined) {
      const query: Query = {};
      for (const [key, value] of new URL(this.url).searchParams) query[key] = value;
      this.#query = query;
    }
    return this.#query;
  }

  hasNextPage(): boolean {
    return this.#next !== undefined;
  }

  /** Fetches the next page. Throws a PaginationError when there is none or when it was already visited. */
  async getNextPage(options: { signal?: AbortSignal | null } = {}): Promise<Page<Item, Body>> {
    const url = this.#next;
    if (url === undefined) throw new PaginationError(`${this.#source.path}: there is no next page (check hasNextPage() first)`);
    // Keyed by URL: a server that repeats a page, even with its parameters reordered, is
    // caught at the latest on the repeat after that.
    const seenAt = this.#visited.get(url);
    if (seenAt !== undefined && seenAt <= this.#depth) {
      throw new PaginationError(
        `${this.#source.path}: the server sent the same next page twice (${url}); stopping instead of looping forever`,
      );
    }
    this.#visited.set(url, this.#depth + 1);
    const { body, response } = await this.#source.fetch(url, options.signal);
    this.#source.check(body, response);
    return new Page(body, response, { url }, this.#source, this.#visited, this.#depth + 1);
  }

  /** Starts a walk at `query`. */
  static async first<Item, Body>(source: PageSource<Item, Body>, query: Query, signal?: AbortSignal | null): Promise<Page<Item, Body>> {
    const url = source.urlOf(query);
    const { body, response } = await source.fetch(url, signal);
    source.check(body, response);
    return new Page(body, response, { url, query }, source, new Map([[url, 0]]), 0);
  }

  /** The next page's URL: the declared next link, the `Link` header's `rel="next"`, or the next query. */
  #nextUrl(): string | undefined {
    const source = this.#source;
    const { contract } = source;
    if (contract.nextLink !== undefined) {
      const next = fieldAt(this.#envelope, contract.nextLink);
      return typeof next === 'string' && next !== '' ? source.resolveLink(next).href : undefined;
    }
    if (contract.strategy === 'link-header') {
      const next = findLink(this.response.headers.get('link'), 'next');
      return next === undefined ? undefined : source.resolveLink(next).href;
    }
    const next = nextQuery(contract, this.#envelope, this);
    return next === undefined ? undefined : source.urlOf(next);
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

function headerTotal(response: Response, name: string | undefined): number | undefined {
  const totalCount = name === undefined ? null : response.headers.get(name);
  return totalCount !== null && /^\d+$/.test(totalCount) ? Number(totalCount) : undefined;
}

function nextQuery(contract: PaginationContract, body: unknown, page: { readonly query: Query }): Query | undefined {
  const field = (path: string | undefined) => num(fieldAt(body, path));
  if (contract.strategy === 'cursor') {
    const cursor = fieldAt(body, contract.nextCursor);
    return contract.cursorParam !== undefined && typeof cursor === 'string' && cursor !== ''
      ? { ...page.query, [contract.cursorParam]: cursor }
      : undefined;
  }
  if (contract.strategy === 'page' && contract.pageParam !== undefined) {
    const current = field(contract.page);
    const totalPages = field(contract.totalPages);
    if (current === undefined || totalPages === undefined || current >= totalPages) return undefined;
    const size = field(contract.size);
    return {
      ...page.query,
      [contract.pageParam]: current + 1,
      ...(size !== undefined && contract.sizeParam !== undefined && { [contract.sizeParam]: size }),
    };
  }
  if (contract.strategy === 'offset' && contract.offsetParam !== undefined && contract.limitParam !== undefined) {
    const offset = field(contract.offset);
    const limit = field(contract.limit);
    const total = field(contract.total);
    if (offset === undefined || limit === undefined || total === undefined || limit <= 0) return undefined;
    return offset + limit < total ? { ...page.query, [contract.offsetParam]: offset + limit, [contract.limitParam]: limit } : undefined;
  }
  return undefined;
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
