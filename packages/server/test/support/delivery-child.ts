/**
 * A delivery worker in its own process, for the crash and multi-process tests:
 * `node --import tsx --conditions=clubnotify-source delivery-child.ts` with CHILD_DB (a PGlite data
 * folder or a postgres:// URL). It delivers until the queue is drained, then exits 0.
 */
import { openDatabase } from '../../src/db/open.js';
import { createDeliveryWorker } from '../../src/delivery/worker.js';

const target = process.env.CHILD_DB!;
// The messages whose attempt it recorded: what it sent.
const ids: string[] = [];
const db = await openDatabase(target.startsWith('postgres') ? { url: target } : { dataDir: target });
const worker = createDeliveryWorker({
  db,
  policy: { allow: ['127.0.0.1/32'] },
  schedule: [0, 100, 100, 100, 100],
  timeoutMs: Number(process.env.CHILD_TIMEOUT_MS ?? 500),
  leaseMs: Number(process.env.CHILD_LEASE_MS ?? 3_000),
  concurrency: Number(process.env.CHILD_CONCURRENCY ?? 32),
  pollMs: Number(process.env.CHILD_POLL_MS ?? 20),
  listenUrl: process.env.CHILD_LISTEN ? target : undefined,
  onOutcome: (outcome) => ids.push(outcome.delivery.message_id),
});
worker.start();
process.send?.({ started: worker.id });
// CHILD_STAY: keep delivering until told to stop, by a message or SIGTERM as the server is (the queue may be empty at first).
if (process.env.CHILD_STAY) await new Promise((resolve) => (process.once('message', resolve), process.once('SIGTERM', resolve)));
else await worker.drained({ timeoutMs: 120_000 });
await worker.stop();
await db.close();
// The parent counts what each process sent.
await new Promise((resolve) => (process.send ? process.send({ sent: ids.length, ids }, resolve) : resolve(undefined)));
process.exit(0);
