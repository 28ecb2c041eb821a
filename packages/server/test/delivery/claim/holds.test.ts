import pg from 'pg';
import { describe, it, expect } from 'vitest';
import { openDatabase } from '../../../src/db/open.js';
import type { Database } from '../../../src/db/database.js';
import { lockHolderSql } from '../../../src/delivery/claim/holder-lock.js';
import { claimDue } from '../../../src/delivery/claim/claim-due.js';
import { releaseHolds } from '../../../src/delivery/claim/hold.sql.js';
import type { ClaimedDelivery } from '../../../src/delivery/types.js';
import { holdMs, TargetHolds } from '../../../src/delivery/claim/target-holds.js';
import { addRegistration, createTestDatabase, queueMessages } from '../../support/delivery-support.js';

const PER_TARGET = 4;

/** One worker's claims, on its own pool; what it claimed stays claimed until `giveBack`. */
function claimer(db: Database, owner: string, leaseMs = 30_000) {
  const holds = new TargetHolds();
  const held = new Map<string, string>();
  const claim = async (limit = 64): Promise<ClaimedDelivery[]> => {
    const { rows } = await claimDue(db, {
      owner,
      limit,
      leaseMs,
      perTarget: PER_TARGET,
      inFlight: new Map(),
      held,
      perOwner: 1_000,
      ownerHeld: new Map(),
      holds,
    });
    for (const d of rows) held.set(d.id, d.target_id);
    return rows;
  };
  return Object.assign(claim, { held, giveBack: () => held.clear() });
}

describe.skipIf(!process.env.DATABASE_URL)('target holds on PostgreSQL', () => {
  it('two workers on separate pools, claiming at the same moment, never claim rows of one target together', async () => {
    const t = await createTestDatabase('postgres');
    const pools = [await openDatabase({ url: t.url! }), await openDatabase({ url: t.url! })];
    try {
      const targets = [];
      for (let i = 0; i < 4; i++) targets.push(await addRegistration(t.db, `http://127.0.0.1:9/${i}`));
      for (const target of targets) await queueMessages(t.db, target, 'http://127.0.0.1:9/', 200);
      const [a, b] = [claimer(pools[0]!, 'wrk_a'), claimer(pools[1]!, 'wrk_b')];
      const claimed = { wrk_a: 0, wrk_b: 0 };
      for (let round = 0; round < 40; round++) {
        const [fromA, fromB] = await Promise.all([a(8), b(8)]);
        claimed.wrk_a += fromA!.length;
        claimed.wrk_b += fromB!.length;
        // No row and no target is claimed by both at once.
        const aTargets = new Set(a.held.values());
        expect([...b.held].filter(([id, target]) => a.held.has(id) || aTargets.has(target))).toEqual([]);
        // Now and then a worker finishes: its rows go back and its holds with them.
        if (round % 5 === 4) {
          const [owner, worker] = round % 10 === 4 ? (['wrk_a', a] as const) : (['wrk_b', b] as const);
          worker.giveBack();
          await releaseHolds(t.db, owner);
        }
      }
      // Both served: the holds changed hands.
      expect(claimed.wrk_a).toBeGreaterThan(0);
      expect(claimed.wrk_b).toBeGreaterThan(0);
    } finally {
      for (const pool of pools) await pool.close();
      await t.drop();
    }
  });

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
      // What the dead worker claimed is claimable again: all 20 rows, up to the claim's per-target cap.
      expect(rows).toHaveLength(PER_TARGET);
    } finally {
      await t.drop();
    }
  }, 30_000);

  it("a session holder's holds end with its session, long before they expire; without its lock it claims nothing", async () => {
    const t = await createTestDatabase('postgres');
    const session = new pg.Client({ connectionString: t.url! });
    await session.connect();
    try {
      const target = await addRegistration(t.db, 'http://127.0.0.1:9/');
      await queueMessages(t.db, target, 'http://127.0.0.1:9/', 20);
      const [a, b] = [claimer(t.db, 'wks_a'), claimer(t.db, 'wks_b')];
      expect(await a()).toEqual([]);
      await session.query(lockHolderSql, ['wks_a']);
      expect(await a(4)).toHaveLength(4);
      expect(await b()).toEqual([]);
      // Its session ends (the process is killed): its hold, good for another 40 s, is free at once.
      await session.end();
      a.giveBack();
      expect(await a()).toEqual([]);
      const other = new pg.Client({ connectionString: t.url! });
      await other.connect();
      try {
        await other.query(lockHolderSql, ['wks_b']);
        // A new claimer: b's claims skip for a second a target they saw served elsewhere.
        expect(await claimer(t.db, 'wks_b')()).toHaveLength(PER_TARGET);
      } finally {
        await other.end();
      }
    } finally {
      await session.end().catch(() => {});
      await t.drop();
    }
  }, 30_000);

  it('renews a hold before a new claim would outlast it, and never claims past it', async () => {
    const t = await createTestDatabase('postgres');
    try {
      const target = await addRegistration(t.db, 'http://127.0.0.1:9/');
      await queueMessages(t.db, target, 'http://127.0.0.1:9/', 20);
      const leaseMs = 1_000;
      const claim = claimer(t.db, 'wrk_a', leaseMs);
      const hold = async () =>
        (
          await t.db.query<{ until: Date; outlasts: boolean }>(
            `SELECT holder_until AS until, holder_until >= now() + $2 * interval '1 millisecond' AS outlasts FROM delivery_targets WHERE target_id = $1`,
            [target.id, leaseMs],
          )
        )[0]!;
      // Each claim leaves the hold outlasting it by a lease at least, read after the claim.
      const claimOne = async () => {
        expect(await claim(1)).toHaveLength(1);
        const { until, outlasts } = await hold();
        expect(outlasts).toBe(true);
        return until.getTime();
      };
      const first = await claimOne();
      expect(await claimOne()).toBe(first);
      // Once less than a lease of the hold is left, the next claim renews it first.
      await new Promise((resolve) => setTimeout(resolve, holdMs(leaseMs) - leaseMs + 50));
      expect(await claimOne()).toBeGreaterThan(first);
    } finally {
      await t.drop();
    }
  }, 30_000);
});
