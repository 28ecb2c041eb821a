import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import type { MigratableDatabase } from '../src/db/database.js';
import { enqueueDeliveries, type OutgoingMessage } from '../src/delivery/enqueue.js';
import {
  addRegistration,
  createTestDatabase,
  mostWithin,
  queueMessages,
  SLACK_MS,
  startReceiver,
  waitFor,
  type Receiver,
} from './delivery-support.js';

const child = fileURLToPath(new URL('./delivery-child.ts', import.meta.url));
// The heavy version (for `npm run bench` or the reliability suite): DELIVERY_CRASH_MESSAGES=100000.
const CRASH_MESSAGES = Number(process.env.DELIVERY_CRASH_MESSAGES ?? 10_000);
const TARGETS = 10;

function spawnWorker(db: string, env: Record<string, string> = {}): ChildProcess {
  return fork(child, [], {
    execArgv: ['--import', 'tsx', '--conditions=clubnotify-source'],
    env: { ...process.env, CHILD_DB: db, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

const exited = (p: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    p.exitCode !== null || p.signalCode !== null ? resolve(p.exitCode) : p.once('exit', (code) => resolve(code)),
  );

/** Queues `count` messages spread over TARGETS registrations of one receiver. */
async function queue(db: MigratableDatabase, r: Receiver, count: number): Promise<void> {
  const regs: Array<{ id: string; ownerKeyId: string }> = [];
  for (let i = 0; i < TARGETS; i++) regs.push(await addRegistration(db, r.url));
  const messages: OutgoingMessage[] = Array.from({ length: count }, (_, i) => {
    const reg = regs[i % TARGETS]!;
    return {
      kind: 'webhook',
      event: 'concertAlert',
      targetId: reg.id,
      ownerKeyId: reg.ownerKeyId,
      url: r.url,
      contentType: 'text/plain; charset=utf-8',
      body: `message ${i}`,
    };
  });
  await db.transaction((tx) => enqueueDeliveries(tx, messages));
}

function perMessage(r: Receiver): Map<string, number> {
  const seen = new Map<string, number>();
  for (const x of r.received) seen.set(x.headers['webhook-id'] as string, (seen.get(x.headers['webhook-id'] as string) ?? 0) + 1);
  return seen;
}

describe('delivery across processes', () => {
  it(`delivers every one of ${CRASH_MESSAGES} messages at least once when the worker is killed with SIGKILL mid-way (PGlite)`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cn-crash-'));
    const r = await startReceiver();
    try {
      const t = await createTestDatabase('pglite', dir);
      await queue(t.db, r, CRASH_MESSAGES);
      await t.db.close();

      const first = spawnWorker(dir);
      await waitFor(() => r.received.length >= CRASH_MESSAGES / 3, 60_000, 'a third of the messages');
      first.kill('SIGKILL');
      await exited(first);
      const atKill = r.received.length;

      const restarted = Date.now();
      const second = spawnWorker(dir, { CHILD_LEASE_MS: '3000' });
      expect(await exited(second)).toBe(0);

      const seen = perMessage(r);
      const duplicates = [...seen.values()].reduce((sum, n) => sum + n - 1, 0);
      const resumed = (r.received[atKill]?.at ?? NaN) - restarted;
      console.log(
        `crash test: ${CRASH_MESSAGES} messages, killed after ${atKill} requests, resumed ${resumed} ms after the restart, ${r.received.length} requests in all, ${duplicates} duplicates`,
      );
      expect(seen.size).toBe(CRASH_MESSAGES);
      expect(atKill).toBeLessThan(CRASH_MESSAGES);
      // Only attempts sent but not yet recorded at the kill repeat: at most the child's 32 × 8 unrecorded outcomes.
      expect(duplicates).toBeLessThanOrEqual(256);

      const db = await createTestDatabase('pglite', dir);
      const rows = await db.db.query<{ status: string; n: number }>(
        `SELECT status, count(*)::int AS n FROM delivery_messages GROUP BY status`,
      );
      expect(rows).toEqual([{ status: 'succeeded', n: CRASH_MESSAGES }]);
      await db.drop();
    } finally {
      await r.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'delivers every message on PostgreSQL when a worker process is killed with SIGKILL mid-way: its target holds expire',
    async () => {
      const r = await startReceiver();
      const t = await createTestDatabase('postgres');
      try {
        await queue(t.db, r, 3_000);
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
        await queue(t.db, r, 4_000);
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
    'two worker processes together keep a target limited to 5/s to 5 a second',
    async () => {
      const r = await startReceiver();
      const t = await createTestDatabase('postgres');
      try {
        const reg = await addRegistration(t.db, r.url);
        await t.db.query(`UPDATE registrations SET rate_limit_per_second = 5 WHERE id = $1`, [reg.id]);
        await queueMessages(t.db, reg, r.url, 20);
        const workers = [spawnWorker(t.url!, { CHILD_LEASE_MS: '30000' }), spawnWorker(t.url!, { CHILD_LEASE_MS: '30000' })];
        expect(await Promise.all(workers.map(exited))).toEqual([0, 0]);
        const arrivals = r.received.map((x) => x.at);
        expect(perMessage(r).size).toBe(20);
        // Each process turns the database's slot times into its own clock when the answer arrives,
        // so slots of two processes can sit closer by the difference of their round trips.
        const slack = 2 * SLACK_MS;
        expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeGreaterThanOrEqual(3_800 - slack);
        expect(mostWithin(arrivals, 1_000 - slack)).toBeLessThanOrEqual(5);
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
    'wakes a worker in another process at commit: delivered well before its 30 s poll',
    async () => {
      const r = await startReceiver();
      const t = await createTestDatabase('postgres');
      const worker = spawnWorker(t.url!, { CHILD_STAY: '1', CHILD_LISTEN: '1', CHILD_POLL_MS: '30000' });
      try {
        await new Promise((resolve) => worker.once('message', resolve));
        const reg = await addRegistration(t.db, r.url);
        // The listener connects after 'started': wait until its session has run LISTEN (a fixed pause
        // could end first on a loaded machine, and the first message would wait for the 30 s poll).
        await waitFor(
          async () =>
            (await t.db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`)).length > 0,
          20_000,
          'the worker process to LISTEN',
        );
        const latencies: number[] = [];
        for (let i = 0; i < 5; i++) {
          const sent = Date.now();
          await t.db.transaction((tx) =>
            enqueueDeliveries(tx, [
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
          );
          await waitFor(() => r.received.length > i, 20_000, `message ${i}`);
          latencies.push(r.received[i]!.at - sent);
        }
        // Far below the 30 s poll, with room for a loaded machine.
        expect(Math.max(...latencies)).toBeLessThan(10_000);
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
