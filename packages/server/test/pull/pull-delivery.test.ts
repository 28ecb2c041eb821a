import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { currentPayloadVersion } from '@clubnotify/spec';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createApp } from '../../src/app.js';
import { createDeliveryWorker, type DeliveryWorker } from '../../src/delivery/worker.js';
import { serverSecret } from '../../src/domain/server-secret.js';
import { startReceiver, type Receiver } from '../support/delivery-support.js';
import { dbFactories, pointers, problem, startTestServer, type TestServer } from '../support/server-support.js';

interface Pulled {
  deliveryId: string;
  messageId: string;
  targetId: string;
  attempt: number;
  body: string;
  headers: Record<string, string>;
}
interface Attempt {
  attempt: number;
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
}

// Pull delivery (issue 30): a pull target's messages wait for its owner's feed; each leased
// attempt ends as the owner reports it or, unreported, as a failure once its lease runs out.
describe.each(dbFactories())('pull delivery on $name', (factory) => {
  let s: TestServer;
  let worker: DeliveryWorker | undefined;
  let pushed: Receiver;

  beforeAll(async () => {
    s = await startTestServer(factory, {
      deps: {
        // Retried at once, readers looking again every 20 ms; three silent failures open the circuit.
        pull: { schedule: [0, 0, 0, 0], jitter: 0, leaseMs: 30_000, pollMs: 20, policy: { breakAfter: 3, coolDownMs: 60_000 } },
        deliveryHandoff: { offer: (fresh) => worker!.offer(fresh), wake: () => worker!.wake() },
      },
    });
    worker = createDeliveryWorker({ db: s.db, policy: { allow: ['127.0.0.1/32'] }, pollMs: 20, timeoutMs: 2_000 });
    worker.start();
    pushed = await startReceiver((_req, res) => res.writeHead(204).end());
  });
  afterAll(async () => {
    await worker?.stop();
    await pushed?.close();
    await s?.close();
  });

  async function pullTarget(url: string, key = s.aliceKey): Promise<{ id: string; secret: string }> {
    const res = await s.call('POST', '/registerForStockUpdates', { key, body: { url, delivery: 'pull' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; secret: string; delivery: string };
    expect(body.delivery).toBe('pull');
    return body;
  }

  async function changeStock(stock: number): Promise<void> {
    const res = await s.call('POST', '/stockChanges', {
      key: s.adminKey,
      body: { drink: { id: 'itm_mojito', stock }, ingredient: { id: 'itm_mint', stock } },
    });
    expect(res.status).toBe(200);
  }

  async function lease(targetId: string, query = 'waitSeconds=5', key = s.aliceKey): Promise<Pulled[]> {
    const res = await s.call('POST', `/targets/${targetId}/lease?${query}`, { key });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Pulled[] }).data;
  }

  function report(m: Pulled, body: Record<string, unknown>, key = s.aliceKey): Promise<Response> {
    return s.call('POST', `/targets/${m.targetId}/deliveries/${m.deliveryId}/outcome`, { key, body: { attempt: m.attempt, ...body } });
  }

  /** The target's leases run out now (as if their 30 s had passed): the next lease records them as failed attempts. */
  async function expireLeases(targetId: string): Promise<void> {
    await s.db.query(
      `UPDATE deliveries SET lease_expires_at = now() - interval '1 millisecond' WHERE target_id = $1 AND lease_expires_at IS NOT NULL`,
      [targetId],
    );
  }

  async function logOf(id: string): Promise<{ status: string; attempts: Attempt[] }> {
    const res = await s.call('GET', `/deliveries/${id}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { status: string; attempts: Attempt[] };
  }

  it('leases a signed message and records the reported success in the attempt log', async () => {
    // A pull target's URL is never dialled: a local one is fine, and the push worker sends it nothing.
    const target = await pullTarget(`${pushed.url}/pull-a`);
    await changeStock(11);
    const [m, ...rest] = await lease(target.id);
    expect(rest).toEqual([]);
    expect(m!.attempt).toBe(1);
    expect(JSON.parse(m!.body)).toMatchObject({ drink: { id: 'itm_mojito', stock: 11 } });
    const h = m!.headers;
    expect(h['webhook-id']).toBe(m!.messageId);
    expect(h['content-type']).toBe('application/json');
    const key = Buffer.from(target.secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update(`${m!.messageId}.${h['webhook-timestamp']}.${m!.body}`).digest('base64');
    expect(h['webhook-signature']).toBe(`v1,${expected}`);

    const ok = await report(m!, { statusCode: 204, durationMs: 7, responseBody: 'fine' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ deliveryId: m!.deliveryId, attempt: 1, status: 'succeeded', nextAttemptAt: null });
    const log = await logOf(m!.deliveryId);
    expect(log.status).toBe('succeeded');
    expect(log.attempts).toMatchObject([{ attempt: 1, statusCode: 204, responseBody: 'fine' }]);
    expect(pushed.received).toEqual([]);

    const again = await report(m!, { statusCode: 204, durationMs: 7 });
    expect(again.status).toBe(409);
    expect(await pointers(again)).toEqual(['/body/attempt']);
  });

  it('leases one message of a key at a time, in order, with its ordering headers', async () => {
    const target = await pullTarget('http://localhost:4000/pull-ordered');
    await changeStock(21);
    await changeStock(22);
    const [first, ...none] = await lease(target.id, 'waitSeconds=5&limit=10');
    expect(none).toEqual([]);
    expect(JSON.parse(first!.body)).toMatchObject({ drink: { stock: 21 } });
    expect(first!.headers['webhook-ordering-key']).toBe('itm_mojito');
    // Its key's second waits until the first has ended.
    expect(await lease(target.id, 'waitSeconds=0&limit=10')).toEqual([]);
    expect((await report(first!, { statusCode: 204, durationMs: 1 })).status).toBe(200);
    const [second] = await lease(target.id, 'waitSeconds=5&limit=10');
    expect(JSON.parse(second!.body)).toMatchObject({ drink: { stock: 22 } });
    expect(Number(second!.headers['webhook-ordering-sequence'])).toBe(Number(first!.headers['webhook-ordering-sequence']) + 1);
    expect((await report(second!, { statusCode: 204, durationMs: 1 })).status).toBe(200);
  });

  it('keeps a reported text holding half a surrogate pair, with U+FFFD in its place', async () => {
    const target = await pullTarget('http://localhost:4000/pull-surrogate');
    await changeStock(13);
    const [m] = await lease(target.id, 'waitSeconds=5&limit=1');
    // JSON.stringify escapes each lone half (\\ud800), as any client may send it.
    const res = await report(m!, { statusCode: null, durationMs: 1, error: '\u202e\uffff\ud800', responseBody: 'a\udc00b\u{1f600}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'pending', attempt: 1 });
    const [attempt] = (await logOf(m!.deliveryId)).attempts;
    expect(attempt).toMatchObject({ statusCode: null, error: '\u202e\uffff\ufffd', responseBody: 'a\ufffdb\u{1f600}' });
  });

  /** The samples of `/metrics` whose name and labels start as `series` says (`name{label="v",...`), by series. */
  async function scrape(...series: string[]): Promise<number[]> {
    const res = await s.call('GET', '/metrics', { key: s.adminKey });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\n');
    return series.map((prefix) =>
      Number(
        lines
          .find((l) => l.startsWith(prefix))
          ?.split(' ')
          .at(-1) ?? 0,
      ),
    );
  }

  it('retries a refused attempt and an unreported lease, then delivers, each attempt counted in /metrics', async () => {
    // What this test adds to the counters the file's other pull targets share.
    const series = [
      'clubnotify_delivery_attempts_total{event="stockUpdate",outcome="retrying"}',
      'clubnotify_delivery_attempts_total{event="stockUpdate",outcome="succeeded"}',
      `clubnotify_deliveries_by_payload_version_total{event="stockUpdate",version="${currentPayloadVersion}",outcome="succeeded"}`,
      'clubnotify_delivery_retries_total{attempt="3",outcome="succeeded"}',
    ];
    const before = await scrape(...series);
    const target = await pullTarget('http://localhost:4000/pull-b');
    await changeStock(12);
    const [first] = await lease(target.id, 'waitSeconds=5&limit=1');
    const nack = await report(first!, { statusCode: 503, durationMs: 3, responseBody: 'busy' });
    expect(await nack.json()).toMatchObject({ status: 'pending', attempt: 1 });
    const [second] = await lease(target.id);
    expect(second).toMatchObject({ deliveryId: first!.deliveryId, messageId: first!.messageId, attempt: 2 });
    // Not reported: once its lease runs out, the next lease records it as a failed attempt and leases attempt 3.
    await expireLeases(target.id);
    const [third] = await lease(target.id);
    expect(third).toMatchObject({ deliveryId: first!.deliveryId, attempt: 3 });
    expect((await report(third!, { statusCode: 200, durationMs: 5 })).status).toBe(200);
    const log = await logOf(first!.deliveryId);
    expect(log.status).toBe('succeeded');
    expect(log.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, 503],
      [2, null],
      [3, 200],
    ]);
    expect(log.attempts[1]!.error).toMatch(/not acknowledged within the pull lease/);
    // Refused and lapsed: two retrying; then one success, on its third attempt, in the current version.
    // Scraped at most twice a second: /metrics answers 120 scrapes a minute per address.
    await expect.poll(async () => (await scrape(...series)).map((n, i) => n - before[i]!), { interval: 500 }).toEqual([2, 1, 1, 1]);
  });

  it('refuses a report that arrives after its lease ran out, and records the attempt once, as unacknowledged', async () => {
    const target = await pullTarget('http://localhost:4000/pull-late');
    await changeStock(15);
    const [m] = await lease(target.id, 'waitSeconds=5&limit=1');
    await expireLeases(target.id);
    for (const late of [await report(m!, { statusCode: 204, durationMs: 4 }), await report(m!, { statusCode: 204, durationMs: 4 })]) {
      expect(late.status).toBe(409);
      expect(await pointers(late)).toEqual(['/body/attempt']);
    }
    // The next lease records the lapsed attempt (if the feed's sweep has not yet) and leases the second.
    const [next] = await lease(target.id);
    expect(next).toMatchObject({ deliveryId: m!.deliveryId, attempt: 2 });
    const log = await logOf(m!.deliveryId);
    expect(log.status).toBe('pending');
    expect(log.attempts.map((a) => [a.attempt, a.statusCode])).toEqual([[1, null]]);
    expect(log.attempts[0]!.error).toMatch(/not acknowledged within the pull lease/);
    // A late report of the first attempt still changes nothing once the second is leased.
    expect((await report(m!, { statusCode: 204, durationMs: 4 })).status).toBe(409);
    expect((await report(next!, { statusCode: 204, durationMs: 4 })).status).toBe(200);
    expect((await logOf(m!.deliveryId)).attempts.map((a) => [a.attempt, a.statusCode])).toEqual([
      [1, null],
      [2, 204],
    ]);
  });

  it('opens the circuit after unreported leases, like timeouts of a push target', async () => {
    const target = await pullTarget('http://localhost:4000/pull-c');
    await changeStock(13);
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await lease(target.id))[0]!.attempt).toBe(attempt);
      await expireLeases(target.id);
    }
    // The third expiry opens the circuit: nothing is leased during the cool-down.
    await expect(lease(target.id, 'waitSeconds=0')).resolves.toEqual([]);
    const health = (await (await s.call('GET', `/registrations/${target.id}`)).json()) as { health: { circuitState: string } };
    expect(health.health.circuitState).toBe('open');
  });

  it('keeps leases in the database: another server process takes the report', async () => {
    const target = await pullTarget('http://localhost:4000/pull-d');
    await changeStock(14);
    const [m] = await lease(target.id);
    const app = createApp({ db: s.db, cursorKey: await serverSecret(s.db, 'cursor'), urlPolicy: { allow: [] } });
    const other = await new Promise<Server>((resolve) => {
      const server = app.listen(0, '127.0.0.1', () => resolve(server));
    });
    try {
      const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
      const res = await fetch(`${url}/targets/${target.id}/deliveries/${m!.deliveryId}/outcome`, {
        method: 'POST',
        headers: { authorization: `Bearer ${s.aliceKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ attempt: 1, statusCode: 202, durationMs: 1 }),
      });
      expect(await res.json()).toMatchObject({ status: 'succeeded' });
    } finally {
      other.closeAllConnections();
      await new Promise((resolve) => other.close(resolve));
    }
  });

  it("answers 404 for another owner's target or delivery, and 409 for a push target", async () => {
    const target = await pullTarget('http://localhost:4000/pull-e');
    await changeStock(15);
    const [m] = await lease(target.id);
    for (const key of [s.bobKey, s.adminKey]) {
      const leased = await problem(await s.call('POST', `/targets/${target.id}/lease?waitSeconds=0`, { key }));
      expect(leased.status).toBe(404);
      expect((await problem(await report(m!, { statusCode: 200, durationMs: 1 }, key))).status).toBe(404);
    }
    const unknown = await problem(await report({ ...m!, deliveryId: 'dlv_nope' }, { statusCode: 200, durationMs: 1 }));
    expect(unknown.status).toBe(404);
    expect((await report(m!, { statusCode: 200, durationMs: 1 })).status).toBe(200);

    const push = await s.call('POST', '/registerForStockUpdates', { body: { url: 'https://hooks.example.com/push-e' } });
    const pushId = ((await push.json()) as { id: string; delivery: string }).id;
    expect((await problem(await s.call('POST', `/targets/${pushId}/lease`))).status).toBe(409);
    const same = await s.call('POST', '/registerForStockUpdates', { body: { url: 'https://hooks.example.com/push-e', delivery: 'pull' } });
    expect(same.status).toBe(409);
    expect(await pointers(same)).toEqual(['/body/delivery']);
    const local = await s.call('POST', '/registerForStockUpdates', { body: { url: 'http://10.1.2.3/push' } });
    expect(local.status).toBe(422);
  });

  it('moves a pull target to another local URL, and a paused one has no feed (409)', async () => {
    const target = await pullTarget('http://localhost:4000/pull-h');
    const moved = await s.call('PATCH', `/registrations/${target.id}`, { body: { url: 'http://192.168.1.20:4000/hooks' } });
    expect(moved.status).toBe(200);
    const paused = await s.call('PATCH', `/registrations/${target.id}`, { body: { status: 'paused' } });
    expect(paused.status).toBe(200);
    const feed = await problem(await s.call('POST', `/targets/${target.id}/lease?waitSeconds=0`));
    expect(feed.status).toBe(409);
    expect(feed.detail).toMatch(/is paused/);
  });

  it('refuses bad feed parameters and reports with a problem naming the field', async () => {
    const target = await pullTarget('http://localhost:4000/pull-f');
    expect(await pointers(await s.call('POST', `/targets/${target.id}/lease?waitSeconds=99`))).toEqual(['/query/waitSeconds']);
    const bad = await s.call('POST', `/targets/${target.id}/deliveries/dlv_x/outcome`, {
      body: { attempt: 0, statusCode: 200, durationMs: 1 },
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(await pointers(bad)).toEqual(['/body/attempt']);
  });

  it('answers the declared failures: no key, another method, a body too large or not JSON', async () => {
    const target = await pullTarget('http://localhost:4000/pull-g');
    const lease = `/targets/${target.id}/lease`;
    const report = `/targets/${target.id}/deliveries/dlv_x/outcome`;
    for (const path of [lease, report]) {
      const anonymous = await s.call('POST', path, { key: null, body: {} });
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
      const get = await s.call('GET', path);
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('POST');
    }
    const large = await s.call('POST', report, { body: { attempt: 1, statusCode: 200, durationMs: 1, responseBody: 'x'.repeat(70_000) } });
    expect((await problem(large)).status).toBe(413);
    const text = await s.call('POST', report, { body: 'attempt=1', headers: { 'content-type': 'text/plain' } });
    expect((await problem(text)).status).toBe(415);
  });

  it('makes a pull subscription for a concert', async () => {
    const concert = await s.call('POST', '/concerts', {
      key: s.adminKey,
      body: { title: 'Pull night', startsAt: '2031-05-01T20:00:00Z', venue: 'Club', priceCents: 1000, currency: 'EUR' },
    });
    const { id } = (await concert.json()) as { id: string };
    const res = await s.call('POST', '/concertUpdates', {
      body: { concertId: id, callbackUrl: 'http://127.0.0.1:4000/cb', delivery: 'pull' },
    });
    expect(res.status).toBe(200);
    const sub = (await res.json()) as { id: string; delivery: string };
    expect(sub.delivery).toBe('pull');
    await s.call('POST', `/concerts/${id}/cancel`, { key: s.adminKey, body: {} });
    const [m] = await lease(sub.id);
    expect(m).toMatchObject({ targetId: sub.id, attempt: 1 });
    expect(m!.headers['content-type']).toMatch(/^text\/plain/);
  });
});
