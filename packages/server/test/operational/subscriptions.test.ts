import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbFactories, pointers, problem, startTestServer, type TestServer } from '../support/server-support.js';

const URL_A = 'http://127.0.0.1:9/ops-a';
const ALL = ['targetDisabled', 'circuitOpened', 'circuitClosed', 'secretOverlapEnded', 'apiKeyRevoked', 'deliveryFailed'];

describe.each(dbFactories())('operational-event subscriptions on $name', (factory) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(factory, { seedData: false, deps: { limits: { registrationsPerKey: 2 } } });
  });
  afterAll(async () => {
    await s?.close();
  });

  const subscribe = (url: string, events: string[], key = s.aliceKey) =>
    s.call('POST', '/operationalEventSubscriptions', { key, body: { url, events } });

  it('registers idempotently per key and URL (a repeat replaces the filter), with the secret only in that answer', async () => {
    const first = (await (await subscribe(URL_A, ['circuitOpened'])).json()) as { id: string; secret: string };
    const again = await subscribe(URL_A, ALL);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ id: first.id, secret: first.secret, events: ALL, status: 'active', disabledReason: null });
    const list = (await (await s.call('GET', '/operationalEventSubscriptions')).json()) as { data: Array<Record<string, unknown>> };
    expect(list.data).toEqual([expect.objectContaining({ id: first.id, url: URL_A, events: ALL })]);
    expect(list.data[0]).not.toHaveProperty('secret');
  });

  it('is owner-scoped: another key sees none, removes none (404), and may not name another owner (403)', async () => {
    const { id, ownerKeyId } = (await (await subscribe(URL_A, ALL)).json()) as { id: string; ownerKeyId: string };
    expect(((await (await s.call('GET', '/operationalEventSubscriptions', { key: s.bobKey })).json()) as { data: [] }).data).toEqual([]);
    const foreign = await s.call('DELETE', `/operationalEventSubscriptions/${id}`, { key: s.bobKey });
    expect([foreign.status, await pointers(foreign)]).toEqual([404, ['/path/subscriptionId']]);
    const named = await s.call('GET', `/operationalEventSubscriptions?ownerKeyId=${ownerKeyId}`, { key: s.bobKey });
    expect(named.status).toBe(403);
    const admin = (await (await s.call('GET', `/operationalEventSubscriptions?ownerKeyId=${ownerKeyId}`, { key: s.adminKey })).json()) as {
      data: Array<{ id: string }>;
    };
    expect(admin.data.map((d) => d.id)).toEqual([id]);
  });

  it('refuses unknown or no events, bad limits and private URLs with a problem naming the field', async () => {
    expect(await pointers(await subscribe(URL_A, ['stockUpdate']))).toEqual(['/body/events/0']);
    expect(await pointers(await subscribe(URL_A, []))).toEqual(['/body/events']);
    expect(await pointers(await s.call('GET', '/operationalEventSubscriptions?limit=0'))).toEqual(['/query/limit']);
    expect(await pointers(await s.call('GET', '/operationalEvents?limit=101'))).toEqual(['/query/limit']);
    expect(await pointers(await s.call('DELETE', `/operationalEventSubscriptions/${'x'.repeat(65)}`))).toEqual(['/path/subscriptionId']);
    const local = await subscribe('http://10.0.0.1/ops', ['circuitOpened']);
    expect([local.status, (await problem(local)).errors?.[0]?.pointer]).toEqual([422, '/body/url']);
  });

  it('holds a key to its limit of live subscriptions (409), and removing one makes room', async () => {
    const second = (await (await subscribe('http://127.0.0.1:9/ops-b', ALL)).json()) as { id: string };
    const third = await subscribe('http://127.0.0.1:9/ops-c', ALL);
    expect([third.status, (await problem(third)).type]).toEqual([409, expect.stringMatching(/limit-exceeded/)]);
    expect((await s.call('DELETE', `/operationalEventSubscriptions/${second.id}`)).status).toBe(204);
    expect((await s.call('DELETE', `/operationalEventSubscriptions/${second.id}`)).status).toBe(404);
    expect((await subscribe('http://127.0.0.1:9/ops-c', ALL)).status).toBe(200);
  });
});
