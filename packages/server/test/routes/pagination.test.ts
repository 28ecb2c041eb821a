import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedItemCount } from '../../src/db/seed.js';
import { dbFactories, pointers, startTestServer, type TestServer } from '../support/server-support.js';

interface Item {
  id: string;
}
interface Links {
  self: string;
  next: string | null;
  prev: string | null;
  first: string;
  last: string;
}

describe.each(dbFactories())('collections on $name', (factory) => {
  let s: TestServer;
  let empty: TestServer;
  const get = async <T>(server: TestServer, path: string) => {
    const res = await server.call('GET', path);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
  beforeAll(async () => {
    [s, empty] = await Promise.all([startTestServer(factory), startTestServer(factory, { seedData: false })]);
  });
  afterAll(() => Promise.all([s.close(), empty.close()]));

  it('walks /items by links.next without repeats, prev null on the first page', async () => {
    const seen: string[] = [];
    let path: string | null = '/items?limit=5';
    let pages = 0;
    while (path) {
      const page: { data: Item[]; links: Links } = await get(s, path);
      if (pages === 0) expect(page.links.prev).toBeNull();
      seen.push(...page.data.map((i) => i.id));
      path = page.links.next;
      pages++;
    }
    expect(seen).toHaveLength(seedItemCount);
    expect(new Set(seen).size).toBe(seedItemCount);
    expect(seen.slice(0, 2)).toEqual(['itm_mojito', 'itm_mint']);
    expect(pages).toBe(Math.ceil(seedItemCount / 5));
  });

  it('follows prev back to the first page and last to the final full page', async () => {
    const first = await get<{ data: Item[]; links: Links }>(s, '/items?limit=5');
    expect(first.links.self).toBe('/items?limit=5');
    expect(first.links.first).toBe('/items?limit=5');
    const second = await get<{ data: Item[]; links: Links }>(s, first.links.next!);
    const back = await get<{ data: Item[]; links: Links }>(s, second.links.prev!);
    expect(back.data).toEqual(first.data);
    expect(back.links.prev).toBeNull();
    const last = await get<{ data: Item[]; links: Links }>(s, first.links.last);
    expect(last.data).toHaveLength(5);
    const all = await get<{ data: Item[] }>(s, '/items?limit=100');
    expect(last.data).toEqual(all.data.slice(-5));
    const beyond = await get<{ data: Item[]; links: Links }>(s, last.links.next!);
    expect(beyond.data).toEqual([]);
    expect(beyond.links.next).toBeNull();
  });

  it('gives a next link on a full last page (exact multiple) that leads to an empty page', async () => {
    const page = await get<{ data: Item[]; links: Links }>(s, `/items?limit=${seedItemCount}`);
    expect(page.data).toHaveLength(seedItemCount);
    const next = await get<{ data: Item[]; links: Links }>(s, page.links.next!);
    expect(next.data).toEqual([]);
    expect(next.links.next).toBeNull();
    const plain = await get<{ data: Item[]; next_cursor: string | null; limit: number }>(s, `/items/cursor?limit=${seedItemCount}`);
    const after = await get<{ data: Item[]; next_cursor: string | null }>(
      s,
      `/items/cursor?limit=${seedItemCount}&cursor=${encodeURIComponent(plain.next_cursor!)}`,
    );
    expect(after).toEqual({ data: [], next_cursor: null, limit: seedItemCount });
  });

  it('gives next_cursor null on a page that is not full', async () => {
    const page = await get<{ data: Item[]; next_cursor: string | null; limit: number }>(s, '/items/cursor?limit=100');
    expect(page.data).toHaveLength(seedItemCount);
    expect(page.next_cursor).toBeNull();
    expect(page.limit).toBe(100);
  });

  it('refuses forged, corrupted and foreign cursors with 400 at /query/cursor', async () => {
    const { next_cursor: cursor } = await get<{ next_cursor: string }>(s, '/items/cursor?limit=2');
    const [body, sig] = cursor.split('.') as [string, string];
    const forgedBody = Buffer.from(JSON.stringify({ c: 'items', d: 'a', k: 0 })).toString('base64url');
    const flipped = sig.slice(0, -2) + (sig.endsWith('AA') ? 'BB' : 'AA');
    const { links } = await get<{ links: Links }>(s, '/registrations?limit=1');
    const foreign = new URL(links.last, s.url).searchParams.get('cursor')!;
    for (const bad of [`${forgedBody}.${sig}`, `${body}.${flipped}`, 'eyJrIjoyfQ.ZmFrZQ', 'garbage', foreign]) {
      const res = await s.call('GET', `/items?cursor=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(await pointers(res)).toEqual(['/query/cursor']);
    }
  });

  it('serves page numbers flat, past the end as an empty page', async () => {
    const page = await get<Record<string, unknown>>(s, '/items/pages?page=12&size=2');
    expect(page).toMatchObject({ page: 12, size: 2, total_pages: 12 });
    expect(page.data).toHaveLength(1);
    const past = await get<Record<string, unknown>>(s, '/items/pages?page=50&size=2');
    expect(past).toEqual({ data: [], page: 50, size: 2, total_pages: 12 });
    const defaults = await get<Record<string, unknown>>(s, '/items/pages');
    expect(defaults).toMatchObject({ page: 1, size: 20, total_pages: 2 });
  });

  it('gives page links exactly as the spec example', async () => {
    const page = await get<{ meta: unknown; links: Links }>(s, '/items/pages/linked?page=1&size=2');
    expect(page.meta).toEqual({ page: 1, size: 2, total_pages: 12 });
    expect(page.links).toEqual({
      self: '/items/pages/linked?page=1&size=2',
      next: '/items/pages/linked?page=2&size=2',
      prev: null,
      first: '/items/pages/linked?page=1&size=2',
      last: '/items/pages/linked?page=12&size=2',
    });
    const last = await get<{ links: Links }>(s, '/items/pages/linked?page=12&size=2');
    expect(last.links.next).toBeNull();
    expect(last.links.prev).toBe('/items/pages/linked?page=11&size=2');
  });

  it('sends page links in a Link header with X-Total-Count', async () => {
    const res = await s.call('GET', '/items/pages/link-header?page=2&size=5');
    expect(res.headers.get('x-total-count')).toBe(String(seedItemCount));
    // Relative references: the test server has no PUBLIC_BASE_URL (see http/hardening.test.ts for absolute ones).
    const link = '/items/pages/link-header';
    expect(res.headers.get('link')).toBe(
      `<${link}?page=1&size=5>; rel="first", <${link}?page=1&size=5>; rel="prev", <${link}?page=3&size=5>; rel="next", <${link}?page=5&size=5>; rel="last"`,
    );
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['data']);
    const first = await s.call('GET', '/items/pages/link-header?size=5');
    expect(first.headers.get('link')).not.toContain('rel="prev"');
  });

  it('gives offsets with meta, and last at floor((total - 1) / limit) * limit', async () => {
    const page = await get<{ data: Item[]; meta: unknown; links: Links }>(s, '/items/offsets/linked?offset=0&limit=2');
    expect(page.meta).toEqual({ total: seedItemCount, limit: 2, offset: 0 });
    expect(page.links).toEqual({
      self: '/items/offsets/linked?offset=0&limit=2',
      next: '/items/offsets/linked?offset=2&limit=2',
      prev: null,
      first: '/items/offsets/linked?offset=0&limit=2',
      last: '/items/offsets/linked?offset=22&limit=2',
    });
    const exact = await get<{ links: Links }>(s, `/items/offsets/linked?offset=0&limit=${seedItemCount}`);
    expect(exact.links.last).toBe(`/items/offsets/linked?offset=0&limit=${seedItemCount}`);
    expect(exact.links.next).toBeNull();
    const tail = await get<{ data: Item[]; links: Links }>(s, '/items/offsets/linked?offset=21&limit=5');
    expect(tail.data).toHaveLength(2);
    expect(tail.links.prev).toBe('/items/offsets/linked?offset=16&limit=5');
    const past = await get<{ data: Item[]; meta: unknown }>(s, '/items/offsets?offset=500&limit=5');
    expect(past).toEqual({ data: [], meta: { total: seedItemCount, limit: 5, offset: 500 } });
  });

  it('answers every variant of an empty collection with data [] and last = first', async () => {
    const cursor = await get<{ data: Item[]; links: Links }>(empty, '/items');
    expect(cursor).toEqual({
      data: [],
      links: { self: '/items?limit=20', next: null, prev: null, first: '/items?limit=20', last: '/items?limit=20' },
    });
    expect(await get(empty, '/items/cursor')).toEqual({ data: [], next_cursor: null, limit: 20 });
    expect(await get(empty, '/items/pages')).toEqual({ data: [], page: 1, size: 20, total_pages: 0 });
    const pages = await get<{ links: Links }>(empty, '/items/pages/linked');
    expect(pages.links.last).toBe(pages.links.first);
    const offsets = await get<{ links: Links; meta: unknown }>(empty, '/items/offsets/linked');
    expect(offsets.meta).toEqual({ total: 0, limit: 20, offset: 0 });
    expect(offsets.links.last).toBe('/items/offsets/linked?offset=0&limit=20');
    const header = await empty.call('GET', '/items/pages/link-header');
    expect(header.headers.get('x-total-count')).toBe('0');
    expect(header.headers.get('link')).not.toContain('rel="next"');
  });

  it('pages registrations with the same cursor machinery', async () => {
    for (let i = 0; i < 5; i++)
      await s.call('POST', '/registerForAlert', { key: s.bobKey, body: { url: `https://hooks.example.com/page-${i}` } });
    const first = await get<{ data: Item[]; links: Links }>(s, '/registrations?limit=2');
    expect(first.data.length).toBeLessThanOrEqual(2);
    const bob = (await (await s.call('GET', '/registrations?limit=2', { key: s.bobKey })).json()) as { data: Item[]; links: Links };
    const next = (await (await s.call('GET', bob.links.next!, { key: s.bobKey })).json()) as { data: Item[]; links: Links };
    expect(next.data).toHaveLength(2);
    expect(next.data.map((r) => r.id)).not.toContain(bob.data[0]!.id);
    const last = (await (await s.call('GET', bob.links.last, { key: s.bobKey })).json()) as { data: Item[]; links: Links };
    expect(last.data).toHaveLength(2);
  });

  it('keeps cursor pages stable when records are added between requests (after the empty checks)', async () => {
    const server = empty;
    {
      // Each batch its own id suffix: two batches within one millisecond would collide on Date.now() alone.
      let batch = 0;
      const add = (n: number) =>
        server.db.query(
          `INSERT INTO items (id, kind, name, stock, unit) SELECT 'itm_t' || g || '_' || $2, 'drink', 'T', 1, 'glass' FROM generate_series(1, $1::int) g`,
          [n, `${Date.now()}b${++batch}`],
        );
      await add(6);
      const first = await get<{ data: Item[]; links: Links }>(server, '/items?limit=4');
      await add(3);
      const second = await get<{ data: Item[]; links: Links }>(server, first.links.next!);
      const ids = [...first.data, ...second.data].map((i) => i.id);
      expect(second.data).toHaveLength(4);
      expect(new Set(ids).size).toBe(8);
    }
  });
});
