import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import {
  addRegistration,
  createTestDatabase,
  queueMessages,
  startReceiver,
  waitFor,
  type Receiver,
  type TestDatabase,
} from '../support/delivery-support.js';
import { expectLedger } from '../support/ledger.js';

const child = fileURLToPath(new URL('../support/delivery-child.ts', import.meta.url));
const TARGETS = 6;
const PER_TARGET = 60;
const MESSAGES = TARGETS * PER_TARGET;
// How long a wait for what a stopped process handed over may take before the test reports it (no verdict: load only slows it).
const REPORT_MS = 120_000;
// A process holds at most 8 × its 8 slots of attempts sent and not yet recorded: what a kill may send again.
const MOST_DUPLICATES = 64;
// The server's own attempt timeout: on a busy machine a 100 ms answer can take longer than a short one, and a retry would count as a duplicate.
const env = { CHILD_LISTEN: '1', CHILD_STAY: '1', CHILD_LEASE_MS: '150000', CHILD_CONCURRENCY: '8', CHILD_TIMEOUT_MS: '15000' };

interface Worker {
  process: ChildProcess;
  id: string;
}

/**
 * A worker process with its own LISTEN session, ready once `listening` sessions LISTEN (its
 * own included; a worker takes its session lock before it listens).
 */
async function spawnWorker(t: TestDatabase, listening = 1, extra: Record<string, string> = {}): Promise<Worker> {
  const p = fork(child, [], {
    execArgv: ['--import', 'tsx', '--conditions=clubnotify-source'],
    env: { ...process.env, CHILD_DB: t.url!, ...env, ...extra },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const id = await new Promise<string>((resolve) => p.once('message', (m: { started: string }) => resolve(m.started)));
  await waitFor(
    async () =>
      (await t.db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`)).length >= listening,
    20_000,
    'the worker process to LISTEN',
  );
  return { process: p, id };
}

const exited = (p: ChildProcess) =>
  new Promise<void>((resolve) => (p.exitCode !== null || p.signalCode !== null ? resolve() : p.once('exit', () => resolve())));

/**
 * A receiver of slow targets (100 ms an answer) that records each request's path and counts
 * the requests open to each target at once; a request is open until answered or until its
 * sender's connection closes (a killed process's attempts are no longer on the wire).
 */
async function countingReceiver() {
  const open = new Map<string, number>();
  const arrivals: Arrival[] = [];
  let most = 0;
  // While paused, answers wait: the work a test needs still queued stays queued however slow the machine.
  let answering = Promise.resolve();
  let resume = () => {};
  const r = await startReceiver((req, res) => {
    const path = req.url!;
    arrivals.push({ path, id: req.headers['webhook-id'] as string, at: Date.now() });
    const n = (open.get(path) ?? 0) + 1;
    open.set(path, n);
    most = Math.max(most, n);
    let done = false;
    const end = () => {
      if (!done) open.set(path, open.get(path)! - 1);
      done = true;
    };
    res.once('close', end);
    setTimeout(
      () =>
        void answering.then(() => {
          end();
          if (!res.destroyed) res.end('ok');
        }),
      100,
    );
  });
  const pause = () => void (answering = new Promise((resolve) => (resume = resolve)));
  return { r, arrivals, most: () => most, pause, resume: () => resume() };
}

/** Queues PER_TARGET messages to each of TARGETS targets; returns each target's path on the receiver. */
async function queueAll(t: TestDatabase, r: Receiver): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  for (let i = 0; i < TARGETS; i++) {
    const url = `${r.url}/${i}`;
    const reg = await addRegistration(t.db, url);
    await queueMessages(t.db, reg, url, PER_TARGET);
    paths.set(reg.id, new URL(url).pathname);
  }
  return paths;
}

function duplicates(r: Receiver): number {
  const seen = new Map<string, number>();
  for (const x of r.received) seen.set(x.headers['webhook-id'] as string, (seen.get(x.headers['webhook-id'] as string) ?? 0) + 1);
  return [...seen.values()].reduce((sum, n) => sum + n - 1, 0);
}

const delivered = (r: Receiver) => new Set(r.received.map((x) => x.headers['webhook-id'])).size;

/** The targets `worker` holds now (their paths on the receiver), only those with messages left if `pending`. */
async function heldBy(t: TestDatabase, worker: string, paths: Map<string, string>, pending = false): Promise<string[]> {
  const rows = await t.db.query<{ target_id: string }>(
    `SELECT target_id FROM delivery_targets t WHERE holder = $1 AND (NOT $2 OR EXISTS (SELECT 1 FROM delivery_messages d WHERE d.target_id = t.target_id AND d.status = 'pending'))`,
    [worker, pending],
  );
  return rows.map((row) => paths.get(row.target_id)!);
}

/** How many targets `worker` holds now, and when the last of those holds ends (ms, the database's clock, on this machine). */
async function holdsOf(t: TestDatabase, worker: string): Promise<{ n: number; endsAt: number }> {
  const [row] = await t.db.query<{ n: number; ends_at: number | null }>(
    `SELECT count(*)::int AS n, (extract(epoch FROM max(holder_until)) * 1000)::float8 AS ends_at
     FROM delivery_targets WHERE holder = $1 AND holder_until > now()`,
    [worker],
  );
  return { n: row!.n, endsAt: row!.ends_at ?? 0 };
}

interface Arrival {
  path: string;
  id: string;
  at: number;
}

/** How long after `since` the first request to each of `paths` arrived that `other` sent. */
function resumedAfter(arrivals: Arrival[], paths: string[], since: number, other: (x: Arrival, i: number) => boolean): number[] {
  return paths.map((path) => (arrivals.find((x, i) => x.at >= since && x.path === path && other(x, i))?.at ?? Infinity) - since);
}

/**
 * Requests a killed process wrote just before it died can still be read after: each of those
 * is sent again by the survivor, so the last copy of each message is always the survivor's.
 */
function lastCopy(arrivals: Arrival[]): (x: Arrival, i: number) => boolean {
  const last = new Map(arrivals.map((x, i) => [x.id, i]));
  return (x, i) => last.get(x.id) === i;
}

describe.skipIf(!process.env.DATABASE_URL)('recovery on PostgreSQL: target holds end with their process', () => {
  it('a process killed with SIGKILL and restarted delivers the rest before the killed process’s holds end, never more than 4 requests open to a target', async () => {
    const { r, most } = await countingReceiver();
    const t = await createTestDatabase('postgres');
    let second: Worker | undefined;
    try {
      const first = await spawnWorker(t);
      await queueAll(t, r);
      await waitFor(() => r.received.length >= MESSAGES / 3, 60_000, 'a third of the messages');
      first.process.kill('SIGKILL');
      await exited(first.process);
      const held = await holdsOf(t, first.id);
      const atKill = r.received.length;
      const restarted = Date.now();
      second = await spawnWorker(t);
      await waitFor(() => delivered(r) === MESSAGES, Math.max(0, held.endsAt - Date.now()), 'every message, before the holds ended');
      // The server's own books: every message published once; none failed or cancelled (the last outcomes may still be recording).
      await expectLedger(t.db, { published: MESSAGES, failed: 0, cancelled: 0 });
      const last = Math.max(...r.received.map((x) => x.at)) - restarted;
      console.log(
        `kill -9, restart: ${held.n} targets held by the killed process, killed after ${atKill} requests, the last delivery ${last} ms after the restart, ${duplicates(r)} duplicates, at most ${most()} requests open to a target`,
      );
      expect(held.n).toBeGreaterThan(0);
      // Its targets were taken when its session (and lock) died, not when their holds ran out.
      expect(Math.max(...r.received.map((x) => x.at))).toBeLessThan(held.endsAt);
      expect(duplicates(r)).toBeLessThanOrEqual(MOST_DUPLICATES);
      expect(most()).toBeLessThanOrEqual(4);
    } finally {
      second?.process.send('stop');
      if (second) await exited(second.process);
      await r.close();
      await t.drop();
    }
  });

  it('when one of two processes is killed with SIGKILL, the other resumes its targets before their holds end, never more than 4 requests open to a target', async () => {
    const { r, arrivals, most } = await countingReceiver();
    const t = await createTestDatabase('postgres');
    const workers = [await spawnWorker(t), await spawnWorker(t, 2)];
    try {
      const paths = await queueAll(t, r);
      await waitFor(
        async () => r.received.length >= MESSAGES / 3 && (await heldBy(t, workers[0]!.id, paths)).length > 0,
        60_000,
        'a third of the messages',
      );
      workers[0]!.process.kill('SIGKILL');
      const killed = Date.now();
      // Its targets with messages left (what it sent and had not recorded is left, too).
      const orphaned = await heldBy(t, workers[0]!.id, paths, true);
      const held = await holdsOf(t, workers[0]!.id);
      await waitFor(() => delivered(r) === MESSAGES, Math.max(0, held.endsAt - Date.now()), 'every message, before the holds ended');
      // The server's own books: every message published once; none failed or cancelled (the last outcomes may still be recording).
      await expectLedger(t.db, { published: MESSAGES, failed: 0, cancelled: 0 });
      const resumed = resumedAfter(arrivals, orphaned, killed, lastCopy(arrivals));
      console.log(
        `kill -9 of one of two: its ${orphaned.length} targets resumed ${resumed.join(', ')} ms after the kill, ${duplicates(r)} duplicates, at most ${most()} requests open to a target`,
      );
      expect(orphaned.length).toBeGreaterThan(0);
      // Resumed when its session (and lock) died, not when its holds ran out.
      expect(killed + Math.max(...resumed)).toBeLessThan(held.endsAt);
      expect(duplicates(r)).toBeLessThanOrEqual(MOST_DUPLICATES);
      expect(most()).toBeLessThanOrEqual(4);
    } finally {
      workers[1]!.process.send('stop');
      await Promise.all(workers.map((w) => exited(w.process)));
      await r.close();
      await t.drop();
    }
  });

  it('SIGTERM of a process hands its targets to the one started beside it at once (a rolling deploy): no duplicates, never more than 4 requests open to a target', async () => {
    const { r, arrivals, most, pause, resume } = await countingReceiver();
    const t = await createTestDatabase('postgres');
    // Slots for every target at once (4 each): the stopping process holds them all, so the new one has
    // nothing of its own to send, whose outcomes could keep it claiming without any wake-up.
    const workers = [await spawnWorker(t, 1, { CHILD_CONCURRENCY: String(TARGETS * 4) })];
    try {
      const paths = await queueAll(t, r);
      await waitFor(
        async () => r.received.length >= MESSAGES / 3 && (await heldBy(t, workers[0]!.id, paths)).length === TARGETS,
        60_000,
        'a third of the messages, every target held',
      );
      // Its targets keep messages queued while the new process starts, however long that takes.
      pause();
      // The new process polls once an hour and finds every target held: only the stopping one's wake-up makes it take them.
      workers.push(await spawnWorker(t, 2, { CHILD_POLL_MS: '3600000' }));
      const held = await heldBy(t, workers[0]!.id, paths);
      const sentByIt = new Promise<Set<string>>((resolve) =>
        workers[0]!.process.on('message', (m: { ids?: string[] }) => m.ids && resolve(new Set(m.ids))),
      );
      workers[0]!.process.kill('SIGTERM');
      const terminated = Date.now();
      // It finishes the attempts on the wire before it exits.
      resume();
      const mine = await sentByIt;
      await exited(workers[0]!.process);
      const exitedAt = Date.now();
      await waitFor(() => delivered(r) === MESSAGES, REPORT_MS, 'every message, after SIGTERM');
      // The server's own books: every message published once; none failed or cancelled (the last outcomes may still be recording).
      await expectLedger(t.db, { published: MESSAGES, failed: 0, cancelled: 0 });
      // Its targets with messages it did not send, and when the first of those arrived.
      const other = (x: Arrival) => !mine.has(x.id);
      const handed = held.filter((path) => arrivals.some((x) => x.path === path && other(x)));
      const resumed = resumedAfter(arrivals, handed, terminated, other);
      console.log(
        `SIGTERM beside a new process: it exited ${exitedAt - terminated} ms later; its ${handed.length} targets resumed ${resumed.join(', ')} ms after SIGTERM, ${duplicates(r)} duplicates, at most ${most()} requests open to a target`,
      );
      expect(handed.length).toBeGreaterThan(0);
      expect(duplicates(r)).toBe(0);
      expect(most()).toBeLessThanOrEqual(4);
    } finally {
      workers[1]?.process.send('stop');
      await Promise.all(workers.map((w) => exited(w.process)));
      await r.close();
      await t.drop();
    }
  });
});
