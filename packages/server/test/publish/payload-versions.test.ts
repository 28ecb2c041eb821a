import { PayloadConversionError, type EventRef } from '@clubnotify/spec';
import { pino } from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorker, type DeliveryWorker } from '../../src/delivery/worker.js';
import type { PayloadVersioning } from '../../src/delivery/payload-versions.js';
import { queueSunsetWarnings } from '../../src/delivery/record/sunset-warnings.js';
import { createMetrics, type Metrics } from '../../src/metrics/metrics.js';
import { createOutgoingGuard } from '../../src/publish/outgoing-check.js';
import { startReceiver, waitFor, type Receiver } from '../support/receiver.js';
import { dbFactories, problem, startTestServer, type TestServer } from '../support/server-support.js';

// The contract lists one payload version, so these tests give the server a test contract: three
// versions (1 past its sunset, 2 deprecated with its sunset 20 days ahead, 3 current) whose
// converters mark what they convert, and a stockUpdate converter that throws on a stock of 13.
// Days are counted from the injected clock, never from a fixed date.
const DAY = 86_400_000;
const now = new Date();
const clock = () => now;
const day = (n: number) => new Date(now.getTime() + n * DAY).toISOString().slice(0, 10);
const STOCK_CONVERTER = 'spec/converters/webhook.stockUpdate/3-to-2.ts';
const TEXT = 'text/plain; charset=utf-8';
// The engine's operational events are checked against the spec, refused if they break it, as the app's publishes are.
const checkPayload = createOutgoingGuard('strict', pino({ enabled: false }), () => {});

let conversions = 0;
/** Set once the test has "deployed" a fixed stockUpdate converter. */
let converterFixed = false;

/** One step down, 3 to 2 (2 to 1 passes the payload on). */
function step(ref: EventRef, body: string, from: number): string {
  if (from !== 3) return body;
  if (ref.kind === 'webhook' && ref.event === 'concertAlert') conversions++;
  if (ref.kind === 'callback') return `(v2) ${body}`;
  if (ref.event === 'concertAlert') return `${body} (v2)`;
  if (ref.event !== 'stockUpdate') return body;
  const payload = JSON.parse(body) as { drink: { unit: string; stock: number }; ingredient: unknown };
  if (payload.drink.stock === 13 && !converterFixed) {
    throw new PayloadConversionError(`${STOCK_CONVERTER} threw on a stockUpdate webhook payload: unlucky stock`, {
      ref,
      step: { from: 3, to: 2 },
      converter: STOCK_CONVERTER,
      failure: 'threw',
    });
  }
  return JSON.stringify({ ...payload, drink: { ...payload.drink, unit: `${payload.drink.unit} (v2)` } });
}

const testContract: PayloadVersioning = {
  current: 3,
  versions: [
    { version: 1, contract: '1.0.0', deprecatedAt: day(-200), sunset: day(-10) },
    { version: 2, contract: '2.0.0', deprecatedAt: day(-170), sunset: day(20) },
    { version: 3, contract: '3.0.0' },
  ],
  convert(ref, body, to, from = 3) {
    let out = body;
    for (let v = from; v > to; v--) out = step(ref, out, v);
    return { contentType: ref.event === 'concertAlert' ? TEXT : 'application/json', body: out };
  },
};

interface Target {
  id: string;
  secret: string;
  payloadVersion: number;
}

interface DeliveryDetail {
  id: string;
  messageId: string;
  status: string;
  payloadVersion: number;
  payload: { body: string };
  attempts: Array<{ error: string | null; statusCode: number | null; payloadVersion: number }>;
}

