// The record statement hands the recording worker the next message of each key whose message it
// ended in success, when a claim would take it now: no claim between a key's messages.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordBatch } from '../../../src/delivery/record/record.sql.js';
import { requeueDelivery } from '../../../src/delivery/queue/requeue.sql.js';
import { insertDeliveries } from '../../../src/delivery/queue/insert.sql.js';
import type { ClaimedDelivery, Outcome } from '../../../src/delivery/types.js';
import {
  addRegistration,
  claimAsIdle,
  createTestDatabase,
  databaseKinds,
  stockMessage,
  type TestDatabase,
} from '../../support/delivery-support.js';

const POLICY = { disableAfterMs: 86_400_000, breakAfter: 5, coolDownMs: 60_000 };
const URL = 'http://127.0.0.1:9/stock';

const stock = (target: { id: string; ownerKeyId: string }, drink: string, n: number) => stockMessage(target, URL, drink, n);

const ended = (delivery: ClaimedDelivery, status: Outcome['status']): Outcome => ({
  delivery,
  result: {
    startedAt: new Date(),
    durationMs: 2,
    statusCode: status === 'succeeded' ? 200 : 500,
    error: null,
    responseBody: null,
    retryAfterMs: null,
  },
  status,
  retryInMs: status === 'pending' ? 0 : null,
});

const places = (ds: ClaimedDelivery[]) => ds.map((d) => `${d.ordering_key}#${d.key_seq}`).sort();

describe.each(databaseKinds())('the next message of a key on %s', (kind) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(kind);
  });
  afterEach(async () => t?.drop());

  it('is handed to the worker that ended its predecessor in success, and left to a claim after a failure or a retry', async () => {
    const a = await addRegistration(t.db, URL, { event: 'stockUpdate' });
    const drinks = ['mojito', 'mojito', 'mojito', 'lime', 'lime', 'gin', 'gin'];
    await t.db.transaction((tx) =>
      insertDeliveries(
        tx,
        drinks.map((d, i) => stock(a, d, i)),
      ),
    );
    const first = await claimAsIdle(t.db, 'wrk_a');
    expect(places(first)).toEqual(['gin#1', 'lime#1', 'mojito#1']);
    const of = (key: string) => first.find((d) => d.ordering_key === key)!;

    // Queued an hour ago: the handover keeps that time (the first attempt's wait in /metrics counts from it).
    const [queued] = await t.db.query<{ at: Date }>(
      `UPDATE deliveries SET created_at = now() - interval '1 hour' WHERE target_id = $1 AND ordering_key = 'mojito' AND key_seq = 2 RETURNING created_at AS at`,
      [a.id],
    );
    const recorded = await recordBatch(
      t.db,
      [ended(of('mojito'), 'succeeded'), ended(of('lime'), 'failed'), ended(of('gin'), 'pending')],
      POLICY,
    );
    expect(places(recorded.handed)).toEqual(['mojito#2']);
    const [next] = recorded.handed;
    expect(next).toMatchObject({ target_id: a.id, attempt_count: 1, first_of_key: true, target_active: true, circuit: false });
    expect(JSON.parse(next!.body)).toEqual({ drink: { id: 'mojito', stock: 1 } });
    expect(next!.secret).toMatch(/^whsec_/);
    expect(Math.abs(next!.queued_at! - new Date(queued!.at).getTime())).toBeLessThan(1);
    // lime#2 follows a failure, gin#2 a retry of gin#1: a claim decides.
    expect(recorded.followed).toBe(true);
    expect(places(await claimAsIdle(t.db, 'wrk_a'))).toEqual(['gin#1', 'lime#2', 'mojito#2']);
  });

  it('is not handed while an earlier message of its key is queued again, nor before it is due', async () => {
    const a = await addRegistration(t.db, URL, { event: 'stockUpdate' });
    await t.db.transaction((tx) =>
      insertDeliveries(
        tx,
        [0, 1, 2, 3].map((i) => stock(a, 'negroni', i)),
      ),
    );
    const [one] = await claimAsIdle(t.db, 'wrk_a');
    const { handed } = await recordBatch(t.db, [ended(one!, 'succeeded')], POLICY);
    expect(places(handed)).toEqual(['negroni#2']);
    // A replay puts negroni#1 back in its place: negroni#3 waits for it, not for negroni#2.
    await t.db.transaction((tx) => requeueDelivery(tx, one!.id, 'id'));
    const afterReplay = await recordBatch(t.db, [ended(handed[0]!, 'succeeded')], POLICY);
    expect(afterReplay.handed).toEqual([]);
    expect(afterReplay.followed).toBe(true);
    const [replayed] = await claimAsIdle(t.db, 'wrk_a');
    expect(places([replayed!])).toEqual(['negroni#1']);
    await t.db.query(`UPDATE deliveries SET next_attempt_at = now() + interval '1 hour' WHERE target_id = $1 AND key_seq = 3`, [a.id]);
    const early = await recordBatch(t.db, [ended(replayed!, 'succeeded')], POLICY);
    expect(early.handed).toEqual([]);
    expect(early.followed).toBe(true);
  });
});
