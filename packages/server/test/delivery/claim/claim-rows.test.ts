import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enqueueDeliveries } from '../../../src/delivery/queue/enqueue.js';
import { claimDue, type ClaimArgs } from '../../../src/delivery/claim/claim-due.js';
import { TargetHolds } from '../../../src/delivery/claim/target-holds.js';
import {
  addRegistration,
  createTestDatabase,
  databaseKinds,
  queueMessages,
  textMessage,
  type TestDatabase,
} from '../../support/delivery-support.js';

const URL = 'http://127.0.0.1:9/hook';

/**
 * What one claim returns, on both databases: each target's rows in the order they came due,
 * within the target's and the owner's caps (whether or not an owner could reach its cap in this
 * claim: PostgreSQL then leaves the owner's window out), each with its target's state.
 */
describe.each(databaseKinds())('the rows a claim takes (%s)', (kind) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(kind);
  });
  afterEach(async () => t.drop());

  const args = (over: Partial<ClaimArgs>): ClaimArgs => ({
    owner: 'wrk_rows',
    limit: 100,
    leaseMs: 30_000,
    perTarget: 100,
    perOwner: 1_000,
    inFlight: new Map(),
    held: new Map(),
    ownerHeld: new Map(),
    holds: new TargetHolds(),
    ...over,
  });
  /** Queues one message a transaction, each `ageMs` earlier due than the last (a retry's row can be due before older ones). */
  async function queueDue(target: { id: string; ownerKeyId: string }, bodies: string[], ageMs: number[]): Promise<void> {
    for (const [i, body] of bodies.entries()) {
      await t.db.transaction((tx) => enqueueDeliveries(tx, [textMessage(target, URL, body)]));
      await t.db.query(`UPDATE deliveries SET next_attempt_at = now() - $2 * interval '1 millisecond' WHERE body = $1`, [body, ageMs[i]]);
    }
  }

  it("takes each target's rows in the order they came due, up to its cap", async () => {
    const a = await addRegistration(t.db, URL);
    const b = await addRegistration(t.db, `${URL}?b`, { ownerKeyId: a.ownerKeyId });
    await queueDue(a, ['a0', 'a1', 'a2', 'a3', 'a4'], [3_000, 5_000, 1_000, 4_000, 2_000]);
    await queueDue(b, ['b0', 'b1', 'b2'], [1_000, 3_000, 2_000]);
    const { rows } = await claimDue(t.db, args({ perTarget: 3, inFlight: new Map([[b.id, 1]]) }));
    const of = (id: string) => rows.filter((d) => d.target_id === id).map((d) => d.body);
    expect(of(a.id)).toEqual(['a1', 'a3', 'a0']);
    expect(of(b.id)).toEqual(['b1', 'b2']);
  });

  it("keeps each owner to its cap, with what it holds here, and reads past an owner's cap when none can reach it", async () => {
    const a = await addRegistration(t.db, URL);
    const b = await addRegistration(t.db, `${URL}?b`, { ownerKeyId: a.ownerKeyId });
    const c = await addRegistration(t.db, `${URL}?c`);
    for (const target of [a, b, c]) await queueMessages(t.db, target, URL, 5);
    const count = (rows: { owner_key_id: string }[], owner: string) => rows.filter((d) => d.owner_key_id === owner).length;

    const capped = (await claimDue(t.db, args({ perOwner: 4 }))).rows;
    expect([count(capped, a.ownerKeyId), count(capped, c.ownerKeyId)]).toEqual([4, 4]);
    const holding = (await claimDue(t.db, args({ perOwner: 4, ownerHeld: new Map([[a.ownerKeyId, 3]]) }))).rows;
    expect([count(holding, a.ownerKeyId), count(holding, c.ownerKeyId)]).toEqual([1, 4]);
    const small = (await claimDue(t.db, args({ perOwner: 8, limit: 3, ownerHeld: new Map([[a.ownerKeyId, 6]]) }))).rows;
    expect(count(small, a.ownerKeyId), 'a claim of 3 that could take an owner past its cap').toBeLessThanOrEqual(2);
    const uncapped = await claimDue(t.db, args({}));
    expect(uncapped.rows).toHaveLength(15);
    expect(uncapped.more).toBe(false);
  });

  it("gives each row its target's secret, rate limit and state, and one row while its circuit probes", async () => {
    const plain = await addRegistration(t.db, URL);
    const limited = await addRegistration(t.db, URL);
    const probing = await addRegistration(t.db, URL);
    await t.db.query('UPDATE registrations SET rate_limit_per_second = 2 WHERE id = $1', [limited.id]);
    await t.db.query(
      `INSERT INTO delivery_targets (target_id, consecutive_failures, circuit_open_until) VALUES ($1, 5, now() - interval '1 second')`,
      [probing.id],
    );
    for (const target of [plain, limited, probing]) await queueMessages(t.db, target, URL, 3);
    const { rows } = await claimDue(t.db, args({}));
    const state = (target: { id: string }) =>
      rows.filter((d) => d.target_id === target.id).map((d) => [d.secret, d.rate_limit, d.target_active, d.target_cap]);
    expect(state(plain)).toEqual(Array(3).fill([plain.secret, null, true, null]));
    expect(state(limited)).toEqual(Array(3).fill([limited.secret, 2, true, null]));
    expect(state(probing)).toEqual([[probing.secret, null, true, 1]]);
    expect(rows.every((d) => d.attempt_count === 1 && d.round_attempts === 1 && d.url === URL && d.created_at)).toBe(true);
  });
});
