import { createHash, randomBytes } from 'node:crypto';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { call, send, startHarness, startReceiver, waitFor, type Harness, type Receiver } from './support.js';
import { specOperations } from './spec-arbitraries.js';

const operations = specOperations();
const concrete = (path: string) => path.replace('{concertId}', 'con_jazznight2026').replace(/\{[^}]+\}/g, 'x_1');

describe('authentication and authorisation', () => {
  let h: Harness;
  let r: Receiver;
  /** Every secret credential that went over the wire during the suite. */
  const keys: string[] = [];

  beforeAll(async () => {
    r = await startReceiver();
    h = await startHarness({ policy: { allow: ['127.0.0.1/32'] }, worker: { schedule: [0] } });
    keys.push(h.adminKey, h.aliceKey, h.bobKey);
  });
  afterAll(async () => {
    await h?.close();
    await r?.close();
  });

  it('refuses every keyed operation without a key (401 with WWW-Authenticate)', async () => {
    const keyed = operations.filter((op) => op.scope !== null);
    expect(keyed.length).toBeGreaterThan(20);
    for (const op of keyed) {
      const res = await send(h.url, { method: op.method, path: concrete(op.path) });
      expect(res.status, op.id).toBe(401);
      expect(res.headers['content-type'], op.id).toMatch(/^application\/problem\+json/);
      expect(res.headers['www-authenticate'], op.id).toBe('Bearer');
    }
  });

  it('refuses a wrong key, a malformed key and another scheme with 401', async () => {
    const wrong = `cn_${randomBytes(32).toString('base64url')}`;
    keys.push(wrong);
    for (const authorization of [
      `Bearer ${wrong}`,
      'Bearer not-a-key',
      `Basic ${Buffer.from(`u:${wrong}`).toString('base64')}`,
      `Bearer ${h.aliceKey}x`,
      'Bearer',
      '',
    ]) {
      for (const op of operations.filter((o) => o.scope !== null)) {
        const res = await send(h.url, { method: op.method, path: concrete(op.path), headers: { authorization } });
        expect(res.status, `${op.id} with '${authorization.slice(0, 20)}'`).toBe(401);
      }
    }
  });

  it('refuses a subscriber key on every admin operation with 403', async () => {
    const admin = operations.filter((op) => op.scope === 'admin');
    expect(admin.map((op) => op.id).sort()).toEqual([
      'cancelConcert',
      'changeStock',
      'createApiKey',
      'eraseApiKey',
      'getMetrics',
      'listApiKeys',
      'listSigningKeys',
      'revokeApiKey',
      'rotateSigningKey',
      'scheduleConcert',
      'updateConcert',
    ]);
    for (const op of admin) {
      const res = await send(h.url, {
        method: op.method,
        path: concrete(op.path),
        headers: { authorization: `Bearer ${h.aliceKey}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(res.status, op.id).toBe(403);
      expect(res.headers['content-type'], op.id).toMatch(/^application\/problem\+json/);
    }
  });

  it("answers 404 to another subscriber's registration, subscription and delivery, and hides them from lists", async () => {
    const reg = await call(h.url, 'POST', '/registerForAlert', { key: h.aliceKey, body: { url: r.url } });
    const sub = await call(h.url, 'POST', '/concertUpdates', {
      key: h.aliceKey,
      body: { concertId: 'con_jazznight2026', callbackUrl: r.url },
    });
    expect([reg.status, sub.status]).toEqual([200, 200]);
    keys.push(reg.body.secret, sub.body.secret);
    const published = await call(h.url, 'POST', '/concerts', {
      key: h.adminKey,
      body: { title: 'Auth night', startsAt: '2027-03-01T20:00:00Z', venue: 'Hall' },
    });
    expect(published.status).toBe(201);
    h.worker!.wake();
    await waitFor(() => r.received.length >= 1, 10_000, 'the webhook');
    const mine = await call(h.url, 'GET', '/deliveries', { key: h.aliceKey });
    const delivery = mine.body.data.find((d: { targetId: string }) => d.targetId === reg.body.id);
    await waitFor(
      async () =>
        (await call(h.url, 'GET', `/deliveries?targetId=${reg.body.id}`, { key: h.aliceKey })).body.data[0].status === 'succeeded',
    );

    const asBob = (method: string, path: string, body?: unknown) => call(h.url, method, path, { key: h.bobKey, body });
    expect((await asBob('DELETE', `/registrations/${reg.body.id}`)).status).toBe(404);
    expect((await asBob('DELETE', `/concertUpdates/${sub.body.id}`)).status).toBe(404);
    expect((await asBob('POST', `/deliveries/${delivery.id}/replay`)).status).toBe(404);
    expect(
      (await asBob('POST', '/deliveries/recover', { targetId: reg.body.id, since: new Date(Date.now() - 3_600_000).toISOString() })).status,
    ).toBe(404);
    const lists = await Promise.all(['/registrations', '/concertUpdates', '/deliveries'].map((p) => asBob('GET', p)));
    for (const list of lists) {
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain(reg.body.id);
      expect(JSON.stringify(list.body)).not.toContain(sub.body.id);
    }
    // Still there for its owner: bob's 404s changed nothing.
    expect((await call(h.url, 'DELETE', `/registrations/${reg.body.id}`, { key: h.aliceKey })).status).toBe(204);
  });

  it('never stores or logs an API key in clear', async () => {
    const created = await call(h.url, 'POST', '/apiKeys', { key: h.adminKey, body: { name: 'ci', scope: 'subscriber' } });
    expect(created.status).toBe(201);
    keys.push(created.body.key);
    expect((await call(h.url, 'GET', '/registrations', { key: created.body.key })).status).toBe(200);
    expect(h.logs.length).toBeGreaterThan(50);

    const tables = await h.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    expect(tables.length).toBeGreaterThanOrEqual(8);
    const dump: string[] = [];
    for (const { table_name } of tables) {
      const rows = await h.db.query<{ row: string }>(`SELECT t::text AS row FROM "${table_name}" t`);
      dump.push(...rows.map((x) => `${table_name}: ${x.row}`));
    }
    const apiKeys = keys.filter((k) => k.startsWith('cn_'));
    expect(apiKeys).toHaveLength(5);
    for (const key of apiKeys.slice(0, 3).concat(apiKeys[4]!)) {
      // The dump does see each key, as its SHA-256 (the wrong key, never stored, is the exception).
      expect(
        dump.some((line) => line.includes(createHash('sha256').update(key).digest('hex'))),
        'hash of a known key',
      ).toBe(true);
    }
    for (const key of apiKeys) {
      const body = key.slice(3);
      expect(dump.filter((line) => line.includes(body))).toEqual([]);
      expect(h.logs.filter((line) => line.includes(body))).toEqual([]);
    }
    // Signing secrets are stored (they sign every delivery) but never logged.
    for (const secret of keys.filter((k) => k.startsWith('whsec_')))
      expect(h.logs.filter((line) => line.includes(secret.slice(6)))).toEqual([]);
  });
});
