import { describe, it, expect } from 'vitest';
import { Outbox } from '../../src/publish/outbox.js';
import {
  addRegistration,
  createTestDatabase,
  earlySends,
  firstSlotAhead,
  queueMessages,
  sendsSince,
  startReceiver,
  waitFor,
} from '../support/delivery-support.js';
import { exited, killedMidWay, perMessage, queueSpread, spawnWorker } from '../support/worker-processes.js';
import { expectLedger } from '../support/ledger.js';

// The crash at the smallest size that still has requests in flight at the kill; 10,000 messages
// in processes-crash.scale.test.ts (test:scale).
const CRASH_MESSAGES = 1_000;

describe('delivery across processes', () => {
  it(`delivers every one of ${CRASH_MESSAGES} messages at least once when the worker is killed with SIGKILL mid-way (PGlite)`, async () => {
    await killedMidWay(CRASH_MESSAGES);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'delivers every message on PostgreSQL when a worker process is killed with SIGKILL mid-way: its target holds expire',
    async () => {
      const r = await startReceiver();
      const t = await createTestDatabase('postgres');
      try {
        await queueSpread(t.db, r, 3_000);
        const first = spawnWorker(t.url!);
        await waitFor(() => r.received.length >= 1_000, 60_000, 'a third of the messages');
        first.kill('SIGKILL');
        await exited(first);
        const [held] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM delivery_targets WHERE holder_until > now()`);
        const killedAt = Date.now();
        const second = spawnWorker(t.url!);
        expect(await exited(second)).toBe(0);
        console.log(
          `PostgreSQL kill -9: ${held!.n} targets held by the killed process, the rest delivered ${Date.now() - killedAt} ms after the kill`,
        );
        expect(held!.n).toBeGreaterThan(0);
        expect(perMessage(r).size).toBe(3_000);
        const rows = await t.db.query<{ status: string; n: number }>(
          `SELECT status, count(*)::int AS n FROM delivery_messages GROUP BY status`,
        );
        expect(rows).toEqual([{ status: 'succeeded', n: 3_000 }]);
        await expectLedger(t.db, { published: 3_000, delivered: 3_000, pending: 0 });
      } finally {
        await r.close();
        await t.drop();
      }
    },
    120_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'two worker processes on PostgreSQL send each of 4,000 messages exactly once',
    async () => {
      const r = await startReceiver();
      const t = await createTestDatabase('postgres');
      try {
        await queueSpread(t.db, r, 4_000);
        const workers = [spawnWorker(t.url!, { CHILD_LEASE_MS: '30000' }), spawnWorker(t.url!, { CHILD_LEASE_MS: '30000' })];
        expect(await Promise.all(workers.map(exited))).toEqual([0, 0]);
        const seen = perMessage(r);
        expect(seen.size).toBe(4_000);
        expect([...seen.values()].every((n) => n === 1)).toBe(true);
        expect(r.received.every((x) => x.headers['webhook-attempt'] === '1')).toBe(true);
        const [row] = await t.db.query<{ n: number; workers: number }>(`SELECT count(*)::int AS n FROM delivery_attempt_log`);
        expect(row!.n).toBe(4_000);
      } finally {
        await r.close();
        await t.drop();
      }
    },
    120_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'two worker processes together start no send to a target limited to 5/s before its slot',
    async () => {
      const r = await startReceiver();
      const t = await createTestDatabase('postgres');
      try {
        const reg = await addRegistration(t.db, r.url);
        await t.db.query(`UPDATE registrations SET rate_limit_per_second = 5 WHERE id = $1`, [reg.id]);
        // Both run before the messages come, so the first claim comes well before the first free slot.
        const workers = [0, 1].map(() => spawnWorker(t.url!, { CHILD_LEASE_MS: '30000', CHILD_STAY: '1' }));
        await Promise.all(workers.map((w) => new Promise((resolve) => w.once('message', resolve))));
        const first = await firstSlotAhead(t.db, reg.id);
        await queueMessages(t.db, reg, r.url, 20);
        await waitFor(() => perMessage(r).size >= 20, 60_000, 'every message');
        for (const w of workers) w.send('stop');
        expect(await Promise.all(workers.map(exited))).toEqual([0, 0]);
        expect(perMessage(r).size).toBe(20);
        // Both processes reserve their slots in the database, one after the other: 20 of 200 ms
        // from the first free one, and neither process starts a send before its slot.
        const { sends, next } = await sendsSince(t.db, reg.id, first);
        expect(sends).toHaveLength(20);
        expect(next).toBeGreaterThanOrEqual(20 * 200);
        expect(earlySends(sends, 5)).toEqual([]);
      } finally {
        await r.close();
        await t.drop();
      }
    },
    60_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'two worker processes together keep at most perTargetConcurrency (4) requests open to one slow target',
    async () => {
      let open = 0;
      let most = 0;
      const r = await startReceiver((_req, res) => {
        most = Math.max(most, ++open);
        setTimeout(() => {
          open--;
          res.end('ok');
        }, 150);
      });
      const t = await createTestDatabase('postgres');
      try {
        const reg = await addRegistration(t.db, r.url);
        await queueMessages(t.db, reg, r.url, 40);
        const workers = [spawnWorker(t.url!, { CHILD_LEASE_MS: '30000' }), spawnWorker(t.url!, { CHILD_LEASE_MS: '30000' })];
        expect(await Promise.all(workers.map(exited))).toEqual([0, 0]);
        expect(perMessage(r).size).toBe(40);
        expect(most).toBe(4);
      } finally {
        await r.close();
        await t.drop();
      }
    },
    60_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'two worker processes, both sending, never have more than 4 requests open to any of 6 slow targets together',
    async () => {
      const open = new Map<string, number>();
      const most = new Map<string, number>();
      let allOpen = 0;
      let mostOpen = 0;
      const r = await startReceiver((req, res) => {
        const n = (open.get(req.url!) ?? 0) + 1;
        open.set(req.url!, n);
        most.set(req.url!, Math.max(most.get(req.url!) ?? 0, n));
        mostOpen = Math.max(mostOpen, ++allOpen);
        setTimeout(() => {
          open.set(req.url!, open.get(req.url!)! - 1);
          allOpen--;
          res.end('ok');
        }, 100);
      });
      const t = await createTestDatabase('postgres');
      try {
        const targets = [];
        for (let i = 0; i < 6; i++) targets.push({ url: `${r.url}/${i}`, reg: await addRegistration(t.db, `${r.url}/${i}`) });
        // 8 slots each (up to 16 while owners borrow): one process alone could not keep all 24 busy.
        // Both run before the messages come, so both claim from the start.
        const workers = [0, 1].map(() => spawnWorker(t.url!, { CHILD_LEASE_MS: '30000', CHILD_CONCURRENCY: '8', CHILD_STAY: '1' }));
        const sent = workers.map(
          (w) => new Promise<number>((resolve) => w.on('message', (m: { sent?: number }) => m.sent !== undefined && resolve(m.sent))),
        );
        await Promise.all(workers.map((w) => new Promise((resolve) => w.once('message', resolve))));
        for (const { url, reg } of targets) await queueMessages(t.db, reg, url, 40);
        await waitFor(() => perMessage(r).size >= 240, 60_000, 'every message');
        for (const w of workers) w.send('stop');
        expect(await Promise.all(workers.map(exited))).toEqual([0, 0]);
        expect(perMessage(r).size).toBe(240);
        const [a, b] = await Promise.all(sent);
        console.log(
          `6 slow targets, two processes: ${a} and ${b} sent, at most ${mostOpen} requests open at once, per target ${[...most.values()].join(', ')}`,
        );
        expect(a! + b!).toBe(240);
        expect(Math.min(a!, b!)).toBeGreaterThan(0);
        expect(Math.max(...most.values())).toBe(4);
      } finally {
        await r.close();
        await t.drop();
      }
    },
    60_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'two worker processes send one probe at a time to a half-open circuit',
    async () => {
      let open = 0;
      let most = 0;
      const r = await startReceiver((_req, res) => {
        most = Math.max(most, ++open);
        setTimeout(() => {
          open--;
          res.statusCode = 503;
          res.end('busy');
        }, 100);
      });
      const t = await createTestDatabase('postgres');
      try {
        const reg = await addRegistration(t.db, r.url);
        // Half-open: the cool-down is over; a failed probe with an answer keeps it half-open.
        await t.db.query(
          `INSERT INTO delivery_targets (target_id, consecutive_failures, circuit_open_until) VALUES ($1, 5, now() - interval '1 second')`,
          [reg.id],
        );
        await queueMessages(t.db, reg, r.url, 6);
        const workers = [spawnWorker(t.url!, { CHILD_LEASE_MS: '30000' }), spawnWorker(t.url!, { CHILD_LEASE_MS: '30000' })];
        expect(await Promise.all(workers.map(exited))).toEqual([0, 0]);
        // Five attempts each (the child's schedule), every one a probe.
        expect(r.received.length).toBe(30);
        expect(most).toBe(1);
      } finally {
        await r.close();
        await t.drop();
      }
    },
    60_000,
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'an outbox without a worker wakes a worker in another process once it commits: it delivers with no poll due',
    async () => {
      const r = await startReceiver();
      const t = await createTestDatabase('postgres');
      const worker = spawnWorker(t.url!, { CHILD_STAY: '1', CHILD_LISTEN: '1', CHILD_POLL_MS: '3600000' });
      try {
        await new Promise((resolve) => worker.once('message', resolve));
        const reg = await addRegistration(t.db, r.url);
        // The listener connects after 'started': wait until its session has run LISTEN (a fixed pause
        // could end first on a loaded machine, and the first message would wait for the hour's poll).
        await waitFor(
          async () =>
            (await t.db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`)).length > 0,
          20_000,
          'the worker process to LISTEN',
        );
        const outbox = new Outbox({ db: t.db });
        for (let i = 0; i < 5; i++) {
          await outbox.publish((queue) =>
            t.db.transaction((tx) =>
              queue.messages(tx, [
                {
                  kind: 'webhook',
                  event: 'concertAlert',
                  targetId: reg.id,
                  ownerKeyId: reg.ownerKeyId,
                  url: r.url,
                  contentType: 'text/plain; charset=utf-8',
                  body: `m${i}`,
                },
              ]),
            ),
          );
          // The worker's poll is an hour away: only the wake-up after the commit can deliver it.
          await waitFor(() => r.received.length > i, 45_000, `message ${i}`);
        }
      } finally {
        worker.send('stop');
        await exited(worker);
        await r.close();
        await t.drop();
      }
    },
    60_000,
  );
});
