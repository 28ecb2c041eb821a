import { payloadConversion, versionContracts, type ConverterEntry } from '@clubnotify/spec';
import { pino } from 'pino';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayloadVersioning } from '../../src/delivery/payload-versions.js';
import { createDeliveryWorker, type DeliveryWorker } from '../../src/delivery/worker.js';
import { createLogger } from '../../src/http/logger.js';
import { conversionFailures } from '../../src/metrics/conversion-failures.js';
import { createMetrics, type Metrics } from '../../src/metrics/metrics.js';
import { createOutgoingGuard } from '../../src/publish/outgoing-check.js';
import { startReceiver, waitFor, type Receiver } from '../support/receiver.js';
import { dbFactories, startTestServer, type TestServer } from '../support/server-support.js';

// A converter with a bug its tests missed: the server's own conversion (the spec package's, which
// validates each step's output) runs over a test contract of three versions that share version 1's
// schemas, whose stockUpdate 2-to-1 converter drops `unit` when the stock is 13. Only the converters
// differ from production: the validators, the queue and the worker are the real ones.
const SOURCE = 'spec/converters/webhook.stockUpdate/2-to-1.ts';
type StockUpdate = { drink: { unit: string; stock: number }; ingredient: unknown };
const faulty: ConverterEntry = {
  kind: 'webhook',
  event: 'stockUpdate',
  from: 2,
  to: 1,
  source: SOURCE,
  convert: ({ drink: { unit, ...drink }, ingredient }: StockUpdate) => ({
    drink: drink.stock === 13 ? drink : { ...drink, unit },
    ingredient,
  }),
};
const v1 = versionContracts[1];
const conversion = payloadConversion({ current: 3, versions: { 1: v1, 2: v1, 3: v1 }, converters: [faulty] });
const testContract: PayloadVersioning = {
  current: 3,
  versions: [1, 2, 3].map((version) => ({ version, contract: `${version}.0.0` })),
  convert: (ref, body, to, from) => conversion.convertBody(ref, body, to, from),
};
const checkPayload = createOutgoingGuard('strict', pino({ enabled: false }), () => {});

interface Target {
  id: string;
  secret: string;
}

interface DeliveryDetail {
  status: string;
  payloadVersion: number;
  attempts: Array<{ error: string | null; statusCode: number | null; payloadVersion: number }>;
}

describe.each(dbFactories())('a converter that makes an invalid payload, on $name', (factory) => {
  let s: TestServer;
  let worker: DeliveryWorker;
  let metrics: Metrics;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    s = await startTestServer(factory, {
      deps: (db) => ({
        payloadVersions: testContract,
        metrics: (metrics = createMetrics(db)),
        deliveryHandoff: { offer: (fresh) => worker?.offer(fresh), wake: () => worker?.wake() },
      }),
    });
    worker = createDeliveryWorker({
      db: s.db,
      policy: { allow: ['127.0.0.1/32'] },
      schedule: [0, 0, 0],
      jitter: 0,
      pollMs: 20,
      timeoutMs: 2_000,
      versions: testContract,
      checkPayload,
      // As npm start wires it (server.ts).
      onOutcome: (o) => {
        metrics.onOutcome(o);
        conversionFailures(metrics, pino({ enabled: false }))(o);
      },
    });
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    for (const r of receivers) await r.close();
    await s?.close();
  });

  async function pinned(payloadVersion: number): Promise<{ r: Receiver; t: Target }> {
    const r = await startReceiver();
    receivers.push(r);
    const res = await s.call('POST', '/registerForStockUpdates', { body: { url: r.url, payloadVersion } });
    expect(res.status).toBe(200);
    return { r, t: (await res.json()) as Target };
  }
  const change = (stock: number) =>
    s.call('POST', '/stockChanges', {
      key: s.adminKey,
      body: { drink: { id: 'itm_daiquiri', stock }, ingredient: { id: 'itm_white_rum', stock: 4 } },
    });
  const verified = (t: Target, got: Receiver['received'][number]) =>
    new Webhook(t.secret).verify(got.body, got.headers as Record<string, string>) as StockUpdate;

  it('never sends it: that delivery ends failed at once, naming the versions and the first error, and its owner is told; the others go', async () => {
    // The owner of the targets asks for deliveryFailed.
    const told = await startReceiver();
    receivers.push(told);
    expect((await s.call('POST', '/operationalEventSubscriptions', { body: { url: told.url, events: ['deliveryFailed'] } })).status).toBe(
      200,
    );
    const [on1, on2, on3] = [await pinned(1), await pinned(2), await pinned(3)];
    expect((await change(13)).status).toBe(200);

    await waitFor(() => on2.r.received.length === 1 && on3.r.received.length === 1, 30_000, 'versions 2 and 3');
    expect(on2.r.received[0]!.headers['webhook-version']).toBe('2');
    expect(on3.r.received[0]!.headers['webhook-version']).toBe('3');
    expect(verified(on2.t, on2.r.received[0]!).drink).toMatchObject({ stock: 13, unit: 'glass' });
    expect(verified(on3.t, on3.r.received[0]!).drink).toMatchObject({ stock: 13, unit: 'glass' });

    const list = (await (await s.call('GET', `/deliveries?targetId=${on1.t.id}`)).json()) as { data: Array<{ id: string }> };
    expect(list.data).toHaveLength(1);
    const detail = async () => (await (await s.call('GET', `/deliveries/${list.data[0]!.id}`)).json()) as DeliveryDetail;
    await waitFor(async () => (await detail()).status !== 'pending', 30_000, 'the version 1 delivery recorded');
    const failed = await detail();
    expect(failed).toMatchObject({ status: 'failed', payloadVersion: 1 });
    // One attempt, never retried: a retry would run the same converter on the same payload.
    expect(failed.attempts).toEqual([
      {
        ...failed.attempts[0],
        statusCode: null,
        payloadVersion: 1,
        error:
          `not sent: payload conversion from version 3 to 1 failed: ${SOURCE} made a stockUpdate webhook payload ` +
          'invalid for version 1: /body/drink/unit is required.',
      },
    ]);

    // Nothing is lost silently: its owner gets deliveryFailed, naming the converter.
    await waitFor(() => told.received.length === 1, 30_000, 'deliveryFailed to the owner');
    expect(JSON.parse(told.received[0]!.body)).toMatchObject({
      type: 'deliveryFailed',
      targetId: on1.t.id,
      deliveryId: list.data[0]!.id,
      lastStatusCode: null,
      lastError: expect.stringContaining(`${SOURCE} made a stockUpdate webhook payload invalid for version 1`),
    });

    // The target is not blamed: the next message converts and reaches it, and it is the first thing it got.
    expect((await change(12)).status).toBe(200);
    await waitFor(() => on1.r.received.length === 1, 30_000, 'the next version 1 message');
    expect(on1.r.received[0]!.headers['webhook-version']).toBe('1');
    expect(verified(on1.t, on1.r.received[0]!).drink).toMatchObject({ stock: 12, unit: 'glass' });

    const scraped = await (await s.call('GET', '/metrics', { key: s.adminKey })).text();
    expect(scraped).toContain('clubnotify_payload_conversion_failures_total{event="stockUpdate",version="1"} 1');
    expect(scraped).toMatch(/clubnotify_deliveries_by_payload_version_total\{event="stockUpdate",version="1",outcome="failed"\} 1\n/);
  });
});

