import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import type { MigratableDatabase } from '../src/db/database.js';
import { enqueueDeliveries, type OutgoingMessage } from '../src/delivery/enqueue.js';
import { addRegistration, createTestDatabase, startReceiver, waitFor, type Receiver } from './delivery-support.js';

const child = fileURLToPath(new URL('./delivery-child.ts', import.meta.url));
// The heavy version (for `npm run bench` or the reliability suite): DELIVERY_CRASH_MESSAGES=100000.
const CRASH_MESSAGES = Number(process.env.DELIVERY_CRASH_MESSAGES ?? 10_000);
const TARGETS = 10;

function spawnWorker(db: string, env: Record<string, string> = {}): ChildProcess {
  return fork(child, [], {
    execArgv: ['--import', 'tsx', '--conditions=source'],
    env: { ...process.env, CHILD_DB: db, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

const exited = (p: ChildProcess) =>
  new Promise<number | null>((resolve) => (p.exitCode !== null || p.signalCode !== null ? resolve(p.exitCode) : p.once('exit', (code) => resolve(code))));

/** Queues `count` messages spread over TARGETS registrations of one receiver. */
async function queue(db: MigratableDatabase, r: Receiver, count: number): Promise<void> {
  const regs: Array<{ id: string; ownerKeyId: string }> = [];
  for (let i = 0; i < TARGETS; i++) regs.push(await addRegistration(db, r.url));
  const messages: OutgoingMessage[] = Array.from({ length: count }, (_, i) => {
    const reg = regs[i % TARGETS]!;
    return { kind: 'webhook', event: 'concertAlert', targetId: reg.id, ownerKeyId: reg.ownerKeyId, url: r.url, contentType: 'text/plain; charset=utf-8', body: `message ${i}` };
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

      const second = spawnWorker(dir, { CHILD_LEASE_MS: '3000' });
      expect(await exited(second)).toBe(0);

      const seen = perMessage(r);
      const duplicates = [...seen.values()].reduce((sum, n) => sum + n - 1, 0);
      console.log(`crash test: ${CRASH_MESSAGES} messages, killed after ${atKill} requests, ${r.received.length} requests in all, ${duplicates} duplicates`);
      expect(seen.size).toBe(CRASH_MESSAGES);
      expect(atKill).toBeLessThan(CRASH_MESSAGES);
      // Only attempts sent but not yet recorded at the kill repeat: at most the child's 32 × 8 unrecorded outcomes.
      expect(duplicates).toBeLessThanOrEqual(256);

      const db = await createTestDatabase('pglite', dir);
      const rows = await db.db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM deliveries GROUP BY status`);
      expect(rows).toEqual([{ status: 'succeeded', n: CRASH_MESSAGES }]);
      await db.drop();
    } finally {
      await r.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it.skipIf(!process.env.DATABASE_URL)('two worker processes on PostgreSQL send each of 4,000 messages exactly once', async () => {
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
      const [row] = await t.db.query<{ n: number; workers: number }>(`SELECT count(*)::int AS n FROM delivery_attempts`);
      expect(row!.n).toBe(4_000);
    } finally {
      await r.close();
      await t.drop();
    }
  }, 120_000);
});
