import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import { createClient } from '@clubnotify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { about, loadOperational } from '../../console/src/operational.js';
import { pino } from 'pino';
import { createDeliveryWorker, type DeliveryWorker } from '../../src/delivery/worker.js';
import { createOutgoingGuard } from '../../src/publish/outgoing-check.js';
import { Outbox } from '../../src/publish/outbox.js';
import { parseOperatorKey } from '../../src/delivery/send/operator-key.js';
import { adoptAndAnnounce } from '../../src/domain/rotate-signing-key.js';
import { startOpsReceiver, type OpsReceiver } from '../support/operational-support.js';
import { dbFactories, startTestServer, type TestServer } from '../support/server-support.js';

type Mode = 'reset' | 'ok' | '500' | '410';

/** A target whose answer the test switches: `reset` closes the socket without an answer (the circuit counts those). */
async function switchableTarget(initial: Mode): Promise<{ url: string; mode: Mode; server: Server }> {
  const target = { url: '', mode: initial, server: undefined as unknown as Server };
  target.server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (target.mode === 'reset') return void req.socket.destroy();
      res.statusCode = target.mode === 'ok' ? 200 : Number(target.mode);
      res.end();
    });
  });
  await new Promise<void>((resolve) => target.server.listen(0, '127.0.0.1', resolve));
  target.url = `http://127.0.0.1:${(target.server.address() as AddressInfo).port}/hook`;
  return target;
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