describe.each(dbFactories())('a converter that makes an invalid payload for a pull target, on $name', (factory) => {
  let s: TestServer;
  const logged: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    const logger = createLogger('info', { write: (line: string) => void logged.push(JSON.parse(line) as Record<string, unknown>) });
    // No push worker: whatever is counted here was counted by the pull feed.
    s = await startTestServer(factory, { deps: (db) => ({ payloadVersions: testContract, metrics: createMetrics(db), logger }) });
  });
  afterAll(() => s?.close());

  const failures = async () =>
    (await (await s.call('GET', '/metrics', { key: s.adminKey })).text())
      .split('\n')
      .find((line) => line.startsWith('clubnotify_payload_conversion_failures_total{event="stockUpdate",version="1"}'));

  it('is recorded failed at its lease, never leased, counted in /metrics and logged as a push target is, and its owner told', async () => {
    const ops = await s.call('POST', '/operationalEventSubscriptions', {
      body: { url: 'https://hooks.example.com/ops', events: ['deliveryFailed'] },
    });
    expect(ops.status).toBe(200);
    const res = await s.call('POST', '/registerForStockUpdates', {
      body: { url: 'http://localhost:9/pulled', delivery: 'pull', payloadVersion: 1 },
    });
    expect(res.status).toBe(200);
    const t = (await res.json()) as Target;
    const change = await s.call('POST', '/stockChanges', {
      key: s.adminKey,
      body: { drink: { id: 'itm_daiquiri', stock: 13 }, ingredient: { id: 'itm_white_rum', stock: 4 } },
    });
    expect(change.status).toBe(200);
    // Queued in the current version (its conversion failed at publish); nothing counted until the lease tries again.
    expect(await failures()).toBeUndefined();

    const leased = await s.call('POST', `/targets/${t.id}/lease?waitSeconds=0`);
    expect(leased.status).toBe(200);
    expect(((await leased.json()) as { data: unknown[] }).data).toEqual([]);

    const list = (await (await s.call('GET', `/deliveries?targetId=${t.id}`)).json()) as { data: Array<{ id: string }> };
    expect(list.data).toHaveLength(1);
    const id = list.data[0]!.id;
    const failed = (await (await s.call('GET', `/deliveries/${id}`)).json()) as DeliveryDetail;
    expect(failed).toMatchObject({ status: 'failed', payloadVersion: 1 });
    expect(failed.attempts).toHaveLength(1);
    expect(failed.attempts[0]!.error).toContain(`not sent: payload conversion from version 3 to 1 failed: ${SOURCE}`);
    expect(await failures()).toBe('clubnotify_payload_conversion_failures_total{event="stockUpdate",version="1"} 1');
    expect(logged.filter((l) => l.msg === 'delivery not sent: payload conversion failed')).toEqual([
      expect.objectContaining({ level: 50, deliveryId: id, targetId: t.id, event: 'stockUpdate', payloadVersion: 1 }),
    ]);
    // deliveryFailed is queued to the owner (no push worker here to send it), naming the converter.
    const events = (await (await s.call('GET', '/operationalEvents')).json()) as { data: Array<{ event: string; payload: any }> };
    expect(events.data).toEqual([
      expect.objectContaining({
        event: 'deliveryFailed',
        payload: expect.objectContaining({ deliveryId: id, targetId: t.id, lastError: expect.stringContaining(SOURCE) }),
      }),
    ]);
  });
});
