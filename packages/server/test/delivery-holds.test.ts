import { describe, it, expect } from 'vitest';
import { openDatabase } from '../src/db/open.js';
import type { Database } from '../src/db/database.js';
import { claimDue, releaseLeases, unclaim, type ClaimedDelivery } from '../src/delivery/store.js';
import { holdMs, TargetHolds } from '../src/delivery/target-holds.js';
import { addRegistration, createTestDatabase, queueMessages } from './delivery-support.js';

const PER_TARGET = 4;

/** One worker's claims, on its own pool. */
function claimer(db: Database, owner: string, leaseMs = 30_000) {
  const holds = new TargetHolds();
  return (limit = 64): Promise<ClaimedDelivery[]> =>
    claimDue(db, { owner, limit, leaseMs, perTarget: PER_TARGET, inFlight: new Map(), held: new Set(), perOwner: 1_000, ownerHeld: new Map(), holds });
}

/** Targets whose leased rows belong to more than one worker. */
async function shared(db: Database): Promise<string[]> {
  const rows = await db.query<{ target_id: string }>(
    `SELECT target_id FROM deliveries WHERE status = 'pending' AND lease_expires_at > now() GROUP BY target_id HAVING count(DISTINCT lease_owner) > 1`,
  );
  return rows.map((row) => row.target_id);
}

describe.skipIf(!process.env.DATABASE_URL)('target holds on PostgreSQL', () => {
  it('two workers on separate pools, claiming at the same moment, never lease rows of one target together', async () => {
    const t = await createTestDatabase('postgres');
    const pools = [await openDatabase({ url: t.url! }), await openDatabase({ url: t.url! })];
    try {
      const targets = [];
      for (let i = 0; i < 4; i++) targets.push(await addRegistration(t.db, `http://127.0.0.1:9/${i}`));
      for (const target of targets) await queueMessages(t.db, target, 'http://127.0.0.1:9/', 200);
      const claims = [claimer(pools[0]!, 'wrk_a'), claimer(pools[1]!, 'wrk_b')];
      const leased = { wrk_a: 0, wrk_b: 0 };
      for (let round = 0; round < 40; round++) {
        const [a, b] = await Promise.all(claims.map((claim) => claim(8)));
        leased.wrk_a += a!.length;
        leased.wrk_b += b!.length;
        const aTargets = new Set(a!.map((d) => d.target_id));
        expect(b!.filter((d) => aTargets.has(d.target_id))).toEqual([]);
        expect(await shared(t.db)).toEqual([]);
        // Now and then a worker finishes: its rows go back and its holds with them.
        if (round % 5 === 4) {
          const owner = round % 10 === 4 ? 'wrk_a' : 'wrk_b';
          await unclaim(t.db, owner, (owner === 'wrk_a' ? a! : b!).map((d) => d.id));
          await releaseLeases(t.db, owner);
        }
      }
      // Both served: the holds changed hands.
      expect(leased.wrk_a).toBeGreaterThan(0);
      expect(leased.wrk_b).toBeGreaterThan(0);
    } finally {
      for (const pool of pools) await pool.close();
      await t.drop();
    }
  }, 60_000);

  it("a dead worker's hold expires: another worker serves the target after it, not before", async () => {
    const t = await createTestDatabase('postgres');
    try {
      const target = await addRegistration(t.db, 'http://127.0.0.1:9/');
      await queueMessages(t.db, target, 'http://127.0.0.1:9/', 20);
      // The live worker's first claim must come before the hold (2 s) ends, even on a loaded machine.
      const leaseMs = 1_000;
      expect(await claimer(t.db, 'wrk_dead', leaseMs)(4)).toHaveLength(4);
      const started = Date.now();
      expect(await claimer(t.db, 'wrk_live', leaseMs)()).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, holdMs(leaseMs) + 50));
      const rows = await claimer(t.db, 'wrk_live', leaseMs)();
      expect(Date.now() - started).toBeGreaterThanOrEqual(holdMs(leaseMs));
      // The dead worker's leases expired too: all 20 rows, up to the claim's per-target cap.
      expect(rows).toHaveLength(PER_TARGET);
    } finally {
      await t.drop();
    }
  }, 30_000);

  it('renews a hold before its new leases would outlast it, and never leases past it', async () => {
    const t = await createTestDatabase('postgres');
    try {
      const target = await addRegistration(t.db, 'http://127.0.0.1:9/');
      await queueMessages(t.db, target, 'http://127.0.0.1:9/', 20);
      const leaseMs = 1_000;
      const claim = claimer(t.db, 'wrk_a', leaseMs);
      const holdUntil = async () => (await t.db.query<{ until: Date }>(`SELECT holder_until AS until FROM delivery_targets WHERE target_id = $1`, [target.id]))[0]!.until.getTime();
      expect(await claim(1)).toHaveLength(1);
      const first = await holdUntil();
      expect(await claim(1)).toHaveLength(1);
      expect(await holdUntil()).toBe(first);
      // Once less than a lease of the hold is left, the next claim renews it first.
      await new Promise((resolve) => setTimeout(resolve, holdMs(leaseMs) - leaseMs + 50));
      expect(await claim(1)).toHaveLength(1);
      expect(await holdUntil()).toBeGreaterThan(first);
      const [late] = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM deliveries d JOIN delivery_targets t USING (target_id) WHERE d.lease_expires_at > t.holder_until`,
      );
      expect(late!.n).toBe(0);
    } finally {
      await t.drop();
    }
  }, 30_000);
});
