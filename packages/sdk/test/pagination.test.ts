import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { validateBody } from '@clubnotify/spec';
import { createClient, PaginationError, type ClubnotifyClient } from '../src/index.js';
import { apiKey, makeItem, makeItems, startCollectionServer, type CollectionServer } from './fixtures/collection-server.js';

let server: CollectionServer;
let client: ClubnotifyClient;

beforeAll(async () => {
  server = await startCollectionServer();
  client = createClient({ baseUrl: server.url, apiKey, retry: false });
});
afterAll(() => server.close());
beforeEach(() => {
  server.items = [];
  server.faults = {};
  server.requests = [];
});

// Each variant with the query that asks for pages of three.
const variants = [
  { path: '/items', query: { limit: 3 }, kind: 'cursor' },
  { path: '/items/cursor', query: { limit: 3 }, kind: 'cursor' },
  { path: '/items/pages', query: { size: 3 }, kind: 'page' },
  { path: '/items/pages/linked', query: { size: 3 }, kind: 'page' },
  { path: '/items/pages/link-header', query: { size: 3 }, kind: 'page' },
  { path: '/items/offsets', query: { limit: 3 }, kind: 'offset' },
  { path: '/items/offsets/linked', query: { limit: 3 }, kind: 'offset' },
] as const;

const ids = (items: Array<{ id: string }>) => items.map((i) => i.id);

