import { document } from '@clubnotify/spec';
import { asOfNow } from '../../../../test/examples-as-of-now.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbFactories, pointers, problem, startTestServer, type TestServer } from '../support/server-support.js';

function resolve(ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .reduce<any>((node, part) => node[part.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}

interface Delivery {
  kind: string;
  event: string;
  target_id: string;
  content_type: string;
  body: string;
}

describe.each(dbFactories())('publishing on $name', (factory) => {
  let s: TestServer;
  let alertReg: string;
  let stockReg: string;
  let sub: string;
  const queued = (targetId: string) =>
    s.db.query<Delivery>('SELECT kind, event, target_id, content_type, body FROM delivery_messages WHERE target_id = $1 ORDER BY seq', [
      targetId,
    ]);
  const admin = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    s.call(method, path, { key: s.adminKey, body, headers });

  beforeAll(async () => {
    s = await startTestServer(factory);
    alertReg = (
      (await (await s.call('POST', '/registerForAlert', { body: { url: 'https://hooks.example.com/alerts' } })).json()) as { id: string }
    ).id;
    stockReg = (
      (await (await s.call('POST', '/registerForStockUpdates', { body: { url: 'https://hooks.example.com/stock' } })).json()) as {
        id: string;
      }
    ).id;
    sub = (
      (await (
        await s.call('POST', '/concertUpdates', { body: { concertId: 'con_jazznight2026', callbackUrl: 'https://hooks.example.com/jazz' } })
      ).json()) as { id: string }
    ).id;
  });
  afterAll(() => s.close());

  it('gets the seeded concert of the spec example, and 404 for an unknown one', async () => {
    const res = await s.call('GET', '/concerts/con_jazznight2026');
    expect(await res.json()).toMatchObject({
      id: 'con_jazznight2026',
      title: 'Jazz Night with the Blue Notes',
      priceCents: 2500,
      status: 'scheduled',
    });
    const missing = await s.call('GET', '/concerts/con_nope');
    expect(missing.status).toBe(404);
    expect(await pointers(missing)).toEqual(['/path/concertId']);
  });

  it('schedules a concert and queues one concertAlert webhook per active registration, in text', async () => {
    const res = await admin('POST', '/concerts', {
      title: 'Jazz Night with the Blue Notes',
      startsAt: '2026-12-12T20:00:00Z',
      venue: 'Main Hall',
      priceCents: 2500,
    });
    expect(res.status).toBe(201);
    const concert = (await res.json()) as { id: string; currency: string; ticketsAvailable: null };
    expect(concert.id).toMatch(/^con_/);
    expect(concert.currency).toBe('EUR');
    const rows = await queued(alertReg);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'webhook', event: 'concertAlert', content_type: 'text/plain; charset=utf-8' });
    expect(rows[0]!.body).toBe(
      'New concert: Jazz Night with the Blue Notes, Saturday 12 December 2026 at 20:00 UTC, Main Hall. Tickets EUR 25.00.',
    );
  });

  it('replays an Idempotency-Key with the same body as 200 and queues nothing new; another body is 409', async () => {
    const body = { title: 'Once', startsAt: '2026-12-20T20:00:00Z', venue: 'Main Hall' };
    const before = (await queued(alertReg)).length;
    const first = await admin('POST', '/concerts', body, { 'idempotency-key': 'sched-1' });
    expect(first.status).toBe(201);
    const again = await admin(
      'POST',
      '/concerts',
      { venue: 'Main Hall', startsAt: '2026-12-20T20:00:00Z', title: 'Once' },
      { 'idempotency-key': 'sched-1' },
    );
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(await first.json());
    expect((await queued(alertReg)).length).toBe(before + 1);
    const other = await admin('POST', '/concerts', { ...body, title: 'Twice' }, { 'idempotency-key': 'sched-1' });
    expect(other.status).toBe(409);
    expect(await pointers(other)).toEqual(['/header/idempotency-key']);
    const badKey = await admin('POST', '/concerts', body, { 'idempotency-key': 'has space' });
    expect(await pointers(badKey)).toEqual(['/header/idempotency-key']);
  });

  it('lets an Idempotency-Key go after its 24 hours: the key then runs another request anew, and replays that one', async () => {
    const key = { 'idempotency-key': 'sched-expiry' };
    const startsAt = `${new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 19)}Z`;
    const concert = (title: string) => admin('POST', '/concerts', { title, startsAt, venue: 'Main Hall' }, key);
    const first = await concert('Before');
    expect(first.status).toBe(201);
    // The key's age as the database counts it (the expiry is its now() against created_at).
    const aged = (by: string) =>
      s.db.query(`UPDATE idempotency_keys SET created_at = now() - $1::interval WHERE key = 'sched-expiry'`, [by]);
    await aged('23 hours 59 minutes');
    const inside = await concert('After');
    expect(inside.status).toBe(409);
    expect(await pointers(inside)).toEqual(['/header/idempotency-key']);
    await aged('24 hours 1 second');
    const after = await concert('After');
    expect(after.status).toBe(201);
    const created = (await after.json()) as { id: string; title: string };
    expect(created.title).toBe('After');
    expect(created.id).not.toBe(((await first.json()) as { id: string }).id);
    // The key now holds the new request: it replays it, and refuses the first one's body.
    const replay = await concert('After');
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(created);
    expect((await concert('Before')).status).toBe(409);
  });

  it('updates a concert and queues a callback with the message, or a sentence naming the change', async () => {
    const res = await admin('PATCH', '/concerts/con_jazznight2026', {
      ticketsAvailable: 40,
      message: '40 more tickets for Jazz Night are on sale now.',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ticketsAvailable: 40 });
    await admin('PATCH', '/concerts/con_jazznight2026', { startsAt: '2026-12-13T19:30:00Z' });
    const rows = await queued(sub);
    expect(rows.map((r) => r.body)).toEqual([
      '40 more tickets for Jazz Night are on sale now.',
      'Jazz Night with the Blue Notes moves to Sunday 13 December 2026 at 19:30 UTC, Main Hall.',
    ]);
    expect(rows.every((r) => r.kind === 'callback' && r.event === 'concertAlert')).toBe(true);
    const empty = await admin('PATCH', '/concerts/con_jazznight2026', {});
    expect(empty.status).toBe(400);
    expect((await admin('PATCH', '/concerts/con_nope', { venue: 'x' })).status).toBe(404);
  });

  it('changes stock of a drink and an ingredient and queues the stockUpdate webhook as JSON', async () => {
    const res = await admin('POST', '/stockChanges', { drink: { id: 'itm_mojito', stock: 17 }, ingredient: { id: 'itm_mint', stock: 2 } });
    expect(res.status).toBe(200);
    const update = {
      drink: { id: 'itm_mojito', name: 'Mojito', stock: 17, unit: 'glass' },
      ingredient: { id: 'itm_mint', name: 'Fresh mint', stock: 2, unit: 'bunch' },
    };
    expect(await res.json()).toEqual(update);
    const rows = await queued(stockReg);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.content_type).toBe('application/json');
    expect(JSON.parse(rows[0]!.body)).toEqual(update);
    const wrongKind = await admin('POST', '/stockChanges', {
      drink: { id: 'itm_mint', stock: 1 },
      ingredient: { id: 'itm_mint', stock: 1 },
    });
    expect(wrongKind.status).toBe(404);
    expect(await pointers(wrongKind)).toEqual(['/body/drink/id']);
    const unknown = await admin('POST', '/stockChanges', {
      drink: { id: 'itm_mojito', stock: 1 },
      ingredient: { id: 'itm_nope', stock: 1 },
    });
    expect(await pointers(unknown)).toEqual(['/body/ingredient/id']);
    const [mojito] = await s.db.query<{ stock: number }>(`SELECT stock FROM items WHERE id = 'itm_mojito'`);
    expect(mojito!.stock).toBe(17);
  });

  it('sends the stockUpdate body as JSON.stringify of the answer, whatever the names hold, to every registration', async () => {
    const odd = 'Mojito "Deluxe" \\ / \n\t\u0001\u001f ü 🍹 \u2028';
    await s.db.query(`UPDATE items SET name = $1 WHERE id = 'itm_caipirinha'`, [odd]);
    const more = await Promise.all(
      [1, 2, 3].map((i) => s.call('POST', '/registerForStockUpdates', { body: { url: `https://hooks.example.com/stock-${i}` } })),
    );
    const ids = await Promise.all(more.map(async (r) => ((await r.json()) as { id: string }).id));
    const res = await admin('POST', '/stockChanges', {
      drink: { id: 'itm_caipirinha', stock: 5 },
      ingredient: { id: 'itm_lime', stock: 6 },
    });
    const answer = (await res.json()) as { drink: { name: string } };
    expect(answer.drink.name).toBe(odd);
    for (const target of [stockReg, ...ids]) expect((await queued(target)).at(-1)!.body).toBe(JSON.stringify(answer));
    await s.db.query(`UPDATE items SET name = 'Caipirinha' WHERE id = 'itm_caipirinha'`);
  });

  it('cancels once, queues the cancellation callback, then refuses changes with 409', async () => {
    const before = (await queued(sub)).length;
    const res = await admin('POST', '/concerts/con_jazznight2026/cancel', { reason: "The band's singer is ill." });
    expect(await res.json()).toMatchObject({ status: 'cancelled' });
    const again = await admin('POST', '/concerts/con_jazznight2026/cancel', {});
    expect(again.status).toBe(200);
    const rows = await queued(sub);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)!.body).toMatch(/^Jazz Night with the Blue Notes on .* is cancelled\. The band's singer is ill\.$/);
    const change = await admin('PATCH', '/concerts/con_jazznight2026', { venue: 'Elsewhere' });
    expect(change.status).toBe(409);
    await problem(change);
  });

  it('rolls the state change back when queueing fails, so no alert exists without its concert', async () => {
    const server = await startTestServer(factory, { seedData: false });
    try {
      await server.call('POST', '/registerForAlert', { body: { url: 'https://hooks.example.com/a' } });
      await server.db.query('ALTER TABLE deliveries ADD CONSTRAINT no_alerts CHECK (event <> $$concertAlert$$)');
      const res = await server.call('POST', '/concerts', {
        key: server.adminKey,
        body: { title: 'T', startsAt: '2026-12-01T20:00:00Z', venue: 'V' },
      });
      expect(res.status).toBe(500);
      expect(await server.db.query('SELECT 1 FROM concerts')).toHaveLength(0);
    } finally {
      await server.close();
    }
  });

  it('accepts every request example of the spec as it stands', async () => {
    const fresh = await startTestServer(factory);
    try {
      const paths = document.paths as Record<string, Record<string, any>>;
      let checked = 0;
      for (const [path, item] of Object.entries(paths)) {
        for (const [method, op] of Object.entries(item)) {
          for (const entry of Object.values((op?.requestBody?.content?.['application/json']?.examples ?? {}) as Record<string, any>)) {
            const example = (entry.$ref ? resolve(entry.$ref as string) : entry) as { value: unknown };
            const concrete = path.replace('{concertId}', 'con_jazznight2026');
            if (path.includes('{') && concrete === path) continue;
            const res = await fresh.call(method.toUpperCase(), concrete, { key: fresh.adminKey, body: asOfNow(example.value) });
            // recoverDeliveries belongs to the delivery engine; its example target need not exist here.
            if (op.operationId === 'recoverDeliveries') continue;
            expect(res.status, `${op.operationId}: ${await res.clone().text()}`).toBeLessThan(300);
            checked++;
          }
        }
      }
      expect(checked).toBeGreaterThanOrEqual(8);
    } finally {
      await fresh.close();
    }
  });
});
