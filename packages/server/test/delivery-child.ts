/**
 * A delivery worker in its own process, for the crash and multi-process tests:
 * `node --import tsx --conditions=source delivery-child.ts` with CHILD_DB (a PGlite data
 * folder or a postgres:// URL). It delivers until the queue is drained, then exits 0.
 */
import { openDatabase } from '../src/db/open.js';
import { createDeliveryWorker } from '../src/delivery/worker.js';

const target = process.env.CHILD_DB!;
const db = await openDatabase(target.startsWith('postgres') ? { url: target } : { dataDir: target });
const worker = createDeliveryWorker({
  db,
  policy: { allow: ['127.0.0.1/32'] },
  schedule: [0, 100, 100, 100, 100],
  timeoutMs: 500,
  leaseMs: Number(process.env.CHILD_LEASE_MS ?? 3_000),
  concurrency: Number(process.env.CHILD_CONCURRENCY ?? 32),
  pollMs: 20,
});
worker.start();
process.send?.('started');
await worker.drained({ timeoutMs: 120_000 });
await worker.stop();
await db.close();
process.exit(0);
