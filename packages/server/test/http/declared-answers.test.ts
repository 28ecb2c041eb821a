import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbFactories, problem, startTestServer, type TestServer } from '../support/server-support.js';

// Declared answers the other suites reach on one operation of a pair only (registrations and
// subscriptions share their handling); spec coverage counts them per operation.

describe.each(dbFactories().filter((f) => f.name === 'pglite'))('declared answers of both target kinds, on $name', (factory) => {
  let s: TestServer;
  const id = async (res: Response) => ((await res.json()) as { id: string }).id;

  beforeAll(async () => {
    s = await startTestServer(factory, { deps: { limits: { registrationsPerKey: 1 } } });
  });
  afterAll(() => s?.close());

  it('registerForStockUpdates: 422 for a private URL, 409 beyond the key’s live registrations', async () => {
    const privateUrl = await s.call('POST', '/registerForStockUpdates', { body: { url: 'https://10.0.0.7/stock' } });
    expect((await problem(privateUrl)).status).toBe(422);
    expect((await s.call('POST', '/registerForStockUpdates', { body: { url: 'https://hooks.example.com/one' } })).status).toBe(200);
    const second = await s.call('POST', '/registerForStockUpdates', { body: { url: 'https://hooks.example.com/two' } });
    expect((await problem(second)).type).toBe('https://clubnotify.dev/problems/limit-exceeded');
    expect(second.status).toBe(409);
  });

  it('updateSubscription: 422 for a private URL, 409 for the URL of another subscription to the concert', async () => {
    const first = await id(
      await s.call('POST', '/concertUpdates', { body: { concertId: 'con_jazznight2026', callbackUrl: 'https://hooks.example.com/a' } }),
    );
    await s.call('POST', '/concertUpdates', { body: { concertId: 'con_jazznight2026', callbackUrl: 'https://hooks.example.com/b' } });
    const privateUrl = await s.call('PATCH', `/concertUpdates/${first}`, { body: { callbackUrl: 'https://192.168.1.2/cb' } });
    expect((await problem(privateUrl)).status).toBe(422);
    const clash = await s.call('PATCH', `/concertUpdates/${first}`, { body: { callbackUrl: 'https://hooks.example.com/b' } });
    expect((await problem(clash)).status).toBe(409);
  });

  it('rotateSubscriptionSecret: a new secret, the old one kept for the overlap', async () => {
    const sub = await id(
      await s.call('POST', '/concertUpdates', {
        body: { concertId: 'con_jazznight2026', callbackUrl: 'https://hooks.example.com/rotate' },
      }),
    );
    const res = await s.call('POST', `/concertUpdates/${sub}/rotateSecret`, { body: { overlapSeconds: 60 } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: sub,
      secret: expect.stringMatching(/^whsec_/),
      previousSecretExpiresAt: expect.any(String),
    });
  });

  it('cancelConcert: 409 for an Idempotency-Key already used for another concert', async () => {
    const concert = await id(
      await s.call('POST', '/concerts', { key: s.adminKey, body: { title: 'Brass', startsAt: '2027-02-01T19:00:00Z', venue: 'Garden' } }),
    );
    const headers = { 'idempotency-key': 'cancel-once' };
    expect((await s.call('POST', `/concerts/${concert}/cancel`, { key: s.adminKey, body: {}, headers })).status).toBe(200);
    const reused = await s.call('POST', '/concerts/con_jazznight2026/cancel', { key: s.adminKey, body: {}, headers });
    expect((await problem(reused)).status).toBe(409);
  });
});
