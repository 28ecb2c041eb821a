import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbFactories, pointers, problem, startTestServer, type TestServer } from '../support/server-support.js';

const SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;

describe.each(dbFactories())('registrations and subscriptions on $name', (factory) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(factory);
  });
  afterAll(() => s.close());

  it('registers a URL for concert alerts with a whsec_ secret', async () => {
    const res = await s.call('POST', '/registerForAlert', { body: { url: 'https://hooks.example.com/clubnotify/concert-alerts' } });
    expect(res.status).toBe(200);
    const reg = (await res.json()) as Record<string, unknown>;
    expect(reg).toMatchObject({
      event: 'concertAlert',
      status: 'active',
      disabledReason: null,
      url: 'https://hooks.example.com/clubnotify/concert-alerts',
    });
    expect(reg.id).toMatch(/^reg_[a-z0-9]{20}$/);
    expect(reg.secret).toMatch(SECRET);
  });

  it('returns the same registration, secret included, when the same key registers the same URL again', async () => {
    const body = { url: 'https://hooks.example.com/stock' };
    const first = await (await s.call('POST', '/registerForStockUpdates', { body })).json();
    const again = await (await s.call('POST', '/registerForStockUpdates', { body })).json();
    expect(again).toEqual(first);
    const otherKey = await (await s.call('POST', '/registerForStockUpdates', { key: s.bobKey, body })).json();
    expect((otherKey as { id: string }).id).not.toBe((first as { id: string }).id);
    const otherEvent = await (await s.call('POST', '/registerForAlert', { body })).json();
    expect((otherEvent as { id: string }).id).not.toBe((first as { id: string }).id);
  });

  it.each([
    ['http://10.0.0.5/hook', 422],
    ['http://169.254.169.254/latest/meta-data', 422],
    ['http://[::1]/hook', 422],
    ['http://user:pass@hooks.example.com/hook', 422],
    ['ftp://hooks.example.com/hook', 422],
    ['http://127.0.0.1:9/allowed-by-ALLOW_PRIVATE_TARGETS', 200],
    ['https://hooks.example.com/public', 200],
  ])('applies the URL policy at registration: %s -> %i', async (url, status) => {
    const res = await s.call('POST', '/registerForAlert', { body: { url } });
    expect(res.status).toBe(status);
    if (status === 422) {
      const p = await problem(res);
      expect(p.type).toBe('https://clubnotify.dev/problems/url-not-allowed');
      expect(p.errors?.map((e) => e.pointer)).toEqual(['/body/url']);
    }
  });

  it("lists only the caller's registrations, without secrets, and all of them for an admin", async () => {
    const bobs = await (
      await s.call('POST', '/registerForAlert', { key: s.bobKey, body: { url: 'https://hooks.example.com/bob' } })
    ).json();
    const alice = (await (await s.call('GET', '/registrations?limit=100')).json()) as { data: Array<Record<string, unknown>> };
    expect(alice.data.length).toBeGreaterThan(0);
    expect(alice.data.some((r) => r.id === (bobs as { id: string }).id)).toBe(false);
    expect(alice.data.every((r) => !('secret' in r))).toBe(true);
    const admin = (await (await s.call('GET', '/registrations?limit=100', { key: s.adminKey })).json()) as { data: Array<{ id: string }> };
    expect(admin.data.some((r) => r.id === (bobs as { id: string }).id)).toBe(true);
    const stock = (await (await s.call('GET', '/registrations?event=stockUpdate')).json()) as {
      data: Array<{ event: string }>;
      links: { self: string };
    };
    expect(stock.data.every((r) => r.event === 'stockUpdate')).toBe(true);
    expect(stock.links.self).toBe('/registrations?limit=20&event=stockUpdate');
  });

  it('removes a registration for its owner and answers 404 to anyone else', async () => {
    const reg = (await (await s.call('POST', '/registerForAlert', { body: { url: 'https://hooks.example.com/remove-me' } })).json()) as {
      id: string;
    };
    const foreign = await s.call('DELETE', `/registrations/${reg.id}`, { key: s.bobKey });
    expect(foreign.status).toBe(404);
    expect(await pointers(foreign)).toEqual(['/path/registrationId']);
    const own = await s.call('DELETE', `/registrations/${reg.id}`);
    expect(own.status).toBe(204);
    expect((await s.call('DELETE', `/registrations/${reg.id}`)).status).toBe(404);
    const list = (await (await s.call('GET', '/registrations?limit=100')).json()) as { data: Array<{ id: string }> };
    expect(list.data.some((r) => r.id === reg.id)).toBe(false);
    const again = (await (await s.call('POST', '/registerForAlert', { body: { url: 'https://hooks.example.com/remove-me' } })).json()) as {
      id: string;
    };
    expect(again.id).not.toBe(reg.id);
  });

  it('cancels pending deliveries of a removed registration', async () => {
    const reg = (await (await s.call('POST', '/registerForAlert', { body: { url: 'https://hooks.example.com/pending' } })).json()) as {
      id: string;
    };
    const scheduled = await s.call('POST', '/concerts', {
      key: s.adminKey,
      body: { title: 'Quiet night', startsAt: '2026-12-01T20:00:00Z', venue: 'Bar' },
    });
    expect(scheduled.status).toBe(201);
    expect(await s.db.query(`SELECT 1 FROM delivery_messages WHERE target_id = $1 AND status = 'pending'`, [reg.id])).toHaveLength(1);
    await s.call('DELETE', `/registrations/${reg.id}`);
    const rows = await s.db.query<{ status: string }>('SELECT status FROM delivery_messages WHERE target_id = $1', [reg.id]);
    expect(rows.map((r) => r.status)).toEqual(['cancelled']);
  });

  it('subscribes to a concert idempotently and refuses an unknown concert with 404', async () => {
    const body = { concertId: 'con_jazznight2026', callbackUrl: 'https://hooks.example.com/clubnotify/concerts/jazz-night' };
    const first = (await (await s.call('POST', '/concertUpdates', { body })).json()) as { id: string; secret: string };
    expect(first.id).toMatch(/^sub_/);
    expect(first.secret).toMatch(SECRET);
    expect(await (await s.call('POST', '/concertUpdates', { body })).json()).toEqual(first);
    const unknown = await s.call('POST', '/concertUpdates', { body: { ...body, concertId: 'con_nope' } });
    expect(unknown.status).toBe(404);
    expect(await pointers(unknown)).toEqual(['/body/concertId']);
    const blocked = await s.call('POST', '/concertUpdates', { body: { ...body, callbackUrl: 'http://192.168.1.1/cb' } });
    expect(blocked.status).toBe(422);
    expect(await pointers(blocked)).toEqual(['/body/callbackUrl']);
  });

  it('lists and removes subscriptions per owner', async () => {
    const sub = (await (
      await s.call('POST', '/concertUpdates', {
        key: s.bobKey,
        body: { concertId: 'con_jazznight2026', callbackUrl: 'https://hooks.example.com/bob-cb' },
      })
    ).json()) as { id: string };
    const bob = (await (await s.call('GET', '/concertUpdates?concertId=con_jazznight2026', { key: s.bobKey })).json()) as {
      data: Array<{ id: string; secret?: string }>;
    };
    expect(bob.data.map((d) => d.id)).toEqual([sub.id]);
    expect(bob.data[0]!.secret).toBeUndefined();
    expect((await s.call('DELETE', `/concertUpdates/${sub.id}`)).status).toBe(404);
    expect((await s.call('DELETE', `/concertUpdates/${sub.id}`, { key: s.bobKey })).status).toBe(204);
    const after = (await (await s.call('GET', '/concertUpdates', { key: s.bobKey })).json()) as { data: unknown[] };
    expect(after.data).toEqual([]);
  });
});
