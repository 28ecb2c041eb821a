import { describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/database.js';
import { FULL_BATCH, GATHER_STEPS, OutcomeRecorder } from '../../../src/delivery/record/recorder.js';
import { insertDeliveries } from '../../../src/delivery/queue/insert.sql.js';
import type { Outcome } from '../../../src/delivery/types.js';
import { addRegistration, createTestDatabase, databaseKinds, textMessage } from '../../support/delivery-support.js';

const POLICY = { disableAfterMs: 86_400_000, breakAfter: 5, coolDownMs: 60_000 };
const URL = 'http://127.0.0.1:9/hook';

/** `count` queued deliveries, each with the outcome of a successful first attempt. */
async function succeeded(db: Database, count: number): Promise<Outcome[]> {
  const target = await addRegistration(db as never, URL);
  const messages = Array.from({ length: count }, (_, i) => textMessage(target, URL, `message ${i}`));
  const fresh = await db.transaction((tx) => insertDeliveries(tx, messages));
  const result = { startedAt: new Date(), durationMs: 3, statusCode: 204, error: null, responseBody: '', retryAfterMs: null };
  return fresh.map((delivery) => ({ delivery, result, status: 'succeeded', retryInMs: null }));
}

/** A recorder on `db` that counts its statements and resolves `all` once `total` outcomes are recorded. */
function counted(db: Database, total: number, onTheWire?: () => number, crowded?: () => boolean) {
  const batches: number[] = [];
  let done!: () => void;
  const all = new Promise<void>((resolve) => (done = resolve));
  let recorded = 0;
  const recorder = new OutcomeRecorder({
    db,
    batchDelayMs: 1,
    onTheWire,
    crowded,
    policy: POLICY,
    onError: (error) => {
      throw error;
    },
    onRecorded: (batch) => {
      batches.push(batch.length);
      if ((recorded += batch.length) === total) done();
    },
  });
  return { recorder, batches, all };
}

describe.each(databaseKinds())('the outcome recorder on %s', (kind) => {
  it('gathers outcomes that end while attempts are on the wire into one statement, for a few steps at most', async () => {
    const t = await createTestDatabase(kind);
    try {
      const outcomes = await succeeded(t.db, GATHER_STEPS + 1);
      const later = outcomes.slice(1);
      // Each look at the wire finds one more attempt that has just ended.
      const { recorder, batches, all } = counted(t.db, GATHER_STEPS, () => {
        const next = later.shift();
        if (next) recorder.add(next);
        return 1;
      });
      recorder.add(outcomes[0]!);
      await all;
      // The first outcome and one per look but the last: then the batch went, though the wire was busy.
      expect({ batches, left: later.length }).toEqual({ batches: [GATHER_STEPS], left: 1 });
      expect(await t.db.query(`SELECT count(*)::int AS n FROM delivery_history WHERE status = 'succeeded'`)).toEqual([{ n: GATHER_STEPS }]);
    } finally {
      await t.drop();
    }
  }, 120_000);

  it('stops gathering once the process is crowded with unrecorded deliveries, the wire busy or not', async () => {
    const t = await createTestDatabase(kind);
    try {
      const outcomes = await succeeded(t.db, 3);
      let looks = 0;
      // The wire stays busy; the second look finds the process crowded.
      const { recorder, batches, all } = counted(
        t.db,
        3,
        () => 64,
        () => ++looks >= 2,
      );
      for (const outcome of outcomes) recorder.add(outcome);
      await all;
      expect({ batches, looks }).toEqual({ batches: [3], looks: 2 });
    } finally {
      await t.drop();
    }
  }, 120_000);

  it('stops gathering at the next step once an urgent outcome comes (a key waits for it), the wire busy or not', async () => {
    const t = await createTestDatabase(kind);
    try {
      const [first, urgent, third] = await succeeded(t.db, 3);
      let looks = 0;
      // The wire stays busy; the first look finds the urgent one come (a second look would find a plain one).
      const { recorder, batches, all } = counted(t.db, 2, () => {
        looks++;
        if (looks === 1) recorder.add(urgent!, true);
        if (looks === 2) recorder.add(third!);
        return 64;
      });
      recorder.add(first!);
      await all;
      expect({ batches, looks }).toEqual({ batches: [2], looks: 1 });
    } finally {
      await t.drop();
    }
  }, 120_000);

  it('records after one step when nothing is on the wire, and at once when a batch is full', async () => {
    const t = await createTestDatabase(kind);
    try {
      const [lone, ...rest] = await succeeded(t.db, FULL_BATCH + 1);
      let looks = 0;
      const quiet = counted(t.db, 1, () => (looks++, 0));
      quiet.recorder.add(lone!);
      await quiet.all;
      expect({ batches: quiet.batches, looks }).toEqual({ batches: [1], looks: 1 });

      // The wire stays busy, but FULL_BATCH outcomes are enough: no second look.
      looks = 0;
      const full = counted(t.db, rest.length, () => (looks++, 64));
      for (const outcome of rest) full.recorder.add(outcome);
      await full.all;
      expect({ batches: full.batches, looks }).toEqual({ batches: [FULL_BATCH], looks: 0 });
    } finally {
      await t.drop();
    }
  }, 120_000);
});
