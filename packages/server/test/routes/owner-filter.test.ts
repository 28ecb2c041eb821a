import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateBody } from '@clubnotify/spec';
import { dbFactories, pointers, problem, startTestServer, type TestServer } from '../support/server-support.js';

interface Page {
  data: Array<{ id: string; ownerKeyId?: string }>;
  links: { self: string; next: string | null; prev: string | null; first: string; last: string };
}

const LISTS = [
  { path: '/registrations', operation: 'listRegistrations' },
  { path: '/concertUpdates', operation: 'listSubscriptions' },
  { path: '/deliveries', operation: 'listDeliveries' },
] as const;

describe.each(dbFactories())('ownerKeyId filter on $name', (factory) => {
  let s: TestServer;
  let alice: string;
  let bob: string;

  const list = async (key: string, operation: (typeof LISTS)[number]['operation'], path: string): Promise<Page> => {
    const res = await s.call('GET', path, { key });
    expect(res.status, path).toBe(200);
    const body = await res.json();
    expect(validateBody(`${operation}.response.200.application/json`, body)).toEqual({ ok: true });
    return body as Page;
  };

  beforeAll(async () => {
    s = await startTestServer(factory, { seedData: true });
    const keys = await s.db.query<{ id: string; name: string }>(`SELECT id, name FROM api_keys WHERE name IN ('alice', 'bob')`);
    alice = keys.find((k) => k.name === 'alice')!.id;
    bob = keys.find((k) => k.name === 'bob')!.id;
    // Three records of each kind for alice, two for bob.
    for (const [key, n] of [
      [s.aliceKey, 3],
      [s.bobKey, 2],
    ] as const) {
      for (let i = 0; i < n; i++) {
        const url = `https://hooks.example.com/${key === s.aliceKey ? 'alice' : 'bob'}/${i}`;
        expect((await s.call('POST', '/registerForAlert', { key, body: { url } })).status).toBe(200);
        expect(
          (await s.call('POST', '/concertUpdates', { key, body: { concertId: 'con_jazznight2026', callbackUrl: `${url}/sub` } })).status,
        ).toBe(200);
      }
    }
    await s.db.query(
      `INSERT INTO deliveries (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, next_attempt_at)
       SELECT 'dlv_' || id, 'msg_' || id, 'webhook', 'concertAlert', id, owner_key_id, url, 'text/plain; charset=utf-8', 'x', now() + interval '1 hour'
       FROM registrations`,
    );
  });
  afterAll(() => s.close());

  it.each(LISTS)('an admin sees every owner on $path, and only one owner with ownerKeyId', async ({ path, operation }) => {
    const all = await list(s.adminKey, operation, `${path}?limit=100`);
    expect(new Set(all.data.map((r) => r.ownerKeyId))).toEqual(new Set([alice, bob]));
    const bobs = await list(s.adminKey, operation, `${path}?limit=100&ownerKeyId=${bob}`);
    expect(bobs.data).toHaveLength(2);
    expect(bobs.data.every((r) => r.ownerKeyId === bob)).toBe(true);
    const nobody = await list(s.adminKey, operation, `${path}?ownerKeyId=key_nosuchkey`);
    expect(nobody.data).toEqual([]);
  });

  it.each(LISTS)('the cursor links of $path keep the owner filter', async ({ path, operation }) => {
    const seen: string[] = [];
    let next: string | null = `${path}?limit=1&ownerKeyId=${alice}`;
    while (next) {
      const page: Page = await list(s.adminKey, operation, next);
      expect(page.links.self).toContain(`ownerKeyId=${alice}`);
      expect(page.links.first).toContain(`ownerKeyId=${alice}`);
      expect(page.links.last).toContain(`ownerKeyId=${alice}`);
      if (page.links.next) expect(page.links.next).toContain(`ownerKeyId=${alice}`);
      if (page.links.prev) expect(page.links.prev).toContain(`ownerKeyId=${alice}`);
      expect(page.data.every((r) => r.ownerKeyId === alice)).toBe(true);
      seen.push(...page.data.map((r) => r.id));
      next = page.links.next;
    }
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
    const last = await list(s.adminKey, operation, `${path}?limit=2&ownerKeyId=${alice}`);
    const lastPage = await list(s.adminKey, operation, last.links.last);
    expect(lastPage.data.every((r) => r.ownerKeyId === alice)).toBe(true);
    const back = await list(s.adminKey, operation, (await list(s.adminKey, operation, last.links.next!)).links.prev!);
    expect(back.data.map((r) => r.id)).toEqual(last.data.map((r) => r.id));
  });

  it.each(LISTS)('a subscriber key naming another owner on $path is 403, its own id is allowed', async ({ path, operation }) => {
    const res = await s.call('GET', `${path}?ownerKeyId=${bob}`, { key: s.aliceKey });
    const body = await problem(res.clone());
    expect(body.status).toBe(403);
    expect(body.type).toMatch(/forbidden$/);
    expect(await pointers(res)).toEqual(['/query/ownerKeyId']);
    const own = await list(s.aliceKey, operation, `${path}?limit=100&ownerKeyId=${alice}`);
    expect(own.data).toHaveLength(3);
    expect(own.data.every((r) => r.ownerKeyId === alice)).toBe(true);
    expect(own.links.self).toContain(`ownerKeyId=${alice}`);
  });

  it('refuses a malformed ownerKeyId with 400 at /query/ownerKeyId', async () => {
    const res = await s.call('GET', '/registrations?ownerKeyId=cn_notAnId', { key: s.adminKey });
    expect(res.status).toBe(400);
    expect(await pointers(res)).toContain('/query/ownerKeyId');
  });
});
