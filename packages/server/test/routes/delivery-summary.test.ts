// GET /deliveries/summary, the server's own books: every delivery of a window once, by outcome,
// with what the retention pruned, over a real worker and receiver on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HistoryPruner } from '../../src/delivery/upkeep/retention.js';
import { startDeliveringServer, type DeliveringServer } from '../support/delivering-server.js';
import { dbFactories, problem } from '../support/server-support.js';

type Summary = Record<'published' | 'delivered' | 'failed' | 'cancelled' | 'pending' | 'pruned', number> & {
  since: string;
  until: string;
  ownerKeyId?: string;
};

/** The ledger's identity: what was published is what ended, what waits, and what was pruned. */
export function expectBalanced(s: Summary): void {
  expect(s.published, JSON.stringify(s)).toBe(s.delivered + s.failed + s.cancelled + s.pending + s.pruned);
}

describe.each(dbFactories())('the delivery ledger on $name', (factory) => {
  let d: DeliveringServer;
  let since: string;
  let aliceKeyId: string;
  beforeAll(async () => {
    // /fail answers 500: its deliveries fail for good after the worker's schedule (0 and 20 ms).
    d = await startDeliveringServer(factory, (req, res) => res.writeHead(req.url === '/fail' ? 500 : 200).end(), { seedData: false });
    since = new Date(Date.now() - 60_000).toISOString();
    await d.registerAlert(d.s.aliceKey);
    const [key] = await d.s.db.query<{ owner_key_id: string }>('SELECT owner_key_id FROM registrations LIMIT 1');
    aliceKeyId = key!.owner_key_id;
  });
  afterAll(() => d?.close());

  async function summary(key: string, query = ''): Promise<Summary> {
    const res = await d.s.call('GET', `/deliveries/summary?since=${since}${query}`, { key });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = (await res.json()) as Summary;
    expectBalanced(body);
    return body;
  }

  it('counts each delivery once by outcome, and adds up at every step: delivered, failed, pending, pruned', async () => {
    for (const title of ['One', 'Two', 'Three']) await d.scheduleConcert(title);
    expect(await summary(d.s.aliceKey)).toMatchObject({ published: 3, delivered: 3, failed: 0, cancelled: 0, pending: 0, pruned: 0 });

    await d.registerAlert(d.s.aliceKey, '/fail');
    await d.scheduleConcert('Four');
    expect(await summary(d.s.aliceKey)).toMatchObject({ published: 5, delivered: 4, failed: 1, pending: 0 });

    // A pull target's delivery waits in the queue until its owner leases it: pending.
    const pull = await d.s.call('POST', '/registerForAlert', {
      key: d.s.aliceKey,
      body: { url: d.receiver.url.replace('/hook', '/pull'), delivery: 'pull' },
    });
    expect(pull.status).toBe(200);
    const published = await d.s.call('POST', '/concerts', {
      key: d.s.adminKey,
      body: { title: 'Five', startsAt: '2026-12-01T21:00:00Z', venue: 'Blue Room', priceCents: 1200 },
    });
    expect(published.status).toBe(201);
    d.worker.wake();
    await expect
      .poll(async () => summary(d.s.aliceKey), { timeout: 120_000, interval: 50 })
      .toMatchObject({ published: 8, delivered: 5, failed: 2, cancelled: 0, pending: 1, pruned: 0 });

    // Two delivered ones ended long ago: the retention deletes them, and the ledger still adds up.
    await d.s.db.query(
      `UPDATE delivery_history SET completed_at = now() - interval '40 days'
       WHERE id IN (SELECT id FROM delivery_history WHERE status = 'succeeded' ORDER BY seq LIMIT 2)`,
    );
    const pruner = new HistoryPruner(d.s.db, { retentionMs: 30 * 86_400_000, onError: (e) => expect.fail(String(e)) });
    expect(await pruner.run()).toBe(2);
    expect(await summary(d.s.aliceKey)).toMatchObject({ published: 8, delivered: 3, failed: 2, pending: 1, pruned: 2 });
  });

  it('is the caller’s own; an admin sees every owner or ownerKeyId’s, and a window before it all is empty', async () => {
    const alice = await summary(d.s.aliceKey);
    expect(alice.ownerKeyId).toBeUndefined();
    expect(await summary(d.s.adminKey, `&ownerKeyId=${aliceKeyId}`)).toMatchObject({
      ...alice,
      ownerKeyId: aliceKeyId,
      until: expect.any(String),
    });
    expect((await summary(d.s.bobKey)).published).toBe(0);
    const res = await d.s.call('GET', '/deliveries/summary?since=2020-01-01T00:00:00Z&until=2020-01-02T00:00:00Z', { key: d.s.aliceKey });
    expect(await res.json()).toMatchObject({ published: 0, delivered: 0, failed: 0, cancelled: 0, pending: 0, pruned: 0 });
  });

  it('refuses another owner’s books to a subscriber key (403) and a window start that is no time (400), as problems', async () => {
    const other = await d.s.call('GET', `/deliveries/summary?since=${since}&ownerKeyId=${aliceKeyId}`, { key: d.s.bobKey });
    expect(other.status).toBe(403);
    expect((await problem(other)).type).toMatch(/forbidden/);
    const bad = await d.s.call('GET', '/deliveries/summary?since=yesterday', { key: d.s.aliceKey });
    expect(bad.status).toBe(400);
    expect((await problem(bad)).type).toMatch(/validation/);
  });

  it('counts the day before until without since', async () => {
    const res = await d.s.call('GET', '/deliveries/summary', { key: d.s.aliceKey });
    const day = (await res.json()) as Summary;
    expect(Date.parse(day.until) - Date.parse(day.since)).toBe(86_400_000);
    expect(day).toMatchObject({ published: (await summary(d.s.aliceKey)).published });
  });
});
