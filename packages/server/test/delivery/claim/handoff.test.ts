import pg from 'pg';
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import { Claimer } from '../../../src/delivery/claim/claimer.js';
import { HeldDeliveries } from '../../../src/delivery/send/held.js';
import { enqueueDeliveries } from '../../../src/delivery/queue/enqueue.js';
import { claimDue, type ClaimArgs } from '../../../src/delivery/claim/claim-due.js';
import type { FreshDelivery } from '../../../src/delivery/types.js';
import { TargetHolds } from '../../../src/delivery/claim/target-holds.js';
import { DELIVERY_CHANNEL } from '../../../src/delivery/queue/channel.js';
import { createDeliveryWorker, type DeliveryWorker } from '../../../src/delivery/worker.js';
import { Outbox } from '../../../src/publish/outbox.js';
import {
  addRegistration,
  createTestDatabase,
  databaseKinds,
  queueMessages,
  startReceiver,
  textMessage,
  waitFor,
  type Receiver,
  type TestDatabase,
} from '../../support/delivery-support.js';

const loopback = { allow: ['127.0.0.1/32'] };
const LEASE_MS = 30_000;

/** The database with its claim statements counted (both databases' claims read due rows this way). */
function countingClaims(db: Database): { db: Database; claims: () => number } {
  let claims = 0;
  // The claim runs on the claim's own connections (Database.claims) where there are some.
  const counting = (inner: Database): Database =>
    new Proxy(inner, {
      get(target, prop) {
        if (prop === 'query') {
          return (sql: string, params?: unknown[]) => {
            if (sql.includes('WHERE next_attempt_at <= now()')) claims++;
            return target.query(sql, params);
          };
        }
        if (prop === 'claims') return target.claims && counting(target.claims);
        const value = Reflect.get(target, prop) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return { db: counting(db), claims: () => claims };
}

describe.each(databaseKinds())('handing fresh deliveries to the worker on %s', (kind) => {
  let t: TestDatabase;
  let receiver: Receiver;
  let worker: DeliveryWorker | undefined;

  beforeEach(async () => {
    t = await createTestDatabase(kind);
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await receiver.close();
    await t.drop();
  });

  it('sends what a publish queued without a claim once the worker serves its targets, each message once', async () => {
    const targets = [
      await addRegistration(t.db, receiver.url),
      await addRegistration(t.db, receiver.url),
      await addRegistration(t.db, receiver.url),
    ];
    const counted = countingClaims(t.db);
    // A poll far beyond the test: any claim after the first comes from a sign of due rows.
    worker = createDeliveryWorker({
      db: counted.db,
      policy: loopback,
      pollMs: 600_000,
      listenUrl: t.url,
      onError: (e) => expect.fail(String(e)),
    });
    worker.start();
    await waitFor(() => counted.claims() >= 1, 30_000, 'the first claim');
    const publish = async (n: number) => {
      const fresh = await t.db.transaction((tx) =>
        enqueueDeliveries(
          tx,
          targets.map((target) => textMessage(target, receiver.url, `event ${n}`)),
        ),
      );
      worker!.offer(fresh);
    };
    // PostgreSQL: nobody serves these targets yet, so the first publish goes through a claim, which takes them.
    await publish(0);
    await waitFor(() => receiver.received.length === 3, 30_000, 'the first event');
    await worker.drained();
    const before = counted.claims();
    for (let n = 1; n <= 5; n++) await publish(n);
    await waitFor(() => receiver.received.length === 18, 30_000, 'five more events');
    await worker.drained();
    expect(counted.claims()).toBe(before);
    const bodies = receiver.received.map((r) => r.body);
    expect(new Set(bodies).size).toBe(6);
    expect(bodies.filter((b) => b === 'event 3')).toHaveLength(3);
    const rows = await t.db.query<{ status: string; attempt_count: number; n: number }>(
      `SELECT status, attempt_count, count(*)::int AS n FROM delivery_messages GROUP BY status, attempt_count`,
    );
    expect(rows).toEqual([{ status: 'succeeded', attempt_count: 1, n: 18 }]);
  });

  it('takes a fresh delivery only if a claim would take it now', async () => {
    const target = await addRegistration(t.db, receiver.url);
    const held = new HeldDeliveries({ concurrency: 64, perTarget: 2 });
    const claimer = new Claimer({
      db: t.db,
      workerId: 'wrk_a',
      leaseMs: LEASE_MS,
      perTarget: 2,
      onError: (e) => expect.fail(String(e)),
      held,
    });
    // PostgreSQL: a claim makes this worker serve the target.
    await queueMessages(t.db, target, receiver.url, 1);
    const [first] = await claimer.claim(10, 100);
    expect(first).toBeDefined();
    held.giveBackAll();
    const fresh = await t.db.transaction((tx) => enqueueDeliveries(tx, [textMessage(target, receiver.url, 'fresh')]));
    const d = fresh[0]!;
    if (kind === 'postgres') {
      expect(d.holder).toBe('wrk_a');
      expect(d.hold_left_ms).toBeGreaterThan(LEASE_MS);
    }
    const refused: Array<[string, FreshDelivery]> = [
      ['target inactive', { ...d, target_active: false }],
      ['no secret', { ...d, secret: null }],
      ['rate-limited', { ...d, rate_limit: 5 }],
      ['circuit opened', { ...d, circuit: true }],
    ];
    if (kind === 'postgres') {
      refused.push(['served by another worker', { ...d, holder: 'wrk_b' }], ['hold about to run short', { ...d, hold_left_ms: LEASE_MS }]);
    }
    for (const [why, delivery] of refused) expect(claimer.adopt([delivery], 10, 100), why).toEqual([]);
    expect(claimer.adopt([d], 0, 100), 'no room').toEqual([]);
    expect(claimer.adopt([d], 10, 0), 'owner at its cap').toEqual([]);
    expect(
      claimer.adopt([d, d], 10, 100).map((x) => x.id),
      'taken once',
    ).toEqual([d.id]);
    const more = await t.db.transaction((tx) =>
      enqueueDeliveries(
        tx,
        [1, 2].map((i) => textMessage(target, receiver.url, `more ${i}`)),
      ),
    );
    expect(claimer.adopt(more, 10, 100), 'the target at its cap of 2').toHaveLength(1);
    expect(claimer.held).toBe(2);
  });

  it('a claim out while fresh deliveries are taken does not return them again', async () => {
    const target = await addRegistration(t.db, receiver.url);
    const claimer = new Claimer({ db: t.db, workerId: 'wrk_a', leaseMs: LEASE_MS, perTarget: 100, onError: (e) => expect.fail(String(e)) });
    await queueMessages(t.db, target, receiver.url, 1);
    const [first] = await claimer.claim(10, 100);
    const fresh = await t.db.transaction((tx) =>
      enqueueDeliveries(
        tx,
        Array.from({ length: 20 }, (_, i) => textMessage(target, receiver.url, `fresh ${i}`)),
      ),
    );
    // The claim's statement goes out before the fresh rows are taken, so it reads them too.
    const claiming = claimer.claim(50, 1_000);
    const adopted = claimer.adopt(fresh, 50, 1_000);
    const claimed = await claiming;
    expect(adopted).toHaveLength(20);
    expect(claimed.filter((d) => adopted.some((a) => a.id === d.id))).toEqual([]);
    expect(claimer.held).toBe(1 + 20 + claimed.length);
    expect(first).toBeDefined();
  });

  it('a claim says when due rows may be left for this worker, and when none are', async () => {
    const owner = `key_${kind}`;
    const [a, b] = [
      await addRegistration(t.db, `${receiver.url}?a`, { ownerKeyId: owner }),
      await addRegistration(t.db, `${receiver.url}?b`, { ownerKeyId: owner }),
    ];
    await queueMessages(t.db, a, receiver.url, 6);
    await queueMessages(t.db, b, receiver.url, 2);
    const held = new Map<string, string>();
    const holds = new TargetHolds();
    const args = (over: Partial<ClaimArgs>): ClaimArgs => ({
      owner: 'wrk_a',
      limit: 100,
      leaseMs: LEASE_MS,
      perTarget: 100,
      inFlight: new Map(),
      held,
      perOwner: 100,
      ownerHeld: new Map(),
      holds,
      ...over,
    });
    expect((await claimDue(t.db, args({ limit: 4 }))).more, 'as many rows as asked for').toBe(true);
    expect((await claimDue(t.db, args({ perTarget: 3 }))).more, 'rows left at a target cap').toBe(true);
    expect((await claimDue(t.db, args({ inFlight: new Map([[a.id, 100]]) }))).more, 'a target at its cap, not read').toBe(true);
    expect((await claimDue(t.db, args({ ownerHeld: new Map([[owner, 100]]) }))).more, 'an owner at its cap, not read').toBe(true);
    const all = await claimDue(t.db, args({}));
    expect(all.rows).toHaveLength(8);
    expect(all.more, 'everything due was taken').toBe(false);
    for (const d of all.rows) held.set(d.id, d.target_id);
    const none = await claimDue(t.db, args({}));
    expect(none).toEqual({ rows: [], more: false });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('wake-ups after a handoff on PostgreSQL', () => {
  let t: TestDatabase;
  let receiver: Receiver;
  let listener: pg.Client;
  const notes: string[] = [];
  const workers: DeliveryWorker[] = [];

  beforeEach(async () => {
    t = await createTestDatabase('postgres');
    receiver = await startReceiver();
    listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    listener.on('notification', (n) => notes.push(n.payload ?? ''));
    await listener.query(`LISTEN ${DELIVERY_CHANNEL}`);
    notes.length = 0;
  });
  afterEach(async () => {
    for (const w of workers.splice(0)) await w.stop();
    await listener.end();
    await receiver.close();
    await t.drop();
  });

  /**
   * Forgets what was noted so far: a marker notified now arrives after every notification
   * committed before it (PostgreSQL delivers them in commit order), so nothing earlier is left.
   */
  const forgetNotes = async () => {
    await t.db.query(`SELECT pg_notify($1, 'marker')`, [DELIVERY_CHANNEL]);
    await waitFor(() => notes.includes('marker'), 20_000, 'the marker notification');
    notes.length = 0;
  };

  /** A worker that claims only when woken (its poll is far beyond the test). */
  const startWorker = () => {
    const w = createDeliveryWorker({
      db: t.db,
      policy: loopback,
      pollMs: 600_000,
      listenUrl: t.url,
      onError: (e) => expect.fail(String(e)),
    });
    workers.push(w);
    w.start();
    return w;
  };
  const serve = (targetId: string, w: DeliveryWorker) =>
    t.db.query(`INSERT INTO delivery_targets (target_id, holder, holder_until) VALUES ($1, $2, now() + interval '1 hour')`, [
      targetId,
      w.id,
    ]);

  it('a publish handed to its own worker notifies nobody; one another process serves wakes that process after the commit', async () => {
    const [mine, theirs] = [await addRegistration(t.db, `${receiver.url}?mine`), await addRegistration(t.db, `${receiver.url}?theirs`)];
    const [a, b] = [startWorker(), startWorker()];
    await serve(mine.id, a);
    await serve(theirs.id, b);
    await waitFor(
      async () =>
        (await t.db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`)).length >= 3,
      20_000,
      'both workers to LISTEN',
    );
    await forgetNotes();
    const publish = async (target: typeof mine, body: string) =>
      a.offer(await t.db.transaction((tx) => enqueueDeliveries(tx, [textMessage(target, receiver.url, body)])));
    await publish(mine, 'to a');
    await waitFor(() => receiver.received.length === 1, 30_000, 'the message a serves');
    await publish(theirs, 'to b');
    await waitFor(() => receiver.received.length === 2, 30_000, 'the message b serves, well before its poll');
    // The notification of the second publish arrives after any of the first (commit order): one
    // note, that one, is no notification for what a sent itself.
    await waitFor(() => notes.length > 0, 20_000, 'the notification of the second publish');
    expect(notes).toEqual([a.id]);
    // Its outcome is recorded after the receiver answered: wait for it, then read who served the target.
    const row = async () =>
      (
        await t.db.query<{ status: string; holder: string }>(
          `SELECT d.status, t.holder FROM delivery_messages d JOIN delivery_targets t ON t.target_id = d.target_id WHERE d.body = 'to b'`,
        )
      )[0];
    await waitFor(async () => (await row())?.status === 'succeeded', 30_000, 'the outcome of the message b served');
    expect(await row()).toEqual({ status: 'succeeded', holder: b.id });
  });

  it('an outbox without a worker wakes the workers of every process after a commit, and for a rollback not at all', async () => {
    const reg = await addRegistration(t.db, receiver.url);
    startWorker();
    await waitFor(
      async () =>
        (await t.db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`)).length >= 2,
      20_000,
      'the worker to LISTEN',
    );
    await forgetNotes();
    const outbox = new Outbox({ db: t.db });
    const send = (body: string, fail: boolean) =>
      outbox.publish((queue) =>
        t.db.transaction(async (tx) => {
          await queue.messages(tx, [textMessage(reg, receiver.url, body)]);
          if (fail) throw new Error('abort');
        }),
      );
    await expect(send('rolled back', true)).rejects.toThrow('abort');
    await send('committed', false);
    await waitFor(() => receiver.received.length === 1, 30_000, 'the committed message, well before the poll');
    // The commit's notification comes after anything the rollback could have sent: one note, the commit's.
    await waitFor(() => notes.length > 0, 20_000, 'the notification of the commit');
    expect(notes).toEqual(['']);
    expect(receiver.received.map((r) => r.body)).toEqual(['committed']);
  });
});
