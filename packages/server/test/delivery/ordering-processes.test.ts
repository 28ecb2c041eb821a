import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MigratableDatabase } from '../../src/db/database.js';
import { insertDeliveries } from '../../src/delivery/queue/insert.sql.js';
import { addRegistration, createTestDatabase, startReceiver, waitFor, type Receiver } from '../support/delivery-support.js';
import { exited, spawnWorker } from '../support/worker-processes.js';

/** One attempt as the receiver answered it. */
type Answer = { target: string; key: string; seq: number; status: number };

const KEYS = ['itm_mojito', 'itm_caipirinha', 'itm_negroni', 'itm_margarita'];
const PER_KEY = 8;

/** Two stockUpdate targets of one receiver, and PER_KEY messages per key to each, one transaction each, keys interleaved. */
async function queueKeyed(db: MigratableDatabase, r: Receiver): Promise<void> {
  const targets: Array<{ id: string; ownerKeyId: string; t: string }> = [];
  for (const t of ['a', 'b']) targets.push({ ...(await addRegistration(db, `${r.url}?t=${t}`, { event: 'stockUpdate' })), t });
  for (let n = 1; n <= PER_KEY; n++) {
    for (const key of KEYS) {
      await db.transaction((tx) =>
        insertDeliveries(
          tx,
          targets.map((target) => ({
            kind: 'webhook',
            event: 'stockUpdate',
            targetId: target.id,
            ownerKeyId: target.ownerKeyId,
            url: `${r.url}?t=${target.t}`,
            contentType: 'application/json',
            body: JSON.stringify({ drink: { id: key, stock: n } }),
            orderingKey: key,
          })),
        ),
      );
    }
  }
}

/**
 * A receiver that fails the first attempt of every third message and answers the rest after a
 * short wait (so that attempts are on the wire when a process goes); what it answered, in order.
 */
async function orderedReceiver() {
  const answered: Answer[] = [];
  const failedOnce = new Set<string>();
  const r = await startReceiver((req, res) => {
    const target = new URL(req.url!, 'http://x').searchParams.get('t')!;
    const key = String(req.headers['webhook-ordering-key']);
    const seq = Number(req.headers['webhook-ordering-sequence']);
    const id = `${target} ${String(req.headers['webhook-id'])}`;
    const status = seq % 3 === 0 && !failedOnce.has(id) ? (failedOnce.add(id), 500) : 200;
    setTimeout(() => {
      answered.push({ target, key, seq, status });
      res.statusCode = status;
      res.end();
    }, 5);
  });
  return { r, answered };
}

/** Per target and key: the sequences of every attempt in the order answered never go back, and 1..PER_KEY were each accepted. */
function expectInOrder(answered: Answer[]): void {
  for (const target of ['a', 'b']) {
    for (const key of KEYS) {
      const attempts = answered.filter((x) => x.target === target && x.key === key);
      expect(
        attempts.map((x) => x.seq),
        `${target} ${key}`,
      ).toEqual([...attempts.map((x) => x.seq)].sort((p, q) => p - q));
      expect(new Set(attempts.filter((x) => x.status === 200).map((x) => x.seq))).toEqual(
        new Set(Array.from({ length: PER_KEY }, (_, n) => n + 1)),
      );
    }
  }
}

const TOTAL = 2 * KEYS.length * PER_KEY;

/** The first worker is killed with SIGKILL from inside the receiver once a third of the messages were accepted; a second one finishes. */
async function killedAndTakenOver(db: string, queued: Promise<void>, answered: Answer[]): Promise<void> {
  await queued;
  const first = spawnWorker(db, { CHILD_LEASE_MS: '1500' });
  await waitFor(() => answered.filter((x) => x.status === 200).length >= TOTAL / 3, 60_000, 'a third of the messages');
  first.kill('SIGKILL');
  await exited(first);
  expect(first.signalCode).toBe('SIGKILL');
  const second = spawnWorker(db, { CHILD_LEASE_MS: '1500' });
  expect(await exited(second)).toBe(0);
  expectInOrder(answered);
}

describe('ordered delivery across processes on PGlite', () => {
  it('keeps each key in order when the worker process is killed with SIGKILL mid-way and another reopens the folder', async () => {
    const { r, answered } = await orderedReceiver();
    const dir = await mkdtemp(join(tmpdir(), 'cn-ordering-'));
    try {
      const t = await createTestDatabase('pglite', dir);
      await killedAndTakenOver(
        dir,
        queueKeyed(t.db, r).then(() => t.db.close()),
        answered,
      );
    } finally {
      await r.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.skipIf(!process.env.DATABASE_URL)('ordered delivery across processes on PostgreSQL', () => {
  it('keeps each key in order when the worker process is killed with SIGKILL mid-way and another takes over', async () => {
    const { r, answered } = await orderedReceiver();
    const t = await createTestDatabase('postgres');
    try {
      await killedAndTakenOver(t.url!, queueKeyed(t.db, r), answered);
    } finally {
      await r.close();
      await t.drop();
    }
  }, 120_000);

  it('keeps each key in order across a SIGTERM hand-over between two processes', async () => {
    const { r, answered } = await orderedReceiver();
    const t = await createTestDatabase('postgres');
    try {
      await queueKeyed(t.db, r);
      const first = spawnWorker(t.url!, { CHILD_STAY: '1', CHILD_LISTEN: '1' });
      await waitFor(() => answered.filter((x) => x.status === 200).length >= TOTAL / 3, 60_000, 'a third of the messages');
      const second = spawnWorker(t.url!, { CHILD_LISTEN: '1' });
      first.kill('SIGTERM');
      expect(await exited(first)).toBe(0);
      expect(await exited(second)).toBe(0);
      expectInOrder(answered);
    } finally {
      await r.close();
      await t.drop();
    }
  }, 120_000);
});
