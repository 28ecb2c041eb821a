import { fork, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { MigratableDatabase } from '../../src/db/database.js';
import { enqueueDeliveries, type OutgoingMessage } from '../../src/delivery/queue/enqueue.js';
import { addRegistration, createTestDatabase } from './delivery-support.js';
import { startReceiver, type Receiver } from './receiver.js';
import { expectLedger } from './ledger.js';

const child = fileURLToPath(new URL('./delivery-child.ts', import.meta.url));
const TARGETS = 10;

/** A delivery worker in a process of its own (delivery-child.ts) on a PGlite folder or a postgres:// URL. */
export function spawnWorker(db: string, env: Record<string, string> = {}): ChildProcess {
  return fork(child, [], {
    execArgv: ['--import', 'tsx', '--conditions=clubnotify-source'],
    env: { ...process.env, CHILD_DB: db, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The process's exit code, once it exited. */
export const exited = (p: ChildProcess) =>
  new Promise<number | null>((resolve) =>
    p.exitCode !== null || p.signalCode !== null ? resolve(p.exitCode) : p.once('exit', (code) => resolve(code)),
  );

/** Queues `count` messages spread over TARGETS registrations of one receiver. */
export async function queueSpread(db: MigratableDatabase, r: Receiver, count: number): Promise<void> {
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

/** How many requests each message (webhook-id) took. */
export function perMessage(r: Receiver): Map<string, number> {
  const seen = new Map<string, number>();
  for (const x of r.received) seen.set(x.headers['webhook-id'] as string, (seen.get(x.headers['webhook-id'] as string) ?? 0) + 1);
  return seen;
}

/**
 * `messages` on PGlite; the worker process is killed with SIGKILL from inside the receiver as the
 * third of them arrives (its other requests are then in flight, unanswered and unrecorded); a
 * second process must deliver every message, repeating only what was sent but not recorded.
 * The gate runs it small (delivery/processes.test.ts), test:scale at 10,000 (processes-crash.scale.test.ts).
 */
export async function killedMidWay(messages: number): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'cn-crash-'));
  let first: ChildProcess | undefined;
  let atKill = 0;
  const r = await startReceiver((_req, res) => {
    if (first && atKill === 0 && r.received.length >= messages / 3) {
      atKill = r.received.length;
      first.kill('SIGKILL');
    }
    res.end('ok');
  });
  try {
    const t = await createTestDatabase('pglite', dir);
    await queueSpread(t.db, r, messages);
    await t.db.close();

    first = spawnWorker(dir);
    await exited(first);
    expect(first.signalCode).toBe('SIGKILL');

    const restarted = Date.now();
    const second = spawnWorker(dir, { CHILD_LEASE_MS: '3000' });
    expect(await exited(second)).toBe(0);

    const seen = perMessage(r);
    const duplicates = [...seen.values()].reduce((sum, n) => sum + n - 1, 0);
    const resumed = (r.received[atKill]?.at ?? NaN) - restarted;
    console.log(
      `crash test: ${messages} messages, killed at request ${atKill}, resumed ${resumed} ms after the restart, ${r.received.length} requests in all, ${duplicates} duplicates`,
    );
    expect(seen.size).toBe(messages);
    expect(atKill).toBeLessThan(messages);
    // Only attempts sent but not yet recorded at the kill repeat: at most the child's 32 × 8 unrecorded outcomes.
    expect(duplicates).toBeLessThanOrEqual(256);

    const db = await createTestDatabase('pglite', dir);
    const rows = await db.db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM delivery_messages GROUP BY status`,
    );
    expect(rows).toEqual([{ status: 'succeeded', n: messages }]);
    await expectLedger(db.db, { published: messages, delivered: messages, pending: 0 });
    await db.drop();
  } finally {
    await r.close();
    await rm(dir, { recursive: true, force: true });
  }
}
