import { describe, it, expect } from 'vitest';
import { enqueueDeliveries, type OutgoingMessage } from '../../src/delivery/queue/enqueue.js';
import { targetCircuits } from '../../src/delivery/record/target-circuits.js';
import { createDeliveryWorker } from '../../src/delivery/worker.js';
import { addRegistration, createTestDatabase, databaseKinds, startReceiver, waitFor } from '../support/delivery-support.js';
import { tarpit } from '../support/tarpit.js';

const message = (reg: { id: string; ownerKeyId: string }, url: string, body: string): OutgoingMessage => ({
  kind: 'webhook',
  event: 'concertAlert',
  targetId: reg.id,
  ownerKeyId: reg.ownerKeyId,
  url,
  contentType: 'text/plain; charset=utf-8',
  body,
});

describe.each(databaseKinds())('fair delivery on %s', (kind) => {
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

  it.each(['release', 'hold'] as const)(
    'delays no other key of a target, nor another target, while one key fails at its receiver (ordering %s)',
    async (ordering) => {
      const t = await createTestDatabase(kind);
      const keys = ['k0', 'k1', 'k2', 'k3'];
      const others = (batches: number) => batches * 3 * (keys.length - 1 + keys.length); // a's other keys and every key of b
      const seen: Array<{ target: string; key: string; seq: number; status: number }> = [];
      const ok = () => seen.filter((x) => x.status === 200).length;
      // At a, k0 fails every attempt; its first attempt stays on the wire until every other message of the first batch is in.
      const r = await startReceiver((req, res) => {
        const x = {
          target: new URL(req.url!, 'http://x').searchParams.get('t')!,
          key: String(req.headers['webhook-ordering-key']),
          seq: Number(req.headers['webhook-ordering-sequence']),
        };
        const failing = x.target === 'a' && x.key === 'k0';
        const first = failing && !seen.some((s) => s.target === 'a' && s.key === 'k0');
        void (first ? waitFor(() => ok() === others(1), 60_000, 'the first batch beside the held attempt') : Promise.resolve()).then(() => {
          const status = failing ? 500 : 200;
          seen.push({ ...x, status });
          res.statusCode = status;
          res.end();
        });
      });
      const worker = createDeliveryWorker({
        db: t.db,
        policy: { allow: ['127.0.0.1/32'] },
        schedule: [0, 0],
        jitter: 0,
        timeoutMs: 600_000,
        pollMs: 50,
        onError: () => {},
      });
      try {
        const owner = { ownerKeyId: 'key_keyed' };
        const a = await addRegistration(t.db, `${r.url}?t=a`, owner);
        const b = await addRegistration(t.db, `${r.url}?t=b`, owner);
        await t.db.query(`UPDATE registrations SET ordering = $1`, [ordering]);
        // Three messages of each key to each target, keys interleaved, in one transaction.
        const batch = (n: number) =>
          t.db.transaction((tx) =>
            enqueueDeliveries(
              tx,
              [0, 1, 2].flatMap((i) =>
                keys.flatMap((key) =>
                  [a, b].map((reg, j) => ({ ...message(reg, `${r.url}?t=${'ab'[j]}`, `${key} ${n * 3 + i}`), orderingKey: key })),
                ),
              ),
            ),
          );
        worker.start();
        await batch(0);
        worker.wake();
        await waitFor(
          async () =>
            (
              await t.db.query(
                `SELECT 1 FROM delivery_history WHERE target_id = $1 AND ordering_key = 'k0' AND key_seq = 1 AND status = 'failed'`,
                [a.id],
              )
            ).length === 1,
          60_000,
          "a's first k0 message to fail for good",
        );
        // Published after the failure: the claims that take it see k0's later messages at a, held (hold) or due (release).
        await batch(1);
        worker.wake();
        await waitFor(() => ok() === others(2), 60_000, 'every message of the other keys and of the other target');
        const k0 = () => seen.filter((x) => x.target === 'a' && x.key === 'k0').map((x) => x.seq);
        if (ordering === 'release') await waitFor(() => k0().length === 6 * 2, 60_000, "every attempt of a's k0 messages");

        for (const target of ['a', 'b'])
          for (const key of keys) {
            if (target === 'a' && key === 'k0') continue;
            const seqs = seen.filter((x) => x.target === target && x.key === key).map((x) => [x.seq, x.status]);
            expect(seqs, `${target} ${key}`).toEqual([1, 2, 3, 4, 5, 6].map((seq) => [seq, 200]));
          }
        // Two attempts a message (the schedule's two), in key order: with hold, the key stops at its failed message; with release it goes on.
        const expected = ordering === 'hold' ? [1] : [1, 2, 3, 4, 5, 6];
        expect(k0()).toEqual(expected.flatMap((seq) => [seq, seq]));
      } finally {
        await worker.stop();
        await r.close();
        await t.drop();
      }
    },
    90_000,
  );

  it('opens a target’s circuit after consecutive timeouts, holds its deliveries, then closes it on a successful probe', async () => {
    const t = await createTestDatabase(kind);
    let hang = true;
    const r = await startReceiver((_req, res) => {
      if (!hang) res.end('ok');
    });
    // A cool-down far longer than the test: the circuit stays open until the test ends it (below), so no
    // poll can miss the open window, and nothing here waits for a timer.
    const coolDownMs = 600_000;
    const attempts: Array<{ body: string; startedAt: number }> = [];
    const worker = createDeliveryWorker({
      db: t.db,
      policy: { allow: ['127.0.0.1/32'] },
      schedule: [0, 0, 0, 0, 0, 0],
      jitter: 0,
      timeoutMs: 200,
      breakAfter: 2,
      coolDownMs,
      pollMs: 20,
      perTargetConcurrency: 1,
      onError: () => {},
      onOutcome: (o) => attempts.push({ body: o.delivery.body, startedAt: o.result.startedAt.getTime() }),
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
      await waitFor(async () => (await targetCircuits(t.db, [reg.id])).get(reg.id)!.state === 'open', 30_000, 'the circuit to open');
      const open = (await targetCircuits(t.db, [reg.id])).get(reg.id)!;
      expect(open.failures).toBeGreaterThanOrEqual(2);
      // When the circuit opened, as the server stored it (the failure that opened it set openUntil from it).
      const openedAt = open.openUntil!.getTime() - coolDownMs;

      // Every request sent so far has its outcome recorded: nothing is on the wire or held for the target.
      await waitFor(
        async () => {
          const [row] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM delivery_attempts`);
          return row!.n === r.received.length;
        },
        30_000,
        'every attempt to be recorded',
      );
      // A message queued while the circuit is open is due at once: only the claim's circuit check holds it back.
      // The claim that read it defers it to the cool-down's end: after that, it would have been sent.
      await t.db.transaction((tx) => enqueueDeliveries(tx, [message(reg, r.url, 'm4')]));
      worker.wake();
      await waitFor(
        async () => {
          const [row] = await t.db.query<{ deferred: boolean }>(
            `SELECT d.next_attempt_at = t.circuit_open_until AS deferred
             FROM deliveries d JOIN delivery_targets t ON t.target_id = d.target_id WHERE d.body = 'm4'`,
          );
          return row?.deferred === true;
        },
        30_000,
        'a claim to read m4 and defer it to the cool-down',
      );

      // The cool-down ends now (the stored times moved back), and the receiver answers from here on.
      hang = false;
      const reopenedAt = await t.db.transaction(async (tx) => {
        await tx.query(`UPDATE deliveries SET next_attempt_at = now() WHERE target_id = $1`, [reg.id]);
        const [row] = await tx.query<{ at: Date | string }>(
          `UPDATE delivery_targets SET circuit_open_until = now() WHERE target_id = $1 RETURNING now() AS at`,
          [reg.id],
        );
        return new Date(row!.at).getTime();
      });
      worker.wake();
      await worker.drained({ timeoutMs: 30_000 });

      // No attempt started while the circuit was open (the worker's own start times, against the server's stored ones).
      const duringCoolDown = attempts.filter((a) => a.startedAt >= openedAt && a.startedAt < reopenedAt).map((a) => a.body);
      expect(duringCoolDown).toEqual([]);
      expect(attempts.filter((a) => a.body === 'm4')).toHaveLength(1);
      const closed = (await targetCircuits(t.db, [reg.id])).get(reg.id)!;
      expect(closed).toMatchObject({ state: 'closed', failures: 0 });
      expect(closed.successAt).not.toBeNull();
      const [row] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM delivery_messages WHERE status = 'succeeded'`);
      expect(row!.n).toBe(4);
    } finally {
      await worker.stop();
      await r.close();
      await t.drop();
    }
  }, 90_000); // 6-10 s on a quiet machine; over 30 s at load 10 (Node 24, PGlite)

  it('reports a target never attempted as closed with no failures', async () => {
    const t = await createTestDatabase(kind);
    try {
      expect((await targetCircuits(t.db, ['reg_unknown'])).get('reg_unknown')).toEqual({
        state: 'closed',
        openUntil: null,
        failures: 0,
        successAt: null,
        failureAt: null,
      });
    } finally {
      await t.drop();
    }
  });
});
