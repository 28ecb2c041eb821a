import { describe, it, expect } from 'vitest';
import { enqueueDeliveries, type OutgoingMessage } from '../src/delivery/enqueue.js';
import { targetHealth } from '../src/delivery/target-health.js';
import { createDeliveryWorker } from '../src/delivery/worker.js';
import { addRegistration, createTestDatabase, databaseKinds, startReceiver, waitFor } from './delivery-support.js';
import { tarpit } from './tarpit.js';

const message = (reg: { id: string; ownerKeyId: string }, url: string, body: string): OutgoingMessage => ({
  kind: 'webhook',
  event: 'concertAlert',
  targetId: reg.id,
  ownerKeyId: reg.ownerKeyId,
  url,
  contentType: 'text/plain; charset=utf-8',
  body,
});

describe.each(databaseKinds)('fair delivery on %s', (kind) => {
  it('delivers another owner’s messages while 200 targets of one owner hang every slot', async () => {
    const t = await createTestDatabase(kind);
    const pit = await tarpit();
    const r = await startReceiver();
    // The hanging attempts never end by themselves here: the other owner is served beside them or never.
    const worker = createDeliveryWorker({
      db: t.db,
      policy: { allow: ['127.0.0.1/32'] },
      timeoutMs: 600_000,
      concurrency: 64,
      pollMs: 250,
      onError: () => {},
    });
    try {
      const dead = { ownerKeyId: 'key_deadtenant' };
      const regs: Array<{ id: string; ownerKeyId: string }> = [];
      for (let i = 0; i < 200; i++) regs.push(await addRegistration(t.db, pit.url(i), dead));
      const healthy: Array<{ id: string; ownerKeyId: string }> = [];
      for (let i = 0; i < 5; i++) healthy.push(await addRegistration(t.db, `${r.url}?t=${i}`, { ownerKeyId: 'key_healthy' }));
      worker.start();
      await t.db.transaction((tx) =>
        enqueueDeliveries(
          tx,
          regs.map((reg, i) => message(reg, pit.url(i), `concert ${i}`)),
        ),
      );
      worker.wake();
      await waitFor(() => pit.open() >= 64, 60_000, 'the dead targets to hold every slot');

      const sent = new Map<string, number>();
      for (let i = 0; i < 40; i++) {
        const body = `stock ${i}`;
        await t.db.transaction((tx) => enqueueDeliveries(tx, [message(healthy[i % 5]!, `${r.url}?t=${i % 5}`, body)]));
        sent.set(body, Date.now());
        worker.wake();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await waitFor(() => r.received.length >= 40, 60_000, 'the healthy owner’s messages');
      // Every hanging attempt is still hanging: the other owner was served beside them, not after them.
      expect(pit.open()).toBeGreaterThanOrEqual(64);
      const latencies = r.received.map((x) => x.at - sent.get(x.body)!).sort((a, b) => a - b);
      console.log(
        `fairness (${kind}): the healthy owner's 40 messages arrived in at most ${latencies.at(-1)} ms, beside 64 hanging attempts`,
      );
    } finally {
      // The hanging attempts end when their sockets do; the worker stops once they are recorded.
      await pit.close();
      await worker.stop();
      await r.close();
      await t.drop();
    }
  }, 90_000); // 200 registrations on a loaded machine

  it('opens a target’s circuit after consecutive timeouts, holds its deliveries, then closes it on a successful probe', async () => {
    const t = await createTestDatabase(kind);
    let hang = true;
    const r = await startReceiver((_req, res) => {
      if (!hang) res.end('ok');
    });
    const worker = createDeliveryWorker({
      db: t.db,
      policy: { allow: ['127.0.0.1/32'] },
      schedule: [0, 0, 0, 0, 0, 0],
      jitter: 0,
      timeoutMs: 200,
      breakAfter: 2,
      coolDownMs: 1_500,
      pollMs: 20,
      perTargetConcurrency: 1,
      onError: () => {},
    });
    try {
      const reg = await addRegistration(t.db, r.url);
      await t.db.transaction((tx) =>
        enqueueDeliveries(
          tx,
          [1, 2, 3].map((i) => message(reg, r.url, `m${i}`)),
        ),
      );
      worker.start();
      await waitFor(async () => (await targetHealth(t.db, [reg.id])).get(reg.id)!.circuitState === 'open', 30_000, 'the circuit to open');
      const open = (await targetHealth(t.db, [reg.id])).get(reg.id)!;
      expect(open.consecutiveFailures).toBeGreaterThanOrEqual(2);
      expect(open.lastFailureAt).not.toBeNull();
      const requestsWhenOpened = r.received.length;
      hang = false;
      // 0.8 s into the 1.5 s cool-down, counted from when the circuit opened, not from when this
      // test saw it open (the polling above can be late on a loaded machine).
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, open.circuitOpenUntil!.getTime() - 700 - Date.now())));
      expect(r.received.length).toBe(requestsWhenOpened);

      await worker.drained({ timeoutMs: 10_000 });
      const closed = (await targetHealth(t.db, [reg.id])).get(reg.id)!;
      expect(closed).toMatchObject({ circuitState: 'closed', consecutiveFailures: 0 });
      expect(closed.lastSuccessAt).not.toBeNull();
      const [row] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM delivery_messages WHERE status = 'succeeded'`);
      expect(row!.n).toBe(3);
    } finally {
      await worker.stop();
      await r.close();
      await t.drop();
    }
  }, 90_000); // 6-10 s on a quiet machine; over 30 s at load 10 (Node 24, PGlite)

  it('reports a target never attempted as closed with no failures', async () => {
    const t = await createTestDatabase(kind);
    try {
      expect((await targetHealth(t.db, ['reg_unknown'])).get('reg_unknown')).toEqual({
        lastSuccessAt: null,
        lastFailureAt: null,
        consecutiveFailures: 0,
        circuitState: 'closed',
        circuitOpenUntil: null,
      });
    } finally {
      await t.drop();
    }
  });
});
