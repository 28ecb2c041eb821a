import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorker, type DeliveryWorker } from '../../src/delivery/worker.js';
import { createMetrics } from '../../src/metrics/metrics.js';
import {
  addRegistration,
  createTestDatabase,
  queueMessages,
  startReceiver,
  waitFor,
  type Receiver,
  type TestDatabase,
} from '../support/delivery-support.js';

// The soak (issue 29.3) found PostgreSQL's memory in the PGlite thread flat: a fixed set of
// statement texts, each prepared once. These keep it so and keep it visible.
describe('the PGlite thread under a steady load', () => {
  let t: TestDatabase;
  let receiver: Receiver;
  let worker: DeliveryWorker;

  beforeAll(async () => {
    t = await createTestDatabase('pglite');
    receiver = await startReceiver();
    worker = createDeliveryWorker({ db: t.db, policy: { allow: ['127.0.0.1/32'] }, schedule: [0], pollMs: 20, timeoutMs: 5_000 });
    worker.start();
  }, 180_000);

  afterAll(async () => {
    await worker?.stop();
    await receiver?.close();
    await t?.drop();
  });

  const prepared = async () => (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements`))[0]!.n;

  /** Queues batches of the given sizes, one after the other, and waits until each arrived. */
  async function deliverBatches(sizes: number[]): Promise<void> {
    const target = await addRegistration(t.db, receiver.url);
    for (const size of sizes) {
      const before = receiver.received.length;
      await queueMessages(t.db, target, receiver.url, size);
      await waitFor(() => receiver.received.length >= before + size, 20_000, `${size} deliveries`);
    }
  }

  it('delivers batches of every size on the statements the first batches prepared', async () => {
    await deliverBatches([1, 2, 3, 5, 8]);
    const warm = await prepared();
    // 40 more sizes: queued, claimed and recorded in batches of as many sizes.
    await deliverBatches(Array.from({ length: 40 }, (_, i) => 9 + i));
    expect(await prepared()).toBe(warm);
  }, 120_000);

  it('reports its WebAssembly memory and its heap on /metrics', async () => {
    const text = await createMetrics(t.db, { embeddedMemory: () => t.db.memory!() }).scrape();
    const value = (series: string) => Number(new RegExp(`^${series} (\\d+)$`, 'm').exec(text)?.[1]);
    const wasm = value('clubnotify_pglite_wasm_memory_bytes');
    expect(wasm).toBeGreaterThan(16 * 1_048_576);
    expect(wasm % 65_536).toBe(0); // whole WebAssembly pages
    const used = value('clubnotify_pglite_thread_heap_bytes\\{type="used"\\}');
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThanOrEqual(value('clubnotify_pglite_thread_heap_bytes\\{type="total"\\}'));
  });

  it('has no such gauges without an embedded database', async () => {
    const text = await createMetrics(t.db).scrape();
    expect(text).not.toContain('clubnotify_pglite_');
  });
});
