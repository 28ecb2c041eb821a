/**
 * One suite, run unchanged against the Prism mock of the spec and against the reference
 * server: the client's calls, pagination and errors must hold against both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateBody, type BodyValidatorKey } from '@clubnotify/spec';
import {
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  PaginationError,
  createClient,
  type ClubnotifyClient,
  type CollectionPath,
} from '../src/index.js';
import { startPrism, startReference, type Target } from './fixtures/targets.js';

const targets: Array<[string, () => Promise<Target>]> = [
  ['prism mock', startPrism],
  ['reference server', startReference],
];

const collections: Array<[CollectionPath, string, Record<string, number>]> = [
  ['/items', 'listItems', { limit: 5 }],
  ['/items/cursor', 'listItemsCursor', { limit: 5 }],
  ['/items/pages', 'listItemsPages', { size: 5 }],
  ['/items/pages/linked', 'listItemsPagesLinked', { size: 5 }],
  ['/items/pages/link-header', 'listItemsLinkHeader', { size: 5 }],
  ['/items/offsets', 'listItemsOffsets', { limit: 5 }],
  ['/items/offsets/linked', 'listItemsOffsetsLinked', { limit: 5 }],
  ['/registrations', 'listRegistrations', { limit: 5 }],
  ['/concertUpdates', 'listSubscriptions', { limit: 5 }],
  ['/deliveries', 'listDeliveries', { limit: 5 }],
];

const valid = (key: string, body: unknown) => validateBody(key as BodyValidatorKey, body);

describe.each(targets)('against the %s', (_name, start) => {
  let target: Target;
  let client: ClubnotifyClient;
  let admin: ClubnotifyClient;

  beforeAll(async () => {
    target = await start();
    client = createClient({ baseUrl: target.url, apiKey: target.apiKey, retry: false });
    admin = createClient({ baseUrl: target.url, apiKey: target.adminKey, retry: false });
  });
  afterAll(() => target?.close());

  it('answers health', async () => {
    expect(await client.health()).toEqual({ status: 'ok' });
  });

  it('rotates the signing key (admin) and lists the published key set', async () => {
    const rotation = await admin.signingKeys.rotate();
    expect(valid('rotateSigningKey.response.200.application/json', rotation)).toEqual({ ok: true });
    const keySet = await client.signingKeys.list();
    expect(valid('getSigningKeys.response.200.application/json', keySet)).toEqual({ ok: true });
    expect(keySet.keys.length).toBeGreaterThan(0);
  });

  it('lists every signing key with its state (admin), page by page', async () => {
    const page = await admin.signingKeys.listAll({ limit: 1 }).firstPage();
    expect(valid('listSigningKeys.response.200.application/json', page.body)).toEqual({ ok: true });
    const keys = await admin.signingKeys.listAll({ limit: 1 }, { maxItems: 20 }).toArray();
    expect(keys.length).toBeGreaterThan(1);
    expect(keys.map((k) => k.state)).toContain('signing');
  });

  it('registers for alerts and stock updates, and subscribes to a concert', async () => {
    const alert = await client.registerForAlert('https://hooks.example.com/alerts');
    expect(valid('registerForAlert.response.200.application/json', alert)).toEqual({ ok: true });
    expect(alert.secret).toMatch(/^whsec_/);
    const stock = await client.registerForStockUpdates('https://hooks.example.com/stock');
    expect(valid('registerForStockUpdates.response.200.application/json', stock)).toEqual({ ok: true });
    const concert = await admin.concerts.schedule(
      { title: 'SDK night', startsAt: '2026-12-24T20:00:00Z', venue: 'Cellar', currency: 'EUR' },
      { idempotencyKey: 'sdk-conf-1' },
    );
    expect(valid('scheduleConcert.response.201.application/json', concert)).toEqual({ ok: true });
    const sub = await client.subscribeToConcert(concert.id, 'https://hooks.example.com/concert');
    expect(valid('subscribeConcertUpdates.response.200.application/json', sub)).toEqual({ ok: true });
    if (target.stateful) {
      expect(sub.concertId).toBe(concert.id);
      const urls = (await client.registrations.list().toArray()).map((r) => r.url);
      expect(urls).toEqual(expect.arrayContaining(['https://hooks.example.com/alerts', 'https://hooks.example.com/stock']));
      expect((await client.subscriptions.list({ concertId: concert.id }).toArray()).map((s) => s.id)).toEqual([sub.id]);
    }
  });

  it.for(collections)('reads %s page by page, each page a valid envelope', async ([path, operation, query], context) => {
    if (target.missing[path]) return context.skip(target.missing[path]);
    const pages = [];
    for await (const page of client.paginate(path, { query: query as never, maxPages: 2 }).pages()) {
      expect(valid(`${operation}.response.200.application/json`, page.body)).toEqual({ ok: true });
      pages.push(page);
    }
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages.every((p) => p.items.length <= 5)).toBe(true);
  });

  it('walks every item collection to the same records in the same order', async () => {
    if (!target.stateful) return; // a mock repeats its example on every page
    const walks = await Promise.all(
      collections.slice(0, 7).map(([path, , query]) => client.paginate(path as '/items', { query }).toArray()),
    );
    const first = walks[0]!.map((i) => i.id);
    expect(first.length).toBeGreaterThan(20);
    for (const walk of walks) expect(walk.map((i) => i.id)).toEqual(first);
  });

  it('stops a mock that repeats its example page with a PaginationError instead of looping', async () => {
    if (target.stateful) return; // a real server never repeats a page
    await expect(client.paginate('/items').toArray()).rejects.toBeInstanceOf(PaginationError);
    await expect(client.paginate('/items/offsets').toArray()).rejects.toBeInstanceOf(PaginationError);
  });

  it('turns a missing API key into an AuthenticationError with its problem', async () => {
    const anonymous = createClient({ baseUrl: target.url, retry: false });
    const error = await anonymous.registerForAlert('https://hooks.example.com/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect((error as AuthenticationError).problem?.status).toBe(401);
  });

  it('turns an out-of-range query into a BadRequestError', async () => {
    const error = await client
      .paginate('/items', { query: { limit: 0 } })
      .firstPage()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(valid('schema.Problem', (error as BadRequestError).problem)).toEqual({ ok: true });
  });

  it('turns an unknown registration into a NotFoundError', async () => {
    if (!target.stateful) return; // the mock answers 204 for any id
    await expect(client.registrations.remove('reg_does_not_exist')).rejects.toBeInstanceOf(NotFoundError);
  });
});
