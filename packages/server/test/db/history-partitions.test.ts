import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import type { MigratableDatabase } from '../../src/db/database.js';
import { createApiKey } from '../../src/domain/api-keys.js';
import { addHistoryDays, DAYS_AHEAD } from '../../src/delivery/upkeep/partitions.sql.js';
import { fillDeliveredHistory } from '../support/fill-history.js';
import { dbFactories, startTestServer, type TestServer } from '../support/server-support.js';

const PARTITIONING = [100, 101, 102, 103];
const before = migrations.filter((m) => m.version < PARTITIONING[0]!);
const upToPartitioning = migrations.filter((m) => m.version <= PARTITIONING.at(-1)!);

/** Every delivery id the list answers for `query`, page after page, newest first. */
async function listAll(s: TestServer, key: string, query: string): Promise<string[]> {
  const ids: string[] = [];
  let next: string | null = `/deliveries?limit=100&${query}`;
  while (next) {
    const res = await s.call('GET', next, { key });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: Array<{ id: string }>; links: { next: string | null } };
    ids.push(...body.data.map((d) => d.id));
    next = body.links.next;
  }
  return ids;
}

const partitions = (db: MigratableDatabase) =>
  db.query<{ name: string; rows: number }>(
    `SELECT t.relid::text AS name, (SELECT count(*)::int FROM delivery_history h WHERE h.tableoid = t.relid) AS rows
     FROM pg_partition_tree('delivery_history') t WHERE t.isleaf ORDER BY 1`,
  );

// Issue 52: the history partitioned by time, from a database made by the migrations before it.
describe.each(dbFactories())('the history partitioned by time (migrations 100-103) on $name', (factory) => {
  it('keeps every row of a history made before it readable through the API, in a partition it neither copied nor read', async () => {
    const database = await factory.open({ migrated: false });
    const { db } = database;
    let s: TestServer | undefined;
    try {
      await migrate(db, before);
      const admin = await createApiKey(db, { name: 'admin', scope: 'admin' });
      const { ownerKeyId, targetIds } = await fillDeliveredHistory(db, { messages: 450, targets: 3, spanMs: 3 * 86_400_000 });
      await db.query(`UPDATE delivery_history SET status = 'failed', success_attempt = NULL WHERE seq % 7 = 0`);
      const all = (await db.query<{ id: string }>('SELECT id FROM delivery_history ORDER BY seq DESC')).map((r) => r.id);
      const failed = (await db.query<{ id: string }>(`SELECT id FROM delivery_history WHERE status = 'failed' ORDER BY seq DESC`)).map(
        (r) => r.id,
      );
      const oldIndexes = await db.query<{ oid: number }>(
        `SELECT indexrelid::int AS oid FROM pg_index WHERE indrelid = 'delivery_history'::regclass`,
      );

      expect(await migrate(db, upToPartitioning)).toEqual(PARTITIONING);

      // The old table is the legacy partition with its own indexes (none built again), beside an empty default.
      expect(await partitions(db)).toEqual([
        { name: 'delivery_history_default', rows: 0 },
        { name: 'delivery_history_legacy', rows: 450 },
      ]);
      const legacyIndexes = await db.query<{ oid: number }>(
        `SELECT indexrelid::int AS oid FROM pg_index WHERE indrelid = 'delivery_history_legacy'::regclass`,
      );
      expect(legacyIndexes.map((i) => i.oid).sort()).toEqual(oldIndexes.map((i) => i.oid).sort());

      s = await startTestServer(factory, { seedData: false, database });
      expect(await listAll(s, admin.key, `ownerKeyId=${ownerKeyId}`)).toEqual(all);
      expect(await listAll(s, admin.key, `ownerKeyId=${ownerKeyId}&status=failed`)).toEqual(failed);
      expect((await listAll(s, admin.key, `targetId=${targetIds[1]}`)).length).toBe(150);
      const oldest = await s.call('GET', `/deliveries/${all.at(-1)}`, { key: admin.key });
      expect(oldest.status).toBe(200);

      // A delivery that ends after the legacy bound waits in the default partition until the upkeep makes its day.
      const [bound] = await db.query<{ upper: Date }>(
        `SELECT upper FROM delivery_history_partitions WHERE name = 'delivery_history_legacy'`,
      );
      const later = await fillDeliveredHistory(db, {
        messages: 2,
        targets: targetIds,
        ownerKeyId,
        endAt: new Date(new Date(bound!.upper).getTime() + 3_600_000),
        spanMs: 1_000,
      });
      expect(later.ownerKeyId).toBe(ownerKeyId);
      expect((await listAll(s, admin.key, `ownerKeyId=${ownerKeyId}`)).slice(2)).toEqual(all);
      expect(await addHistoryDays(db)).toBeGreaterThan(0);
      const day = (await partitions(db)).filter((p) => /^delivery_history_\d{8}$/.test(p.name) && p.rows > 0);
      expect(day).toEqual([{ name: expect.stringMatching(/^delivery_history_\d{8}$/), rows: 2 }]);
      const listed = await listAll(s, admin.key, `ownerKeyId=${ownerKeyId}`);
      expect(listed.slice(2)).toEqual(all);
    } finally {
      await (s ? s.close() : database.drop());
    }
  }, 180_000);

  it('makes a new database partitioned from the start with a default partition, the upkeep the days ahead', async () => {
    const database = await factory.open({ migrated: false });
    const { db } = database;
    try {
      await migrate(db);
      expect((await partitions(db)).map((p) => p.name)).toEqual(['delivery_history_default']);
      expect(await addHistoryDays(db)).toBe(DAYS_AHEAD + 1);
      const names = (await partitions(db)).map((p) => p.name);
      const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      expect(names).toContain(`delivery_history_${today}`);
      expect(names.filter((n) => /^delivery_history_\d{8}$/.test(n)).length).toBe(DAYS_AHEAD + 1);
      expect(await addHistoryDays(db)).toBe(0);
    } finally {
      await database.drop();
    }
  }, 120_000);
});