describe.each(dbFactories())('payload versions on $name', (factory) => {
  let s: TestServer;
  let worker: DeliveryWorker;
  const receivers: Receiver[] = [];
  let metrics: Metrics;

  beforeAll(async () => {
    s = await startTestServer(factory, {
      deps: (db) => ({
        payloadVersions: testContract,
        clock,
        metrics: (metrics = createMetrics(db)),
        deliveryHandoff: { offer: (fresh) => worker?.offer(fresh), wake: () => worker?.wake() },
      }),
    });
    worker = createDeliveryWorker({
      db: s.db,
      policy: { allow: ['127.0.0.1/32'] },
      schedule: [0, 0, 0, 0, 0, 0],
      jitter: 0,
      pollMs: 20,
      timeoutMs: 2_000,
      versions: testContract,
      clock,
      checkPayload,
      onOutcome: (o) => metrics.onOutcome(o),
    });
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    for (const r of receivers) await r.close();
    await s?.close();
  });

  const admin = (method: string, path: string, body?: unknown) => s.call(method, path, { key: s.adminKey, body });
  /** A receiver on loopback; `busy()` true: it answers 503 with `Retry-After: 2` (the retry waits that long). */
  async function receiver(busy: () => boolean = () => false): Promise<Receiver> {
    const r = await startReceiver((_req, res) => {
      if (busy()) res.writeHead(503, { 'retry-after': '2' });
      res.end();
    });
    receivers.push(r);
    return r;
  }
  async function registerAlerts(url: string, payloadVersion?: number): Promise<Target> {
    const res = await s.call('POST', '/registerForAlert', { body: { url, ...(payloadVersion ? { payloadVersion } : {}) } });
    expect(res.status).toBe(200);
    return (await res.json()) as Target;
  }
  const scheduleConcert = (title: string) =>
    admin('POST', '/concerts', { title, startsAt: '2027-03-01T20:00:00Z', venue: 'Main Hall' }).then((r) => expect(r.status).toBe(201));
  const detail = async (id: string) => (await (await s.call('GET', `/deliveries/${id}`)).json()) as DeliveryDetail;
  const deliveriesOf = async (targetId: string) =>
    (await (await s.call('GET', `/deliveries?targetId=${targetId}`)).json()) as { data: Array<{ id: string; messageId: string }> };
  /** The standardwebhooks library verifies the signature over the body received (it throws otherwise). */
  const verified = (secret: string, got: Receiver['received'][number]): string => {
    new Webhook(secret).verify(got.body, got.headers as Record<string, string>, { jsonParse: false });
    return got.body;
  };

  it('sets payloadVersion on create (the current one by default), shows it, lists it and switches it with PATCH', async () => {
    const byDefault = await registerAlerts('https://hooks.example.com/default');
    expect(byDefault.payloadVersion).toBe(3);
    const pinned = await registerAlerts('https://hooks.example.com/pinned', 2);
    expect(pinned.payloadVersion).toBe(2);
    expect(((await (await s.call('GET', `/registrations/${pinned.id}`)).json()) as Target).payloadVersion).toBe(2);
    const listed = (await (await s.call('GET', '/registrations?event=concertAlert')).json()) as { data: Target[] };
    expect(listed.data.find((r) => r.id === pinned.id)?.payloadVersion).toBe(2);
    const switched = await s.call('PATCH', `/registrations/${pinned.id}`, { body: { payloadVersion: 3 } });
    expect(((await switched.json()) as Target).payloadVersion).toBe(3);
    // The idempotent create returns the target as it is; asking it for another version is a conflict, never silently the other.
    const again = await s.call('POST', '/registerForAlert', { body: { url: 'https://hooks.example.com/pinned', payloadVersion: 2 } });
    expect((await problem(again)).status).toBe(409);

    const sub = await s.call('POST', '/concertUpdates', {
      body: { concertId: 'con_jazznight2026', callbackUrl: 'https://hooks.example.com/cb', payloadVersion: 2 },
    });
    const subscription = (await sub.json()) as Target;
    expect(subscription.payloadVersion).toBe(2);
    const patched = await s.call('PATCH', `/concertUpdates/${subscription.id}`, { body: { payloadVersion: 3 } });
    expect(((await patched.json()) as Target).payloadVersion).toBe(3);
    const ops = await s.call('POST', '/operationalEventSubscriptions', {
      body: { url: 'https://hooks.example.com/ops', events: ['deliveryFailed'], payloadVersion: 2 },
    });
    expect(((await ops.json()) as Target).payloadVersion).toBe(2);
  });

  it('refuses an unknown version and one past its sunset with a 422 problem naming the supported versions', async () => {
    const cases: Array<[string, string, unknown, string, string]> = [
      [
        'POST',
        '/registerForAlert',
        { url: 'https://hooks.example.com/x', payloadVersion: 7 },
        'unknown-payload-version',
        '/body/payloadVersion',
      ],
      [
        'POST',
        '/registerForAlert',
        { url: 'https://hooks.example.com/x', payloadVersion: 1 },
        'payload-version-sunset',
        '/body/payloadVersion',
      ],
      [
        'POST',
        '/concertUpdates',
        { concertId: 'con_jazznight2026', callbackUrl: 'https://hooks.example.com/y', payloadVersion: 1 },
        'payload-version-sunset',
        '/body/payloadVersion',
      ],
      [
        'POST',
        '/operationalEventSubscriptions',
        { url: 'https://hooks.example.com/z', events: ['deliveryFailed'], payloadVersion: 9 },
        'unknown-payload-version',
        '/body/payloadVersion',
      ],
    ];
    const target = await registerAlerts('https://hooks.example.com/refusals');
    for (const [method, path, body, type, pointer] of cases) {
      const p = (await problem(await s.call(method, path, { body }))) as Awaited<ReturnType<typeof problem>> & {
        supportedPayloadVersions: number[];
      };
      expect(p).toMatchObject({ status: 422, type: `https://clubnotify.dev/problems/${type}`, supportedPayloadVersions: [2, 3] });
      expect(p.errors?.[0]?.pointer).toBe(pointer);
      expect(p.detail).toMatch(/the supported versions are 2, 3/);
    }
    const patch = await problem(await s.call('PATCH', `/registrations/${target.id}`, { body: { payloadVersion: 1 } }));
    expect(patch).toMatchObject({ status: 422, type: 'https://clubnotify.dev/problems/payload-version-sunset' });
    expect(patch.detail).toContain(day(-10));
    const test = await problem(await s.call('POST', `/registrations/${target.id}/test?payloadVersion=4`));
    expect(test).toMatchObject({ status: 422, type: 'https://clubnotify.dev/problems/unknown-payload-version' });
    expect((await problem(await s.call('POST', `/registrations/${target.id}/test?payloadVersion=two`))).status).toBe(400);
    // Nothing was changed by the refused update.
    expect(((await (await s.call('GET', `/registrations/${target.id}`)).json()) as Target).payloadVersion).toBe(3);
  });

  it('sends one publish to each target in its version, converted once per version, signed, with webhook-version', async () => {
    const [r2a, r2b, r3] = [await receiver(), await receiver(), await receiver()];
    const t2a = await registerAlerts(r2a.url, 2);
    const t2b = await registerAlerts(r2b.url, 2);
    const t3 = await registerAlerts(r3.url, 3);
    const before = conversions;
    await scheduleConcert('Versions night');
    await waitFor(() => [r2a, r2b, r3].every((r) => r.received.length === 1), 30_000, 'the three deliveries');
    // One conversion for the two targets on version 2, none for version 3, none per attempt.
    expect(conversions - before).toBe(1);
    const [got2a, got2b, got3] = [r2a.received[0]!, r2b.received[0]!, r3.received[0]!];
    expect(got3.headers['webhook-version']).toBe('3');
    expect(got2a.headers['webhook-version']).toBe('2');
    expect(got2a.body).toBe(`${got3.body} (v2)`);
    expect(got2b.body).toBe(got2a.body);
    // The body signed is the converted one, with the target's own secret.
    expect(verified(t2a.secret, got2a)).toBe(got2a.body);
    expect(verified(t2b.secret, got2b)).toBe(got2b.body);
    expect(verified(t3.secret, got3)).toBe(got3.body);
    // The delivery and its attempt log say which version went out; the payload shown is the one sent.
    const [listed] = (await deliveriesOf(t2a.id)).data;
    await waitFor(async () => (await detail(listed!.id)).status === 'succeeded', 30_000, 'the delivery recorded');
    const shown = await detail(listed!.id);
    expect(shown).toMatchObject({ payloadVersion: 2, payload: { body: got2a.body } });
    expect(shown.attempts.map((a) => a.payloadVersion)).toEqual([2]);
    expect((await detail((await deliveriesOf(t3.id)).data[0]!.id)).payloadVersion).toBe(3);
  });

  it('sends a test event in any supported version, so a receiver tries a shape before switching', async () => {
    const r = await receiver();
    const t = await registerAlerts(r.url, 3);
    const queued = await s.call('POST', `/registrations/${t.id}/test?payloadVersion=2`);
    expect(queued.status).toBe(202);
    expect(((await queued.json()) as { payloadVersion: number }).payloadVersion).toBe(2);
    await waitFor(() => r.received.length === 1, 30_000, 'the test event');
    expect(r.received[0]!.headers['webhook-version']).toBe('2');
    expect(r.received[0]!.body).toMatch(/ \(v2\)$/);
    expect(verified(t.secret, r.received[0]!)).toBe(r.received[0]!.body);
    await s.call('POST', `/registrations/${t.id}/test`);
    await waitFor(() => r.received.length === 2, 30_000, 'the second test event');
    expect(r.received[1]!.headers['webhook-version']).toBe('3');
  });

  it('sends callbacks in the subscription version', async () => {
    const r = await receiver();
    const res = await s.call('POST', '/concertUpdates', {
      body: { concertId: 'con_jazznight2026', callbackUrl: r.url, payloadVersion: 2 },
    });
    const sub = (await res.json()) as Target;
    expect((await admin('PATCH', '/concerts/con_jazznight2026', { ticketsAvailable: 80 })).status).toBe(200);
    await waitFor(() => r.received.length === 1, 30_000, 'the callback');
    expect(r.received[0]!.headers['webhook-version']).toBe('2');
    expect(r.received[0]!.body).toMatch(/^\(v2\) /);
    expect(verified(sub.secret, r.received[0]!)).toBe(r.received[0]!.body);
    // A test callback in another supported version (the subscription is on 2), and a refused unknown one.
    expect((await s.call('PATCH', `/concertUpdates/${sub.id}`, { body: { payloadVersion: 3 } })).status).toBe(200);
    expect((await s.call('POST', `/concertUpdates/${sub.id}/test?payloadVersion=2`)).status).toBe(202);
    await waitFor(() => r.received.length === 2, 30_000, 'the test callback');
    expect(r.received[1]!.headers['webhook-version']).toBe('2');
    expect(r.received[1]!.body).toMatch(/^\(v2\) /);
    const refused = await problem(await s.call('POST', `/concertUpdates/${sub.id}/test?payloadVersion=4`));
    expect(refused).toMatchObject({ status: 422, type: 'https://clubnotify.dev/problems/unknown-payload-version' });
  });

  it('switching 2 to 3: the next message goes in 3, a retry of a message queued before keeps 2', async () => {
    // Busy until the switch: the message queued before it is retried only after it.
    let busy = true;
    const r = await receiver(() => busy);
    const t = await registerAlerts(r.url, 2);
    await scheduleConcert('Before the switch');
    await waitFor(() => r.received.length >= 1, 30_000, 'the first attempt');
    expect((await s.call('PATCH', `/registrations/${t.id}`, { body: { payloadVersion: 3 } })).status).toBe(200);
    busy = false;
    await scheduleConcert('After the switch');
    const ids = async () => (await deliveriesOf(t.id)).data.map((d) => d.messageId);
    await waitFor(
      async () => {
        const messages = await ids();
        return (
          messages.length === 2 &&
          messages.every((m) => r.received.some((g) => g.headers['webhook-id'] === m && g.headers['webhook-version']))
        );
      },
      30_000,
      'both messages',
    );
    await waitFor(
      async () => {
        const all = await Promise.all((await deliveriesOf(t.id)).data.map((d) => detail(d.id)));
        return all.every((d) => d.status === 'succeeded');
      },
      30_000,
      'both messages delivered',
    );
    const before = r.received.filter((g) => g.body.includes('Before the switch'));
    const after = r.received.filter((g) => g.body.includes('After the switch'));
    expect(before.length).toBeGreaterThanOrEqual(2);
    expect(new Set(before.map((g) => g.headers['webhook-version']))).toEqual(new Set(['2']));
    expect(before.every((g) => g.body.endsWith(' (v2)'))).toBe(true);
    expect(after.map((g) => g.headers['webhook-version'])).toEqual(['3']);
    expect(after[0]!.body.endsWith(' (v2)')).toBe(false);
  });

  it('a converter that throws: the other version is sent, this one is recorded failed naming the converter, and its owner told', async () => {
    const opsReceiver = await receiver();
    const ops = (await (
      await s.call('POST', '/operationalEventSubscriptions', { body: { url: opsReceiver.url, events: ['deliveryFailed'] } })
    ).json()) as Target;
    const [r2, r3] = [await receiver(), await receiver()];
    const register = async (url: string, payloadVersion: number) =>
      (await (await s.call('POST', '/registerForStockUpdates', { body: { url, payloadVersion } })).json()) as Target;
    const t2 = await register(r2.url, 2);
    await register(r3.url, 3);
    const change = await admin('POST', '/stockChanges', {
      drink: { id: 'itm_daiquiri', stock: 13 },
      ingredient: { id: 'itm_white_rum', stock: 4 },
    });
    expect(change.status).toBe(200);
    await waitFor(() => r3.received.length === 1, 30_000, 'the version 3 webhook');
    expect(r3.received[0]!.headers['webhook-version']).toBe('3');
    const failedEvent = async () =>
      opsReceiver.received
        .map((g) => JSON.parse(g.body) as { type: string; targetId: string; deliveryId: string; lastError: string })
        .find((p) => p.type === 'deliveryFailed' && p.targetId === t2.id);
    await waitFor(async () => (await failedEvent()) !== undefined, 30_000, 'deliveryFailed to the owner');
    const event = (await failedEvent())!;
    expect(event.lastError).toContain(STOCK_CONVERTER);
    expect(opsReceiver.received[0]!.headers['webhook-version']).toBe('3');
    expect(verified(ops.secret, opsReceiver.received[0]!)).toBe(opsReceiver.received[0]!.body);
    const failed = await detail(event.deliveryId);
    expect(failed).toMatchObject({ status: 'failed', payloadVersion: 2 });
    expect(failed.attempts).toHaveLength(1);
    expect(failed.attempts[0]).toMatchObject({ statusCode: null, payloadVersion: 2 });
    expect(failed.attempts[0]!.error).toMatch(/not sent: payload conversion from version 3 to 2 failed: .*3-to-2\.ts threw/);
    // Nothing was sent to the version 2 receiver.
    expect(r2.received).toHaveLength(0);
    // The next change converts fine and reaches it.
    await admin('POST', '/stockChanges', { drink: { id: 'itm_daiquiri', stock: 12 }, ingredient: { id: 'itm_white_rum', stock: 4 } });
    await waitFor(() => r2.received.length === 1, 30_000, 'the next version 2 webhook');
    expect(JSON.parse(r2.received[0]!.body)).toMatchObject({ drink: { id: 'itm_daiquiri', stock: 12, unit: 'glass (v2)' } });
    expect(verified(t2.secret, r2.received[0]!)).toBe(r2.received[0]!.body);
    // With the converter fixed, a replay of the failed delivery converts it then and sends it in its version.
    converterFixed = true;
    expect((await s.call('POST', `/deliveries/${event.deliveryId}/replay`)).status).toBe(202);
    await waitFor(() => r2.received.length === 2, 30_000, 'the replayed webhook');
    expect(r2.received[1]!.headers['webhook-version']).toBe('2');
    expect(r2.received[1]!.headers['webhook-id']).toBe(failed.messageId);
    expect(JSON.parse(r2.received[1]!.body)).toMatchObject({ drink: { id: 'itm_daiquiri', stock: 13, unit: 'glass (v2)' } });
    expect(verified(t2.secret, r2.received[1]!)).toBe(r2.received[1]!.body);
    converterFixed = false;
  });

  it('a pull target leases its version with webhook-version; one whose conversion fails is recorded failed, never leased', async () => {
    const res = await s.call('POST', '/registerForStockUpdates', {
      body: { url: 'http://localhost:9/pulled', delivery: 'pull', payloadVersion: 2 },
    });
    const t = (await res.json()) as Target;
    const lease = async () => {
      const leased = await s.call('POST', `/targets/${t.id}/lease?waitSeconds=0`);
      expect(leased.status).toBe(200);
      return ((await leased.json()) as { data: Array<{ deliveryId: string; headers: Record<string, string>; body: string }> }).data;
    };
    const change = (stock: number) =>
      admin('POST', '/stockChanges', { drink: { id: 'itm_margarita', stock }, ingredient: { id: 'itm_tequila', stock: 5 } });
    expect((await change(13)).status).toBe(200);
    expect(await lease()).toEqual([]);
    const [failed] = (await deliveriesOf(t.id)).data;
    expect(await detail(failed!.id)).toMatchObject({ status: 'failed', payloadVersion: 2 });
    expect((await detail(failed!.id)).attempts[0]!.error).toContain(STOCK_CONVERTER);
    expect((await change(11)).status).toBe(200);
    const [pulled] = await lease();
    expect(pulled!.headers['webhook-version']).toBe('2');
    expect(JSON.parse(pulled!.body)).toMatchObject({ drink: { id: 'itm_margarita', stock: 11, unit: 'glass (v2)' } });
    new Webhook(t.secret).verify(pulled!.body, pulled!.headers);
  });

  it('counts deliveries per event and version in /metrics', async () => {
    const res = await s.call('GET', '/metrics', { key: s.adminKey });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/clubnotify_deliveries_by_payload_version_total\{event="concertAlert",version="2",outcome="succeeded"\} [1-9]/);
    expect(text).toMatch(/clubnotify_deliveries_by_payload_version_total\{event="concertAlert",version="3",outcome="succeeded"\} [1-9]/);
    expect(text).toMatch(/clubnotify_deliveries_by_payload_version_total\{event="stockUpdate",version="2",outcome="failed"\} [1-9]/);
  });

  it('warns each owner whose targets use a version a month from its sunset, once', async () => {
    const warnings = await receiver();
    const ops = (await (
      await s.call('POST', '/operationalEventSubscriptions', {
        key: s.bobKey,
        body: { url: warnings.url, events: ['payloadVersionSunset'] },
      })
    ).json()) as Target;
    const bobs = (await (
      await s.call('POST', '/registerForAlert', { key: s.bobKey, body: { url: 'https://hooks.example.com/bob', payloadVersion: 2 } })
    ).json()) as Target;
    // The worker's own check runs hourly; it is run here as the worker runs it.
    await queueSunsetWarnings(s.db, testContract, now, checkPayload).then((fresh) => worker.offer(fresh));
    await waitFor(() => warnings.received.length === 1, 30_000, 'payloadVersionSunset');
    const warning = JSON.parse(warnings.received[0]!.body) as Record<string, unknown>;
    expect(warning).toMatchObject({
      type: 'payloadVersionSunset',
      payloadVersion: 2,
      sunset: day(20),
      supportedPayloadVersions: [2, 3],
      targetIds: [bobs.id],
    });
    expect(verified(ops.secret, warnings.received[0]!)).toBe(warnings.received[0]!.body);
    expect(await queueSunsetWarnings(s.db, testContract, now, checkPayload)).toEqual([]);
    // More than a month ahead: no warning.
    expect(await queueSunsetWarnings(s.db, testContract, new Date(now.getTime() - 15 * DAY), checkPayload)).toEqual([]);
  });
});
