import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest';
import { validateBody } from '@clubnotify/spec';
import type { DeliveryWorker } from '../../src/delivery/worker.js';
import type { Receiver } from '../support/delivery-support.js';
import { startDeliveringServer, type DeliveringServer } from '../support/delivering-server.js';
import { dbFactories, problem, type TestServer } from '../support/server-support.js';

interface Delivery {
  id: string;
  messageId: string;
  targetId: string;
  status: string;
  attemptCount: number;
  attempts: Array<{ attempt: number; statusCode: number | null }>;
}

describe.each(dbFactories())('delivery routes on $name', (factory) => {
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

  async function list(key: string, query = ''): Promise<{ data: Delivery[]; links: { next: string | null } }> {
    const res = await s.call('GET', `/deliveries${query}`, { key });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(validateBody('listDeliveries.response.200.application/json', body)).toEqual({ ok: true });
    return body as never;
  }

  it('lists each owner’s deliveries newest first with their attempts; an admin sees all', async () => {
    const alice = await register(s.aliceKey, '/alice');
    const bob = await register(s.bobKey, '/bob');
    await schedule('First');
    await schedule('Second');
    const mine = await list(s.aliceKey, `?targetId=${alice}`);
    expect(mine.data).toHaveLength(2);
    expect(mine.data.every((d) => d.targetId === alice && d.status === 'succeeded')).toBe(true);
    expect(mine.data[0]!.attempts).toMatchObject([{ attempt: 1, statusCode: 200, responseBody: 'thanks' }]);
    const [newest] = await s.db.query<{ id: string }>(`SELECT id FROM delivery_messages WHERE target_id = $1 ORDER BY seq DESC LIMIT 1`, [
      alice,
    ]);
    expect(mine.data[0]!.id).toBe(newest!.id);
    expect((await list(s.aliceKey)).data.some((d) => d.targetId === bob)).toBe(false);
    expect((await list(s.bobKey, `?targetId=${alice}`)).data).toHaveLength(0);
    const all = await list(s.adminKey);
    expect(new Set(all.data.map((d) => d.targetId))).toEqual(new Set([alice, bob]));
  });

  it('pages by cursor and filters by event and status', async () => {
    const page1 = await list(s.adminKey, '?limit=1&event=concertAlert&status=succeeded');
    expect(page1.data).toHaveLength(1);
    expect(page1.links.next).toMatch(/^\/deliveries\?limit=1&event=concertAlert&status=succeeded&cursor=/);
    const page2 = await list(s.adminKey, page1.links.next!.replace('/deliveries', ''));
    expect(page2.data).toHaveLength(1);
    expect(page2.data[0]!.id).not.toBe(page1.data[0]!.id);
    expect((await list(s.adminKey, '?status=failed')).data).toHaveLength(0);
    const forged = await s.call('GET', '/deliveries?cursor=bm9wZQ.bm9wZQ', { key: s.adminKey });
    expect((await problem(forged)).status).toBe(400);
  });

  it('replays a delivery with the same webhook-id, only for its owner', async () => {
    const [first] = (await list(s.aliceKey, '?limit=1')).data;
    const before = r.received.length;
    const res = await s.call('POST', `/deliveries/${first!.id}/replay`, { key: s.aliceKey });
    expect(res.status).toBe(202);
    const replayed = (await res.json()) as Delivery;
    expect(validateBody('replayDelivery.response.202.application/json', replayed)).toEqual({ ok: true });
    expect(replayed.status).toBe('pending');
    // The success that ended the first round stays in the log.
    expect(replayed.attempts).toMatchObject([{ attempt: first!.attemptCount, statusCode: 200 }]);
    await worker.drained();
    const arrived = r.received.slice(before).filter((x) => x.headers['webhook-id'] === first!.messageId);
    expect(arrived.length).toBeGreaterThanOrEqual(1);
    const [after] = (await list(s.aliceKey, `?limit=1`)).data;
    expect(after!.status).toBe('succeeded');
    expect(after!.attemptCount).toBeGreaterThan(first!.attemptCount);
    expect(after!.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [first!.attemptCount, 200],
      [after!.attemptCount, 200],
    ]);
    expect((await problem(await s.call('POST', `/deliveries/${first!.id}/replay`, { key: s.bobKey }))).status).toBe(404);
  });

  it('answers 409 to a replay of a pending delivery', async () => {
    const alice = await register(s.aliceKey, '/pending');
    await s.db.query(
      `INSERT INTO deliveries (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, next_attempt_at)
       SELECT 'dlv_parked', 'msg_parked', 'webhook', 'concertAlert', id, owner_key_id, url, 'text/plain; charset=utf-8', 'x', now() + interval '1 hour'
       FROM registrations WHERE id = $1`,
      [alice],
    );
    const res = await s.call('POST', '/deliveries/dlv_parked/replay', { key: s.aliceKey });
    expect((await problem(res)).status).toBe(409);
  });

  it('recovers failed deliveries of a target disabled by 410 and re-enables it', async () => {
    const alice = await register(s.aliceKey, '/gone');
    answer = 410;
    await schedule('Gone');
    const failed = await list(s.aliceKey, `?targetId=${alice}&status=failed`);
    expect(failed.data).toHaveLength(1);
    const regs = await s.call('GET', '/registrations', { key: s.aliceKey });
    const reg = ((await regs.json()) as { data: Array<{ id: string; status: string; disabledReason: string | null }> }).data.find(
      (x) => x.id === alice,
    )!;
    expect(reg.status).toBe('disabled');
    expect(reg.disabledReason).toMatch(/410 Gone/);

    const blocked = await s.call('POST', `/deliveries/${failed.data[0]!.id}/replay`, { key: s.aliceKey });
    expect((await problem(blocked)).status).toBe(409);

    answer = 200;
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const res = await s.call('POST', '/deliveries/recover', { key: s.aliceKey, body: { targetId: alice, since } });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ recovered: 1 });
    await worker.drained();
    expect((await list(s.aliceKey, `?targetId=${alice}&status=succeeded`)).data).toHaveLength(1);
    const [row] = await s.db.query<{ status: string }>(`SELECT status FROM registrations WHERE id = $1`, [alice]);
    expect(row!.status).toBe('active');
  });

  it('refuses to recover more than 14 days back, or another owner’s target', async () => {
    const alice = await register(s.aliceKey, '/old');
    const old = new Date(Date.now() - 15 * 86_400_000).toISOString();
    const tooOld = await problem(await s.call('POST', '/deliveries/recover', { key: s.aliceKey, body: { targetId: alice, since: old } }));
    expect(tooOld.status).toBe(422);
    expect(tooOld.errors?.map((e) => e.pointer)).toEqual(['/body/since']);
    const since = new Date().toISOString();
    const foreign = await s.call('POST', '/deliveries/recover', { key: s.bobKey, body: { targetId: alice, since } });
    expect((await problem(foreign)).status).toBe(404);
  });
});
