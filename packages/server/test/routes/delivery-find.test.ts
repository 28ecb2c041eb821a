import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest';
import { validateBody } from '@clubnotify/spec';
import type { DeliveryWorker } from '../../src/delivery/worker.js';
import type { Receiver } from '../support/delivery-support.js';
import { startDeliveringServer, type DeliveringServer } from '../support/delivering-server.js';
import { fillDeliveredHistory } from '../support/fill-history.js';
import { dbFactories, pointers, problem, type TestServer } from '../support/server-support.js';

interface Delivery {
  id: string;
  ownerKeyId: string;
  messageId: string;
  targetId: string;
  status: string;
  createdAt: string;
  attemptCount: number;
  attempts: Array<{ attempt: number; statusCode: number | null; responseBody: string | null; durationMs: number }>;
}

// Finding any message (issue 30): one delivery with its payload, the list's filters, bulk replay.
describe.each(dbFactories())('finding and replaying deliveries on $name', (factory) => {
  let s: TestServer;
  let worker: DeliveryWorker;
  let answer = 200;
  let r: Receiver;
  let d: DeliveringServer;

  beforeAll(async () => {
    d = await startDeliveringServer(factory, (_req, res) => res.writeHead(answer).end(answer === 200 ? 'thanks' : 'no'), {
      seedData: false,
    });
    ({ s, worker, receiver: r } = d);
  });
  afterAll(() => d?.close());
  afterEach(() => {
    answer = 200;
  });

  const register = (key: string, path?: string) => d.registerAlert(key, path);
  const schedule = (title: string) => d.scheduleConcert(title);

  async function list(key: string, query: string): Promise<Delivery[]> {
    const res = await s.call('GET', `/deliveries${query}`, { key });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(validateBody('listDeliveries.response.200.application/json', body)).toEqual({ ok: true });
    return (body as { data: Delivery[] }).data;
  }

  async function bulk(
    key: string,
    body: Record<string, unknown>,
  ): Promise<{ dryRun: boolean; replayed: number; more: boolean; limit: number }> {
    const res = await s.call('POST', '/deliveries/replay', { key, body });
    expect(res.status).toBe(202);
    const answer = await res.json();
    expect(validateBody('replayDeliveries.response.202.application/json', answer)).toEqual({ ok: true });
    return answer as never;
  }

  it('answers one delivery with its payload and attempts, to its owner and an admin only', async () => {
    const alice = await register(s.aliceKey, '/one');
    const before = r.received.length;
    await schedule('One');
    const [mine] = await list(s.aliceKey, `?targetId=${alice}`);
    const res = await s.call('GET', `/deliveries/${mine!.id}`, { key: s.aliceKey });
    expect(res.status).toBe(200);
    const detail = (await res.json()) as Delivery & { payload: { contentType: string; body: string } };
    expect(validateBody('getDelivery.response.200.application/json', detail)).toEqual({ ok: true });
    const sent = r.received.slice(before).find((x) => x.headers['webhook-id'] === mine!.messageId)!;
    expect(detail.payload).toEqual({ contentType: sent.headers['content-type'], body: sent.body });
    expect(detail.status).toBe('succeeded');
    expect(detail.attempts).toMatchObject([{ attempt: 1, statusCode: 200, responseBody: 'thanks' }]);
    expect((await s.call('GET', `/deliveries/${mine!.id}`, { key: s.adminKey })).status).toBe(200);
    for (const [key, id] of [
      [s.bobKey, mine!.id],
      [s.aliceKey, 'dlv_nosuchdelivery'],
    ] as const) {
      const missing = await problem(await s.call('GET', `/deliveries/${id}`, { key }));
      expect(missing.status).toBe(404);
      expect(missing.errors?.map((e) => e.pointer)).toEqual(['/path/deliveryId']);
    }
  });

  it('filters by message id, creation time, owner and what did not arrive', async () => {
    const alice = await register(s.aliceKey, '/filters');
    const bob = await register(s.bobKey, '/filters-bob');
    await schedule('Filters');
    const [mine] = await list(s.aliceKey, `?targetId=${alice}`);
    const byMessage = await list(s.adminKey, `?messageId=${mine!.messageId}`);
    expect(byMessage.map((d) => d.messageId)).toEqual(byMessage.map(() => mine!.messageId));
    expect(byMessage.map((d) => d.targetId)).toContain(alice);
    // Another owner's message is not theirs to find.
    expect(await list(s.bobKey, `?messageId=${mine!.messageId}`)).toEqual([]);

    const at = encodeURIComponent(mine!.createdAt);
    expect((await list(s.aliceKey, `?targetId=${alice}&since=${at}`)).map((d) => d.id)).toEqual([mine!.id]);
    expect(await list(s.aliceKey, `?targetId=${alice}&until=${at}`)).toEqual([]);
    const later = encodeURIComponent(new Date(Date.parse(mine!.createdAt) + 1).toISOString());
    expect(await list(s.aliceKey, `?targetId=${alice}&since=${later}`)).toEqual([]);

    const bobs = await list(s.adminKey, `?ownerKeyId=${(await list(s.bobKey, `?targetId=${bob}`))[0]!.ownerKeyId}&since=${at}`);
    expect(bobs.map((d) => d.targetId)).toEqual([bob]);
    const forbidden = await problem(await s.call('GET', `/deliveries?ownerKeyId=${mine!.ownerKeyId}`, { key: s.bobKey }));
    expect(forbidden.status).toBe(403);

    answer = 500;
    await schedule('Filters failing');
    const failing = await list(s.aliceKey, `?undelivered=true&since=${at}`);
    expect(failing.length).toBeGreaterThan(0);
    expect(failing.every((d) => d.status === 'failed')).toBe(true);
    expect(failing.map((d) => d.id)).not.toContain(mine!.id);
    expect((await list(s.aliceKey, `?undelivered=false&targetId=${alice}`)).map((d) => d.id)).toContain(mine!.id);

    const bad = await s.call('GET', '/deliveries?since=yesterday', { key: s.aliceKey });
    expect(await pointers(bad)).toEqual(['/query/since']);
  });

  it('replays what a filter selects: a dry run counts what the replay then queues, and they arrive again', async () => {
    const alice = await register(s.aliceKey, '/bulk');
    answer = 500;
    await schedule('Bulk');
    const [first] = await list(s.aliceKey, `?targetId=${alice}`);
    expect(first!.status).toBe('failed');
    const since = first!.createdAt;
    const undelivered = await list(s.aliceKey, `?undelivered=true&since=${encodeURIComponent(since)}&limit=100`);
    expect(undelivered.length).toBeGreaterThan(0);

    // Bob's filter reaches none of Alice's deliveries, and he may not name her key.
    expect(await bulk(s.bobKey, { since, targetId: alice, dryRun: true })).toEqual({
      dryRun: true,
      replayed: 0,
      more: false,
      limit: 10_000,
    });
    const foreign = await s.call('POST', '/deliveries/replay', { key: s.bobKey, body: { since, ownerKeyId: first!.ownerKeyId } });
    expect((await problem(foreign.clone())).status).toBe(403);
    expect(await pointers(foreign)).toEqual(['/body/ownerKeyId']);

    const dry = await bulk(s.aliceKey, { since, dryRun: true });
    expect(dry).toEqual({ dryRun: true, replayed: undelivered.length, more: false, limit: 10_000 });
    expect(await list(s.aliceKey, `?undelivered=true&since=${encodeURIComponent(since)}&limit=100`)).toEqual(undelivered);

    answer = 200;
    const before = r.received.length;
    const done = await bulk(s.aliceKey, { since });
    expect(done).toEqual({ dryRun: false, replayed: dry.replayed, more: false, limit: 10_000 });
    // Queued again, nothing matches a second call until they end.
    worker.wake();
    await worker.drained();
    const again = r.received.slice(before).map((x) => x.headers['webhook-id']);
    for (const d of undelivered) expect(again).toContain(d.messageId);
    const after = await list(s.aliceKey, `?targetId=${alice}`);
    expect(after.map((d) => [d.id, d.status])).toEqual([[first!.id, 'succeeded']]);
    expect(await bulk(s.aliceKey, { since })).toMatchObject({ replayed: 0 });
  });

  it('leaves alone deliveries whose target is paused', async () => {
    const alice = await register(s.aliceKey, '/paused');
    answer = 500;
    await schedule('Paused');
    const [failed] = await list(s.aliceKey, `?targetId=${alice}`);
    expect(failed!.status).toBe('failed');
    const request = { since: failed!.createdAt, targetId: alice, dryRun: true };
    const pause = (status: string) => s.call('PATCH', `/registrations/${alice}`, { key: s.aliceKey, body: { status } });
    expect((await pause('paused')).status).toBe(200);
    expect(await bulk(s.aliceKey, request)).toMatchObject({ replayed: 0 });
    expect((await pause('active')).status).toBe(200);
    expect(await bulk(s.aliceKey, request)).toMatchObject({ replayed: 1 });
  });

  it('stops a bulk replay at 10,000 and says more remain', async () => {
    const filled = await fillDeliveredHistory(s.db, { messages: 10_001, targets: 2, retriedEvery: 0, spanMs: 60_000 });
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const request = { since, ownerKeyId: filled.ownerKeyId, status: 'succeeded', dryRun: true };
    expect(await bulk(s.adminKey, request)).toEqual({ dryRun: true, replayed: 10_000, more: true, limit: 10_000 });
    const [one] = await list(s.adminKey, `?ownerKeyId=${filled.ownerKeyId}&limit=1`);
    expect(await bulk(s.adminKey, { ...request, messageId: one!.messageId })).toEqual({
      dryRun: true,
      replayed: 1,
      more: false,
      limit: 10_000,
    });
  });

  it('refuses a bulk replay without since, or with an unknown field, naming the field', async () => {
    const none = await s.call('POST', '/deliveries/replay', { key: s.aliceKey, body: { dryRun: true } });
    expect((await problem(none.clone())).status).toBe(400);
    expect(await pointers(none)).toEqual(['/body/since']);
    const extra = await s.call('POST', '/deliveries/replay', { key: s.aliceKey, body: { since: '2026-01-01T00:00:00Z', limit: 5 } });
    expect((await problem(extra)).status).toBe(400);
  });
});