describe.each(variants)('paginate $path', ({ path, query, kind }) => {
  it('yields nothing from an empty collection, after one request', async () => {
    expect(await client.paginate(path, { query }).toArray()).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it('yields every item once when the total is an exact multiple of the page size', async () => {
    server.items = makeItems(6);
    expect(ids(await client.paginate(path, { query }).toArray())).toEqual(ids(server.items));
    // A full cursor page always carries a next cursor, so the walk ends on an empty page.
    expect(server.requests).toHaveLength(kind === 'cursor' ? 3 : 2);
  });

  it('yields a short last page and stops there', async () => {
    server.items = makeItems(7);
    const pages = [];
    for await (const page of client.paginate(path, { query }).pages()) pages.push(page.items.length);
    expect(pages).toEqual([3, 3, 1]);
  });

  it('reports totals where the strategy gives them, and the raw response', async () => {
    server.items = makeItems(7);
    const page = await client.paginate(path, { query }).firstPage();
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get('x-request-id')).toMatch(/^req_/);
    if (kind === 'cursor') expect(page.total).toBeUndefined();
    if (kind === 'offset' || path === '/items/pages/link-header') expect(page.total).toBe(7);
    if (path === '/items/pages' || path === '/items/pages/linked') expect(page.totalPages).toBe(3);
    expect(page.hasNextPage()).toBe(true);
    const second = await page.getNextPage();
    expect(ids(second.items)).toEqual(ids(server.items.slice(3, 6)));
  });

  it('stops at maxItems and maxPages without fetching more', async () => {
    server.items = makeItems(20);
    expect(ids(await client.paginate(path, { query, maxItems: 4 }).toArray())).toEqual(ids(server.items.slice(0, 4)));
    expect(server.requests).toHaveLength(2);
    server.requests = [];
    expect(await client.paginate(path, { query, maxPages: 2 }).toArray()).toHaveLength(6);
    expect(server.requests).toHaveLength(2);
  });

  it(
    kind === 'cursor'
      ? 'never repeats a record inserted at the head between pages'
      : 'may repeat a record when one is inserted at the head between pages',
    async () => {
      server.items = makeItems(6);
      const seen: string[] = [];
      for await (const page of client.paginate(path, { query }).pages()) {
        seen.push(...ids(page.items));
        if (seen.length === 3) server.items.unshift(makeItem(999));
      }
      const expected =
        kind === 'cursor' ? ids(makeItems(6)) : [...ids(makeItems(3)), 'itm_000003', 'itm_000004', 'itm_000005', 'itm_000006'];
      expect(seen).toEqual(expected);
    },
  );

  it('every page it reads is a valid envelope of the spec', async () => {
    server.items = makeItems(5);
    const key = (
      {
        '/items': 'listItems',
        '/items/cursor': 'listItemsCursor',
        '/items/pages': 'listItemsPages',
        '/items/pages/linked': 'listItemsPagesLinked',
        '/items/pages/link-header': 'listItemsLinkHeader',
        '/items/offsets': 'listItemsOffsets',
        '/items/offsets/linked': 'listItemsOffsetsLinked',
      } as const
    )[path];
    for await (const page of client.paginate(path, { query }).pages()) {
      expect(validateBody(`${key}.response.200.application/json`, page.body)).toEqual({ ok: true });
    }
  });
});

describe('paginate: cursors', () => {
  it('passes cursors back unchanged, reserved characters included', async () => {
    server.items = makeItems(400);
    const items = await client.paginate('/items/cursor', { query: { limit: 100 } }).toArray();
    expect(items).toHaveLength(400);
    // The fixture answers 400 to any cursor that is not byte-for-byte one of its own.
    expect(server.requests.filter((r) => r.includes('cursor='))).toHaveLength(4);
  });

  it.each(['/items', '/items/cursor'] as const)('%s: a cursor that never advances is a PaginationError, not a hang', async (path) => {
    server.items = makeItems(10);
    server.faults.stuckCursor = true;
    const seen: string[] = [];
    await expect(async () => {
      for await (const item of client.paginate(path, { query: { limit: 3 } })) seen.push(item.id);
    }).rejects.toThrow(PaginationError);
    expect(server.requests.length).toBeLessThanOrEqual(3);
    expect(seen.length).toBeGreaterThan(0);
  });

  it('follows the cursor link of a full last page to an empty page and stops', async () => {
    server.items = makeItems(3);
    const pages = [];
    for await (const page of client.paginate('/items', { query: { limit: 3 } }).pages()) pages.push(page);
    expect(pages.map((p) => p.items.length)).toEqual([3, 0]);
    expect(pages[1]!.hasNextPage()).toBe(false);
  });

  it('getNextPage() twice from the same page is not mistaken for a loop', async () => {
    server.items = makeItems(9);
    const first = await client.paginate('/items', { query: { limit: 3 } }).firstPage();
    const a = await first.getNextPage();
    const b = await first.getNextPage();
    expect(ids(a.items)).toEqual(ids(b.items));
  });

  it('getNextPage() on the last page is a PaginationError', async () => {
    server.items = makeItems(2);
    const page = await client.paginate('/items/pages', { query: { size: 3 } }).firstPage();
    expect(page.hasNextPage()).toBe(false);
    await expect(page.getNextPage()).rejects.toThrow(PaginationError);
  });
});

describe('paginate: Link header', () => {
  const path = '/items/pages/link-header';
  const linkTo = (page: number, base = server.url) => `<${base}${path}?page=${page}&size=3>`;

  it.each([
    ['one rel naming several relation types', () => `${linkTo(1)}; rel="first", ${linkTo(2)}; rel="next last"`],
    [
      'commas and semicolons inside quoted parameters',
      () => `${linkTo(1)}; rel=first; title="a, b; c", ${linkTo(2)}; title="x, <y>"; rel="next"`,
    ],
    ['a relative URL', () => `<${path}?page=2&size=3>; rel="next"`],
    ['extra whitespace and upper-case REL', () => `  ${linkTo(2)} ;  REL = "NEXT"  ,${linkTo(2)};rel=last`],
  ])('follows rel="next" written with %s', async (_name, header) => {
    server.items = makeItems(6);
    server.faults.linkHeader = header();
    const pages = [];
    for await (const page of client.paginate(path, { query: { size: 3 } }).pages()) {
      pages.push(page.query);
      // Restore the server's own header after the first page so the walk can end.
      delete server.faults.linkHeader;
    }
    expect(pages).toEqual([{ size: 3 }, { page: '2', size: '3' }]);
  });

  it.each([
    ['no angle brackets', 'garbage'],
    ['an unterminated target', `<http://127.0.0.1/items/pages/link-header?page=2; rel="next"`],
    ['only other relations', '<http://x/y>; rel="last"'],
    ['an empty header', ''],
  ])('stops after the first page when the header has %s', async (_name, header) => {
    server.items = makeItems(6);
    server.faults.linkHeader = header;
    expect(await client.paginate(path, { query: { size: 3 } }).toArray()).toHaveLength(3);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a next link to another origin (the API key would leak)', async () => {
    server.items = makeItems(6);
    server.faults.linkHeader = `<https://evil.example${path}?page=2&size=3>; rel="next"`;
    await expect(client.paginate(path, { query: { size: 3 } }).toArray()).rejects.toThrow(/another origin/);
  });

  it('refuses a next link to another path', async () => {
    server.items = makeItems(6);
    server.faults.linkHeader = `<${server.url}/deliveries?limit=3>; rel="next"`;
    await expect(client.paginate(path, { query: { size: 3 } }).toArray()).rejects.toThrow(/leaves the collection/);
  });

  it('a next link back to the same page is a PaginationError', async () => {
    server.items = makeItems(6);
    server.faults.linkHeader = `${linkTo(1)}; rel="next"`;
    await expect(client.paginate(path, { query: { page: 1, size: 3 } }).toArray()).rejects.toThrow(PaginationError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('paginate: registrations, subscriptions and deliveries', () => {
  it('yields each collection with its own item type', async () => {
    server.registrations = Array.from({ length: 5 }, (_, i) => ({
      id: `reg_${i}`,
      event: 'concertAlert',
      url: `https://example.com/hook/${i}`,
      status: 'active',
      disabledReason: null,
      rateLimitPerSecond: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    }));
    server.subscriptions = Array.from({ length: 4 }, (_, i) => ({
      id: `sub_${i}`,
      concertId: 'con_1',
      callbackUrl: `https://example.com/cb/${i}`,
      status: 'active',
      disabledReason: null,
      rateLimitPerSecond: null,
      createdAt: '2026-01-01T00:00:00.000Z',
    }));
    server.deliveries = Array.from({ length: 3 }, (_, i) => ({
      id: `dlv_${i}`,
      messageId: `msg_${i}`,
      kind: 'webhook',
      event: 'stockUpdate',
      targetId: 'reg_0',
      url: 'https://example.com/hook/0',
      status: 'succeeded',
      attemptCount: 1,
      nextAttemptAt: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      attempts: [],
    }));
    const urls: string[] = [];
    for await (const r of client.registrations.list({ limit: 2 })) urls.push(r.url);
    const callbacks: string[] = [];
    for await (const s of client.subscriptions.list({ limit: 2 })) callbacks.push(s.callbackUrl);
    const messages: string[] = [];
    for await (const d of client.deliveries.list({ limit: 2 })) messages.push(d.messageId);
    expect(urls).toHaveLength(5);
    expect(callbacks).toHaveLength(4);
    expect(messages).toEqual(['msg_0', 'msg_1', 'msg_2']);
  });
});
