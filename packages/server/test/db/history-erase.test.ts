import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import type { MigratableDatabase } from '../../src/db/database.js';
import { createApiKey } from '../../src/domain/api-keys.js';
import { eraseApiKey } from '../../src/domain/erase-key.js';
import { addHistoryDays } from '../../src/delivery/upkeep/partitions.sql.js';
import { fillDeliveredHistory, fillPending } from '../support/fill-history.js';
import { dbFactories } from '../support/server-support.js';

const DAY = 86_400_000;
const beforePartitioning = migrations.filter((m) => m.version < 100);

/** An owner's rows in each leaf partition of the history, by partition name. */
async function rowsByPartition(db: MigratableDatabase, owner: string): Promise<Record<string, number>> {
  const rows = await db.query<{ name: string; n: number }>(
    `SELECT tableoid::regclass::text AS name, count(*)::int AS n FROM delivery_history WHERE owner_key_id = $1 GROUP BY 1 ORDER BY 1`,
    [owner],
  );
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

const attemptsOf = async (db: MigratableDatabase, owner: string) =>
  (
    await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM delivery_attempts WHERE delivery_id IN (SELECT id FROM delivery_history WHERE owner_key_id = $1)`,
      [owner],
    )
  )[0]!.n;

// Issue 52: erasure of one owner reaches every partition of the history (migrations 100-103).
describe.each(dbFactories())('erasing an owner across the partitioned history on $name', (factory) => {
  it('deletes their rows and attempts from the legacy partition, several days and the default partition; another owner keeps all', async () => {
    const database = await factory.open({ migrated: false });
    const { db } = database;
    try {
      await migrate(db, beforePartitioning);
      const alice = (await createApiKey(db, { name: 'alice', scope: 'subscriber' })).id;
      const bob = (await createApiKey(db, { name: 'bob', scope: 'subscriber' })).id;
      const fill = (ownerKeyId: string, targets: string[] | number, endAt: Date) =>
        fillDeliveredHistory(db, { messages: 30, targets, ownerKeyId, retriedEvery: 3, endAt, spanMs: 3_600_000 });
      // Rows of yesterday: the table as it was, which migration 102 makes the legacy partition.
      const aliceTargets = (await fill(alice, 2, new Date(Date.now() - DAY))).targetIds;
      const bobTargets = (await fill(bob, 2, new Date(Date.now() - DAY))).targetIds;
      await migrate(db);

      // The legacy partition reaches 3 UTC midnights ahead: the days come after it. Three days of rows
      // go to the default partition, then into their days when the upkeep makes them.
      const [bound] = await db.query<{ upper: Date }>(
        `SELECT upper FROM delivery_history_partitions WHERE name = 'delivery_history_legacy'`,
      );
      const dayAfterLegacy = (n: number) => new Date(new Date(bound!.upper).getTime() + n * DAY + 12 * 3_600_000);
      for (const n of [0, 1, 2]) {
        await fill(alice, aliceTargets, dayAfterLegacy(n));
        await fill(bob, bobTargets, dayAfterLegacy(n));
      }
      expect(await addHistoryDays(db)).toBeGreaterThanOrEqual(3);
      // Rows of a day not made stay in the default partition.
      await fill(alice, aliceTargets, dayAfterLegacy(9));
      await fill(bob, bobTargets, dayAfterLegacy(9));
      await fillPending(db, { messages: 5, targetIds: aliceTargets, ownerKeyId: alice, dueInMs: 3_600_000 });

      const spread = await rowsByPartition(db, alice);
      expect(spread['delivery_history_legacy']).toBe(30);
      expect(spread['delivery_history_default']).toBe(30);
      expect(Object.entries(spread).filter(([name, n]) => /^delivery_history_\d{8}$/.test(name) && n === 30)).toHaveLength(3);
      const bobBefore = await rowsByPartition(db, bob);
      expect(bobBefore).toEqual(Object.fromEntries(Object.keys(spread).map((name) => [name, 30])));
      const bobAttempts = await attemptsOf(db, bob);
      expect(bobAttempts).toBe(50);
      const aliceIds = (await db.query<{ id: string }>(`SELECT id FROM delivery_history WHERE owner_key_id = $1`, [alice])).map(
        (r) => r.id,
      );

      expect(await eraseApiKey(db, alice)).toEqual({ id: alice, messages: 155, registrations: 2, subscriptions: 0 });

      expect(await rowsByPartition(db, alice)).toEqual({});
      const left = await db.query<{ history: number; queued: number; attempts: number }>(
        `SELECT (SELECT count(*)::int FROM delivery_history WHERE id = ANY($1::text[])) AS history,
                (SELECT count(*)::int FROM deliveries WHERE owner_key_id = $2) AS queued,
                (SELECT count(*)::int FROM delivery_attempts WHERE delivery_id = ANY($1::text[])) AS attempts`,
        [aliceIds, alice],
      );
      expect(left).toEqual([{ history: 0, queued: 0, attempts: 0 }]);
      expect(await rowsByPartition(db, bob)).toEqual(bobBefore);
      expect(await attemptsOf(db, bob)).toBe(bobAttempts);
    } finally {
      await database.drop();
    }
  }, 120_000);
});