describe.each(dbFactories())('operational events on $name', (factory) => {
  let s: TestServer;
  let worker: DeliveryWorker;
  let ops: OpsReceiver;
  const servers: Server[] = [];

  beforeAll(async () => {
    s = await startTestServer(factory, {
      seedData: false,
      deps: { deliveryHandoff: { offer: (fresh) => worker?.offer(fresh), wake: () => worker?.wake() } },
    });
    worker = createDeliveryWorker({
      db: s.db,
      policy: { allow: ['127.0.0.1/32'] },
      schedule: [0, 0, 0, 0, 0, 0],
      jitter: 0,
      pollMs: 20,
      timeoutMs: 2_000,
      breakAfter: 2,
      coolDownMs: 200,
      // The engine's operational events are checked against the spec as the app's publishes are, refused if they break it.
      checkPayload: createOutgoingGuard('strict', pino({ enabled: false }), () => {}),
    });
    worker.start();
    ops = await startOpsReceiver();
    const res = await s.call('POST', '/operationalEventSubscriptions', {
      body: {
        url: ops.url,
        events: [
          'targetDisabled',
          'circuitOpened',
          'circuitClosed',
          'secretOverlapEnded',
          'deliveryFailed',
          'orderingKeyHeld',
          'signingKeyRotated',
        ],
      },
    });
    expect(res.status).toBe(200);
    const created = (await res.json()) as { secret: string };
    ops.useSecret(created.secret);
  });
  afterAll(async () => {
    await worker?.stop();
    await ops?.close();
    for (const server of servers) await close(server);
    await s?.close();
  });

  async function register(url: string): Promise<string> {
    const res = await s.call('POST', '/registerForStockUpdates', { body: { url } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  }

  async function target(mode: Mode) {
    const t = await switchableTarget(mode);
    servers.push(t.server);
    return { ...t, t, id: await register(t.url) };
  }

  const sendTest = async (id: string) => expect((await s.call('POST', `/registrations/${id}/test`)).status).toBe(202);

  it('sends circuitOpened when a target stops answering, then circuitClosed when the probe succeeds', async () => {
    const flaky = await target('reset');
    // The receiver recovers as soon as it is told its circuit opened: the probe after the cool-down succeeds.
    ops.onEvent = (e) => {
      if (e.payload.type === 'circuitOpened' && e.payload.targetId === flaky.id) flaky.t.mode = 'ok';
    };
    await sendTest(flaky.id);
    const opened = await ops.next('circuitOpened', (p) => p.targetId === flaky.id);
    expect(opened).toMatchObject({ type: 'circuitOpened', targetId: flaky.id, url: flaky.url, ownerKeyId: expect.stringMatching(/^key_/) });
    expect(Date.parse(opened.openUntil)).toBeGreaterThan(Date.parse(opened.occurredAt));
    const closed = await ops.next('circuitClosed', (p) => p.targetId === flaky.id);
    expect(closed).toMatchObject({ type: 'circuitClosed', targetId: flaky.id, url: flaky.url });
    ops.onEvent = undefined;
  });

  it('sends deliveryFailed when every retry failed', async () => {
    const broken = await target('500');
    await sendTest(broken.id);
    const failed = await ops.next('deliveryFailed', (p) => p.targetId === broken.id);
    expect(failed).toMatchObject({ event: 'stockUpdate', attemptCount: 6, lastStatusCode: 500, lastError: null, url: broken.url });
    const detail = await s.call('GET', `/deliveries/${failed.deliveryId}`);
    expect(((await detail.json()) as { status: string; messageId: string }).messageId).toBe(failed.messageId);
  });

  it('sends orderingKeyHeld when a keyed message fails for good at a hold target, naming the key and the delivery', async () => {
    const broken = await target('500');
    expect((await s.call('PATCH', `/registrations/${broken.id}`, { body: { ordering: 'hold' } })).status).toBe(200);
    await sendTest(broken.id);
    const failed = await ops.next('deliveryFailed', (p) => p.targetId === broken.id);
    const held = await ops.next('orderingKeyHeld', (p) => p.targetId === broken.id);
    expect(held).toMatchObject({ url: broken.url, deliveryId: failed.deliveryId, orderingKey: failed.orderingKey });
    expect(held.orderingKey).toEqual(expect.any(String));
  });

  it('sends no orderingKeyHeld for a keyed message that fails at a release target', async () => {
    const broken = await target('500');
    await sendTest(broken.id);
    const failed = await ops.next('deliveryFailed', (p) => p.targetId === broken.id);
    expect(failed.orderingKey).toEqual(expect.any(String));
    // Queued in the transaction that queued the deliveryFailed, if at all.
    const queued = await s.db.query(`SELECT 1 FROM delivery_messages WHERE event = 'orderingKeyHeld' AND body LIKE $1`, [`%${broken.id}%`]);
    expect(queued).toEqual([]);
  });

  it('sends targetDisabled (and deliveryFailed) when a target answers 410', async () => {
    const gone = await target('410');
    await sendTest(gone.id);
    const disabled = await ops.next('targetDisabled', (p) => p.targetId === gone.id);
    expect(disabled.reason).toMatch(/410/);
    const shown = (await (await s.call('GET', `/registrations/${gone.id}`)).json()) as { disabledReason: string };
    expect(shown.disabledReason).toBe(disabled.reason);
    expect(await ops.next('deliveryFailed', (p) => p.targetId === gone.id)).toMatchObject({ lastStatusCode: 410 });
  });

  it('sends secretOverlapEnded when a rotation overlap ends', async () => {
    const id = await register('http://127.0.0.1:9/rotated');
    const rotated = await s.call('POST', `/registrations/${id}/rotateSecret`, { body: { overlapSeconds: 1 } });
    const { previousSecretExpiresAt } = (await rotated.json()) as { previousSecretExpiresAt: string };
    const ended = await ops.next('secretOverlapEnded', (p) => p.targetId === id);
    expect(ended.occurredAt).toBe(previousSecretExpiresAt);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(previousSecretExpiresAt));
  });

  it('sends signingKeyRotated to the owners who asked when an admin rotates the server’s key, once per rotation', async () => {
    // An owner whose key was revoked is told nothing more, though its operational subscription asked.
    const created = await s.call('POST', '/apiKeys', { key: s.adminKey, body: { name: 'dave', scope: 'subscriber' } });
    const dave = (await created.json()) as { id: string; key: string };
    const sub = await s.call('POST', '/operationalEventSubscriptions', {
      key: dave.key,
      body: { url: 'http://127.0.0.1:9/dave', events: ['signingKeyRotated'] },
    });
    expect(sub.status).toBe(200);
    expect((await s.call('DELETE', `/apiKeys/${dave.id}`, { key: s.adminKey })).status).toBe(204);
    const res = await s.call('POST', '/signingKeys/rotate', { key: s.adminKey });
    expect(res.status).toBe(200);
    const rotation = (await res.json()) as { kid: string; previousKid: string };
    const told = await ops.next('signingKeyRotated', (p) => p.kid === rotation.kid);
    expect(told).toEqual({
      ...rotation,
      type: 'signingKeyRotated',
      occurredAt: expect.any(String),
      ownerKeyId: expect.stringMatching(/^key_/),
    });
    expect(told.previousKid).toEqual(expect.stringMatching(/^key_/));
    // A rotation refused while the new key waits to sign tells nobody.
    expect((await s.call('POST', '/signingKeys/rotate', { key: s.adminKey })).status).toBe(409);
    await worker.drained();
    const queued = (await (await s.call('GET', '/operationalEvents?limit=100')).json()) as { data: Array<{ event: string }> };
    expect(queued.data.filter((d) => d.event === 'signingKeyRotated')).toHaveLength(1);
    const toDave = (await (await s.call('GET', `/operationalEvents?ownerKeyId=${dave.id}&limit=100`, { key: s.adminKey })).json()) as {
      data: Array<{ event: string }>;
    };
    expect(toDave.data.map((d) => d.event)).toEqual([]);
  });

  it('sends signingKeyRotated when a start makes the operator key sign, and when a start without it hands back', async () => {
    const outbox = new Outbox({ db: s.db, handoff: worker });
    const operator = parseOperatorKey(`whsk_${randomBytes(32).toString('base64')}`);
    const adopted = await adoptAndAnnounce(s.db, outbox, operator);
    expect(adopted).toMatchObject({ kid: operator.kid, previousKid: expect.stringMatching(/^key_/) });
    const told = await ops.next('signingKeyRotated', (p) => p.kid === operator.kid);
    expect(told).toMatchObject({ previousKid: adopted!.previousKid, signsFrom: adopted!.signsFrom.toISOString() });
    // A start with the same key says nothing; one without it makes the server's own key sign again, and says so.
    expect(await adoptAndAnnounce(s.db, outbox, operator)).toBeUndefined();
    const back = await adoptAndAnnounce(s.db, outbox, undefined);
    await ops.next('signingKeyRotated', (p) => p.kid === back!.kid && p.previousKid === operator.kid);
  });

  it('never reports on an operational-event subscription itself, and keeps its events out of the delivery log', async () => {
    const gone = await switchableTarget('410');
    servers.push(gone.server);
    const res = await s.call('POST', '/operationalEventSubscriptions', { body: { url: gone.url, events: ['circuitOpened'] } });
    const loop = (await res.json()) as { id: string };
    const flaky = await target('reset');
    await sendTest(flaky.id);
    await ops.next('circuitOpened', (p) => p.targetId === flaky.id);
    await s.call('DELETE', `/registrations/${flaky.id}`);
    await worker.drained();
    const list = (await (await s.call('GET', '/operationalEventSubscriptions')).json()) as {
      data: Array<{ id: string; status: string; disabledReason: string }>;
    };
    expect(list.data.find((d) => d.id === loop.id)).toMatchObject({ status: 'disabled', disabledReason: expect.stringMatching(/410/) });
    // Registering the URL again brings it back.
    const again = await s.call('POST', '/operationalEventSubscriptions', { body: { url: gone.url, events: ['circuitOpened'] } });
    expect(await again.json()).toMatchObject({ id: loop.id, status: 'active', disabledReason: null });
    await s.call('DELETE', `/operationalEventSubscriptions/${loop.id}`);
    expect(ops.got.filter((e) => 'targetId' in e.payload && e.payload.targetId === loop.id)).toEqual([]);
    const log = (await (await s.call('GET', '/deliveries?limit=100')).json()) as { data: Array<{ event: string; targetId: string }> };
    expect(log.data.length).toBeGreaterThan(0);
    expect(log.data.filter((d) => d.targetId.startsWith('ops_'))).toEqual([]);
  });

  it('sends apiKeyRevoked to the revoked key’s own subscriptions, and no targetDisabled for the targets it disabled', async () => {
    const created = await s.call('POST', '/apiKeys', { key: s.adminKey, body: { name: 'carol', scope: 'subscriber' } });
    const carol = (await created.json()) as { id: string; key: string };
    const carolOps = await startOpsReceiver();
    try {
      const sub = await s.call('POST', '/operationalEventSubscriptions', {
        key: carol.key,
        body: { url: carolOps.url, events: ['apiKeyRevoked', 'targetDisabled'] },
      });
      carolOps.useSecret(((await sub.json()) as { secret: string }).secret);
      await s.call('POST', '/registerForStockUpdates', { key: carol.key, body: { url: 'http://127.0.0.1:9/carol' } });
      expect((await s.call('DELETE', `/apiKeys/${carol.id}`, { key: s.adminKey })).status).toBe(204);
      const revoked = await carolOps.next('apiKeyRevoked');
      expect(revoked).toEqual({
        type: 'apiKeyRevoked',
        occurredAt: expect.any(String),
        ownerKeyId: carol.id,
        apiKeyId: carol.id,
        targetsDisabled: 1,
      });
      expect(ops.got.some((e) => e.name === 'apiKeyRevoked')).toBe(false);
      // The spec's decision (webhooks apiKeyRevoked, targetDisabled): one apiKeyRevoked stands for every target it disabled.
      await worker.drained();
      const queued = (await (await s.call('GET', `/operationalEvents?ownerKeyId=${carol.id}&limit=100`, { key: s.adminKey })).json()) as {
        data: Array<{ event: string }>;
      };
      expect(queued.data.map((d) => d.event)).toEqual(['apiKeyRevoked']);
    } finally {
      await carolOps.close();
    }
  });

  it('lists the owner’s operational events newest first with their payloads, to the owner and an admin only', async () => {
    await worker.drained();
    const mine = (await (await s.call('GET', '/operationalEvents?limit=100')).json()) as {
      data: Array<{ event: string; status: string; subscriptionId: string; payload: { type: string } }>;
    };
    const events = new Set(mine.data.map((d) => d.event));
    for (const name of ['circuitOpened', 'circuitClosed', 'deliveryFailed', 'targetDisabled', 'secretOverlapEnded'])
      expect(events).toContain(name);
    expect(mine.data.every((d) => d.payload.type === d.event && d.subscriptionId.startsWith('ops_'))).toBe(true);
    expect(((await (await s.call('GET', '/operationalEvents', { key: s.bobKey })).json()) as { data: [] }).data).toEqual([]);
    const owner = (mine.data[0]!.payload as unknown as { ownerKeyId: string }).ownerKeyId;
    expect((await s.call('GET', `/operationalEvents?ownerKeyId=${owner}`, { key: s.bobKey })).status).toBe(403);
    const admin = (await (await s.call('GET', `/operationalEvents?ownerKeyId=${owner}&limit=100`, { key: s.adminKey })).json()) as {
      data: unknown[];
    };
    expect(admin.data).toHaveLength(mine.data.length);
  });

  it('gives the console its view: the subscriptions and the latest events, saying what each is about', async () => {
    const { subscriptions, events } = await loadOperational(createClient({ baseUrl: s.url, apiKey: s.aliceKey }));
    expect(subscriptions.map((x) => x.url)).toContain(ops.url);
    const disabled = events.find((e) => e.event === 'targetDisabled')!;
    expect(about(disabled.payload)).toMatch(/^reg_\w+ — .*410/);
    const rotated = events.find((e) => e.event === 'signingKeyRotated')!;
    expect(about(rotated.payload)).toBe((rotated.payload as unknown as { kid: string }).kid);
  });
});
