import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest';
import { rateClaimCap, reserveSendSlots, type RateLimited } from '../../../src/delivery/send/rate-limit.js';
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/delivery/worker.js';
import {
  addRegistration,
  createTestDatabase,
  databaseKinds,
  earlySends,
  firstSlotAhead,
  queueMessages,
  sendsSince,
  startReceiver,
  type Receiver,
  type TestDatabase,
} from '../../support/delivery-support.js';

const rows = (target: string, n: number, rate: number | null): RateLimited[] =>
  Array.from({ length: n }, () => ({ target_id: target, rate_limit: rate }));

describe.each(databaseKinds())('send slot reservations on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => t?.drop());

  it('spaces one target’s slots 1 s / rate apart, starting now', async () => {
    const batch = rows('reg_a', 3, 5);
    const before = performance.now();
    await reserveSendSlots(t.db, batch);
    const slots = batch.map((d) => d.not_before!);
    expect(slots[0]).toBeGreaterThanOrEqual(before - 50);
    expect(slots[0]).toBeLessThanOrEqual(performance.now() + 1);
    expect(slots[1]! - slots[0]!).toBeCloseTo(200, 3);
    expect(slots[2]! - slots[1]!).toBeCloseTo(200, 3);
  });

  it('continues after the slots an earlier claim (any process’s) reserved', async () => {
    const first = rows('reg_b', 4, 10);
    const second = rows('reg_b', 2, 10);
    const started = performance.now();
    await reserveSendSlots(t.db, first);
    // Each claim turns the database's slot times into local ones when its answer arrives, so a
    // local slot is off by at most that call's round trip (a fixed allowance fails under load).
    const firstCallMs = performance.now() - started;
    await reserveSendSlots(t.db, second);
    // The earlier claim's last slot is 300 ms after its first; the next one 100 ms later again.
    expect(second[0]!.not_before! - first[3]!.not_before!).toBeGreaterThanOrEqual(100 - firstCallMs - 1);
    const [row] = await t.db.query<{ ahead: number }>(
      `SELECT extract(epoch FROM rate_next_at - now())::float8 AS ahead FROM delivery_targets WHERE target_id = 'reg_b'`,
    );
    // Six slots 100 ms apart from the first claim's now(): 0.6 s, less the time since then.
    expect(row!.ahead).toBeGreaterThan(0.6 - (performance.now() - started) / 1000 - 0.002);
  });

  it('reserves nothing for targets without a limit', async () => {
    const batch = rows('reg_c', 2, null);
    await reserveSendSlots(t.db, batch);
    expect(batch.every((d) => d.not_before === undefined)).toBe(true);
    expect(await t.db.query(`SELECT 1 FROM delivery_targets WHERE target_id = 'reg_c'`)).toEqual([]);
  });

  it('starts again from now once a target’s reserved slots are past', async () => {
    await t.db.query(`INSERT INTO delivery_targets (target_id, rate_next_at) VALUES ('reg_d', now() - interval '1 hour')`);
    const batch = rows('reg_d', 1, 1);
    const before = performance.now();
    await reserveSendSlots(t.db, batch);
    expect(batch[0]!.not_before!).toBeGreaterThanOrEqual(before - 50);
    expect(batch[0]!.not_before!).toBeLessThanOrEqual(performance.now() + 1);
  });
});

describe('rate claim cap', () => {
  it.each([
    [1, 2],
    [5, 10],
    [0.5, 1],
    [1000, 2000],
  ])('holds %s/s targets to %s claimed deliveries', (rate, cap) => {
    expect(rateClaimCap(rate)).toBe(cap);
  });
});

describe.each(databaseKinds())('rate-limited delivery on %s', (kind) => {
  let t: TestDatabase;
  let worker: DeliveryWorker | undefined;
  let r: Receiver | undefined;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => t?.drop());
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await r?.close();
  });

  /**
   * Delivers `count` messages to one target. With a rate, its first free send slot is set a
   * second ahead before the worker starts; returns the attempts' starts and the next free slot
   * (ms after that first slot) as the server recorded them.
   */
  async function deliver(count: number, rate: number | null): Promise<{ sends: number[]; next: number | null }> {
    r = await startReceiver();
    const reg = await addRegistration(t.db, r.url);
    await t.db.query(`UPDATE registrations SET rate_limit_per_second = $2 WHERE id = $1`, [reg.id, rate]);
    const first = rate === null ? new Date() : await firstSlotAhead(t.db, reg.id);
    await queueMessages(t.db, reg, r.url, count);
    worker = createDeliveryWorker({ db: t.db, policy: { allow: ['127.0.0.1/32'] }, schedule: [0, 20], pollMs: 20, timeoutMs: 2_000 });
    worker.start();
    await worker.drained({ timeoutMs: 20_000 });
    expect(r.received).toHaveLength(count);
    return sendsSince(t.db, reg.id, first);
  }

  it('starts the n-th of 20 sends to a target limited to 5/s no earlier than n × 200 ms after its first free slot', async () => {
    const { sends, next } = await deliver(20, 5);
    expect(sends).toHaveLength(20);
    // The server's count: 20 slots of 200 ms reserved one after the other from the first (or from
    // a claim's now(), if the worker fell behind: later, never earlier).
    expect(next).toBeGreaterThanOrEqual(20 * 200);
    // A limiter letting 6/s through starts the 20th 3.17 s after the first slot; one letting bursts of 5 through, the 2nd at once.
    expect(earlySends(sends, 5)).toEqual([]);
  }, 30_000);

  it('reserves no send slot for a target without a limit', async () => {
    const { sends, next } = await deliver(20, null);
    expect(sends).toHaveLength(20);
    // The server's own record of the limiter: a target it spaced has its next free slot stored.
    expect(next).toBeNull();
  }, 30_000);
});
