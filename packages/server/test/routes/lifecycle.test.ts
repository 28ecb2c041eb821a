import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryWorker } from '../../src/delivery/worker.js';
import type { Receiver } from '../support/delivery-support.js';
import { startDeliveringServer, type DeliveringServer } from '../support/delivering-server.js';
import { dbFactories, pointers, problem, type TestServer } from '../support/server-support.js';

interface Detail {
  id: string;
  url: string;
  status: string;
  disabledReason: string | null;
  rateLimitPerSecond: number | null;
  previousSecretExpiresAt: string | null;
  health: {
    lastSuccessAt: string | null;
    lastFailureAt: string | null;
    consecutiveFailures: number;
    failingSince: string | null;
    circuitState: string;
  };
}

describe.each(dbFactories())('registration lifecycle on $name', (factory) => {
  let s: TestServer;
  let worker: DeliveryWorker;
  let r: Receiver;
  let d: DeliveringServer;
  let answer = 200;

  beforeAll(async () => {
    d = await startDeliveringServer(factory, (_req, res) => res.writeHead(answer).end(), { wakeOnPublish: true });
    ({ s, worker, receiver: r } = d);
  });
  afterAll(() => d?.close());
  afterEach(() => {
    answer = 200;
  });

  const json = async <T>(res: Response, status = 200): Promise<T> => {
    expect(res.status, await res.clone().text()).toBe(status);
    return (await res.json()) as T;
  };
  const register = async (path: string) =>
    json<{ id: string; secret: string }>(await s.call('POST', '/registerForStockUpdates', { body: { url: r.url.replace('/hook', path) } }));
  const detail = async (id: string) => json<Detail>(await s.call('GET', `/registrations/${id}`));
  const patch = (id: string, body: unknown) => s.call('PATCH', `/registrations/${id}`, { body });
  const publish = async () => {
    const res = await s.call('POST', '/stockChanges', {
      key: s.adminKey,
      headers: { 'idempotency-key': randomUUID() },
      body: { drink: { id: 'itm_mojito', stock: 17 }, ingredient: { id: 'itm_mint', stock: 2 } },
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    worker.wake();
    await worker.drained();
  };
  const deliveries = async (id: string) =>
    (await json<{ data: Array<{ status: string; url: string }> }>(await s.call('GET', `/deliveries?targetId=${id}&limit=100`))).data;

  it('shows one registration with its health, closed circuit and no rotation, and 404 to others', async () => {
    const reg = await register('/health');
    const d = await detail(reg.id);
    expect(d).toMatchObject({ status: 'active', rateLimitPerSecond: null, previousSecretExpiresAt: null });
    expect(d.health).toEqual({
      lastSuccessAt: null,
      lastFailureAt: null,
      consecutiveFailures: 0,
      failingSince: null,
      circuitState: 'closed',
    });
    expect(d).not.toHaveProperty('secret');
    const foreign = await s.call('GET', `/registrations/${reg.id}`, { key: s.bobKey });
    expect(foreign.status).toBe(404);
    expect(await pointers(foreign)).toEqual(['/path/registrationId']);
  });

  it('pauses (cancelling pending deliveries, queuing nothing), resumes, and recovers what it missed', async () => {
    const reg = await register('/paused');
    expect((await json<Detail>(await patch(reg.id, { status: 'paused' }))).status).toBe('paused');
    await publish();
    expect(await deliveries(reg.id)).toEqual([]);
    const since = new Date(Date.now() - 60_000).toISOString();
    expect((await json<Detail>(await patch(reg.id, { status: 'active' }))).status).toBe('active');
    await publish();
    expect((await deliveries(reg.id)).map((d) => d.status)).toEqual(['succeeded']);
    expect((await detail(reg.id)).health.lastSuccessAt).not.toBeNull();
    expect((await patch(reg.id, { recoverSince: since })).status).toBe(200);
    const tooOld = await patch(reg.id, { recoverSince: new Date(Date.now() - 15 * 86_400_000).toISOString() });
    expect(await json<{ type: string; errors: Array<{ pointer: string }> }>(tooOld, 422)).toMatchObject({
      type: 'https://clubnotify.dev/problems/outside-recovery-window',
      errors: [{ pointer: '/body/recoverSince' }],
    });
  });

  it('re-enables a registration disabled by 410 and recovers its failed deliveries since a time', async () => {
    const reg = await register('/gone');
    const since = new Date(Date.now() - 1_000).toISOString();
    answer = 410;
    await publish();
    const disabled = await detail(reg.id);
    expect(disabled).toMatchObject({ status: 'disabled', disabledReason: expect.stringMatching(/410/) });
    expect(disabled.health.consecutiveFailures).toBe(1);
    expect(disabled.health.lastFailureAt).not.toBeNull();
    const again = await json<{ id: string }>(
      await s.call('POST', '/registerForStockUpdates', { body: { url: r.url.replace('/hook', '/gone') } }),
    );
    expect(again.id).toBe(reg.id);
    const paused = await patch(reg.id, { status: 'paused' });
    expect(paused.status).toBe(409);
    const notActive = await patch(reg.id, { recoverSince: since });
    expect(notActive.status).toBe(409);
    answer = 200;
    const enabled = await json<Detail>(await patch(reg.id, { status: 'active', recoverSince: since }));
    expect(enabled).toMatchObject({ status: 'active', disabledReason: null });
    worker.wake();
    await worker.drained();
    expect((await deliveries(reg.id)).map((d) => d.status)).toEqual(['succeeded']);
  });

  it('moves a registration to a new URL under the URL policy, pending deliveries included', async () => {
    const reg = await register('/old');
    const other = await register('/taken');
    const refused = await patch(reg.id, { url: 'http://10.1.2.3/hook' });
    expect(refused.status).toBe(422);
    expect(await pointers(refused)).toEqual(['/body/url']);
    const clash = await patch(reg.id, { url: r.url.replace('/hook', '/taken') });
    expect(clash.status).toBe(409);
    expect((await problem(clash)).detail).toContain(other.id);
    const moved = await json<Detail>(await patch(reg.id, { url: r.url.replace('/hook', '/new') }));
    expect(moved.url).toBe(r.url.replace('/hook', '/new'));
    await publish();
    expect((await deliveries(reg.id)).map((d) => d.url)).toEqual([r.url.replace('/hook', '/new')]);
  });

  it('sets and removes a per-target rate limit, bounded by the spec', async () => {
    const reg = await register('/limited');
    expect((await json<Detail>(await patch(reg.id, { rateLimitPerSecond: 5 }))).rateLimitPerSecond).toBe(5);
    const list = await json<{ data: Array<{ id: string; rateLimitPerSecond: number | null }> }>(
      await s.call('GET', '/registrations?limit=100'),
    );
    expect(list.data.find((x) => x.id === reg.id)?.rateLimitPerSecond).toBe(5);
    expect(await pointers(await patch(reg.id, { rateLimitPerSecond: 0 }))).toEqual(['/body/rateLimitPerSecond']);
    expect(await pointers(await patch(reg.id, {}))).toEqual(['/body']);
    expect((await json<Detail>(await patch(reg.id, { rateLimitPerSecond: null }))).rateLimitPerSecond).toBeNull();
  });

  it('sends the spec example as a signed test event, logged like any delivery, only to active targets', async () => {
    const reg = await register('/test-event');
    const before = r.received.length;
    const queued = await json<{ id: string; status: string; event: string; attempts: unknown[] }>(
      await s.call('POST', `/registrations/${reg.id}/test`),
      202,
    );
    expect(queued).toMatchObject({ status: 'pending', event: 'stockUpdate', attempts: [] });
    await worker.drained();
    const got = r.received.slice(before).find((x) => x.headers['webhook-id'] && x.body.includes('drink'));
    expect(got?.headers['webhook-signature']).toMatch(/^v1,/);
    expect((await deliveries(reg.id)).map((d) => d.status)).toEqual(['succeeded']);
    await patch(reg.id, { status: 'paused' });
    expect((await s.call('POST', `/registrations/${reg.id}/test`)).status).toBe(409);
  });

  it('lets owners pause and read subscriptions the same way', async () => {
    const sub = await json<{ id: string }>(
      await s.call('POST', '/concertUpdates', { body: { concertId: 'con_jazznight2026', callbackUrl: r.url.replace('/hook', '/sub') } }),
    );
    const got = await json<Detail>(await s.call('GET', `/concertUpdates/${sub.id}`));
    expect(got.health.circuitState).toBe('closed');
    const paused = await json<Detail>(await s.call('PATCH', `/concertUpdates/${sub.id}`, { body: { status: 'paused' } }));
    expect(paused.status).toBe('paused');
    const queued = await s.call('POST', `/concertUpdates/${sub.id}/test`);
    expect(queued.status).toBe(409);
    await s.call('PATCH', `/concertUpdates/${sub.id}`, { body: { status: 'active' } });
    expect((await json<{ kind: string }>(await s.call('POST', `/concertUpdates/${sub.id}/test`), 202)).kind).toBe('callback');
    expect((await s.call('DELETE', `/concertUpdates/${sub.id}`)).status).toBe(204);
    expect((await s.call('GET', `/concertUpdates/${sub.id}`)).status).toBe(404);
  });
});
