import { describe, expectTypeOf, it } from 'vitest';
import { createClient, type ApiError, type components, type Page, type PayloadVersion, type Problem } from '../src/index.js';

type Schemas = components['schemas'];
const client = createClient({ baseUrl: 'http://127.0.0.1:3000', apiKey: 'k' });

describe('typed calls', () => {
  it('types payloadVersion on the calls that make, change and test a target: a version of this contract (issue 47)', () => {
    expectTypeOf<PayloadVersion>().toEqualTypeOf<1>();
    void client.registerForStockUpdates('https://example.com', { payloadVersion: 1 });
    void client.register('stockUpdate', 'https://example.com', { payloadVersion: 1, delivery: 'pull' });
    void client.subscribeToConcert('con_1', 'https://example.com', { payloadVersion: 1 });
    void client.registrations.update('reg_1', { payloadVersion: 1 });
    void client.subscriptions.update('sub_1', { payloadVersion: 1 });
    void client.registrations.sendTest('reg_1', { payloadVersion: 1 });
    // @ts-expect-error 2 is not a payload version of this contract
    void client.registerForAlert('https://example.com', { payloadVersion: 2 });
    // @ts-expect-error nor on update
    void client.registrations.update('reg_1', { payloadVersion: 2 });
    // @ts-expect-error nor for a test event
    void client.subscriptions.sendTest('sub_1', { payloadVersion: '1' });
  });

  it('types bodies and responses from the spec', () => {
    expectTypeOf(client.registerForAlert('https://example.com')).resolves.toEqualTypeOf<Schemas['Registration']>();
    expectTypeOf(client.subscribeToConcert('con_1', 'https://example.com')).resolves.toEqualTypeOf<Schemas['Subscription']>();
    expectTypeOf(client.concerts.get('con_1')).resolves.toEqualTypeOf<Schemas['Concert']>();
    expectTypeOf(client.registrations.remove('reg_1')).resolves.toEqualTypeOf<undefined>();
    expectTypeOf(
      client.post('/stockChanges', { body: { drink: { id: 'a', stock: 1 }, ingredient: { id: 'b', stock: 2 } } }),
    ).resolves.toEqualTypeOf<Schemas['StockUpdate']>();
    expectTypeOf(client.get('/healthz')).resolves.toEqualTypeOf<Schemas['Health']>();
    expectTypeOf(client.deliveries.get('dlv_1')).resolves.toEqualTypeOf<Schemas['DeliveryDetail']>();
    expectTypeOf(client.signingKeys.rotate()).resolves.toEqualTypeOf<Schemas['SigningKeyRotation']>();
    expectTypeOf(client.signingKeys.list()).resolves.toEqualTypeOf<Schemas['JsonWebKeySet']>();
    expectTypeOf(client.signingKeys.listAll().toArray()).resolves.toEqualTypeOf<Array<Schemas['SigningKeyInfo']>>();
    expectTypeOf(client.deliveries.replayMatching({ since: '2026-11-20T18:00:00Z', dryRun: true })).resolves.toEqualTypeOf<
      Schemas['DeliveryReplayResult']
    >();
    // @ts-expect-error since is required
    void client.deliveries.replayMatching({ dryRun: true });
    // @ts-expect-error until must be a string
    void client.deliveries.list({ messageId: 'msg_1', since: '2026-11-20T18:00:00Z', until: 5, undelivered: true });
  });

  it('rejects a wrong body at compile time', () => {
    // @ts-expect-error url must be a string
    void client.post('/registerForAlert', { body: { url: 42 } });
    // @ts-expect-error body is required
    void client.post('/registerForAlert', {});
    // @ts-expect-error unknown body field
    void client.post('/registerForAlert', { body: { url: 'https://x', urll: 'typo' } });
    // @ts-expect-error callbackUrl is missing
    void client.post('/concertUpdates', { body: { concertId: 'con_1' } });
    // @ts-expect-error title must be a string
    void client.concerts.schedule({ title: 1, startsAt: '', venue: '', currency: 'EUR' });
  });

  it('rejects a wrong query or path parameter at compile time', () => {
    // @ts-expect-error limit is an integer
    void client.get('/items', { params: { query: { limit: '10' } } });
    // @ts-expect-error page is not a parameter of a cursor collection
    void client.get('/items', { params: { query: { page: 2 } } });
    // @ts-expect-error the path parameter is required
    void client.get('/concerts/{concertId}', { params: { path: {} } });
    // @ts-expect-error no such path
    void client.get('/nope');
    // @ts-expect-error /registerForAlert has no GET
    void client.get('/registerForAlert');
  });
});

describe('pagination types', () => {
  it('yields each collection its own item type', async () => {
    for await (const item of client.paginate('/items/offsets')) expectTypeOf(item).toEqualTypeOf<Schemas['Item']>();
    for await (const item of client.paginate('/items/pages/link-header')) expectTypeOf(item).toEqualTypeOf<Schemas['Item']>();
    for await (const r of client.paginate('/registrations')) expectTypeOf(r).toEqualTypeOf<Schemas['Registration']>();
    for await (const s of client.subscriptions.list()) expectTypeOf(s).toEqualTypeOf<Schemas['Subscription']>();
    for await (const d of client.deliveries.list({ status: 'failed' })) expectTypeOf(d).toEqualTypeOf<Schemas['Delivery']>();
    expectTypeOf(client.paginate('/items/pages/linked').firstPage()).resolves.toEqualTypeOf<
      Page<Schemas['Item'], Schemas['ItemPageLinked']>
    >();
  });

  it('accepts only collection paths and their own query parameters', () => {
    // @ts-expect-error /concerts is not a collection
    client.paginate('/concerts');
    // @ts-expect-error /healthz is not a collection
    client.paginate('/healthz');
    // @ts-expect-error size belongs to page collections
    client.paginate('/items/offsets', { query: { size: 3 } });
    // @ts-expect-error status must be a DeliveryStatus
    client.deliveries.list({ status: 'lost' });
    client.paginate('/items/pages', { query: { page: 2, size: 50 }, maxItems: 10 });
  });

  it('types errors', () => {
    expectTypeOf<ApiError['problem']>().toEqualTypeOf<Problem | undefined>();
    expectTypeOf<ApiError['status']>().toEqualTypeOf<number>();
  });
});
