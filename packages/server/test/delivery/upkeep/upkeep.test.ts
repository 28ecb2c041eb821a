import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MigratableDatabase } from '../../../src/db/database.js';
import { migrate } from '../../../src/db/migrate.js';
import { openDatabase } from '../../../src/db/open.js';
import { Upkeep } from '../../../src/delivery/upkeep/upkeep.js';
import { addRegistration, createTestDatabase, databaseKinds, waitFor, type TestDatabase } from '../../support/delivery-support.js';
import { fillPending } from '../../support/fill-history.js';
import { unpackMigratedPglite } from '../../support/migrated-pglite.js';

const MB = 1_048_576;

async function runUpkeep(db: MigratableDatabase): Promise<void> {
  const upkeep = new Upkeep(db, (error) => {
    throw error;
  });
  upkeep.tick(performance.now(), false);
  await upkeep.settle();
}

/** PGlite has no checkpointer, so the worker's upkeep checkpoints: the folder stays bounded. */
describe('the embedded database’s write-ahead log', () => {
  let dataDir: string;
  let db: MigratableDatabase;
  const walBytes = () => Number(execFileSync('du', ['-sb', join(dataDir, 'pg_wal')], { encoding: 'utf8' }).split('\t')[0]);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cn-wal-'));
    // The kept migrated dump unpacked on disk: initdb and every migration took 4 s quiet, over 60 s at load 30.
    await unpackMigratedPglite(dataDir);
    db = await openDatabase({ dataDir });
    await migrate(db);
  }, 240_000);
  afterAll(async () => {
    await db?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps at most about 64 MB of WAL after the upkeep’s checkpoint, however much was written', async () => {
    await db.query('CREATE TABLE churn (id int, filler text)');
    for (let round = 0; round < 8; round++) {
      await db.query(`INSERT INTO churn SELECT g, repeat('x', 500) FROM generate_series(1, 40000) g`);
      await db.query('DELETE FROM churn');
    }
    expect(walBytes()).toBeGreaterThan(150 * MB);
    await runUpkeep(db);
    expect(walBytes()).toBeLessThanOrEqual(80 * MB);
  });
});

/** Every delivery leaves a dead row in the queue: the upkeep vacuums it where autovacuum does not. */
describe.skipIf(!process.env.DATABASE_URL)('the queue on PostgreSQL without autovacuum', () => {
  let t: TestDatabase;
  const stats = async () =>
    (
      await t.db.query<{ dead: number; vacuums: number }>(
        `SELECT n_dead_tup::int AS dead, vacuum_count::int AS vacuums FROM pg_stat_user_tables WHERE relid = 'deliveries'::regclass`,
      )
    )[0]!;

  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    await t.db.query('ALTER TABLE deliveries SET (autovacuum_enabled = false)');
  });
  afterAll(() => t?.drop());

  it('is vacuumed by the upkeep once a fifth of it is dead', async () => {
    const target = await addRegistration(t.db, 'https://hooks.example.com/a', { event: 'stockUpdate' });
    await fillPending(t.db, { messages: 5_000, targetIds: [target.id], ownerKeyId: target.ownerKeyId });
    await t.db.query('DELETE FROM deliveries');
    await waitFor(async () => (await stats()).dead >= 5_000, 30_000, 'the dead rows in the statistics');
    const before = (await stats()).vacuums;
    await runUpkeep(t.db);
    expect((await stats()).vacuums).toBe(before + 1);
    expect((await stats()).dead).toBe(0);
  });
});

/**
 * A vacuum that truncates the emptied queue locks out every publish for a moment (migration 060):
 * vacuums keep its pages, and the upkeep gives them back only once it is mostly empty space.
 */
describe.each(databaseKinds())('the queue’s empty pages on %s', (kind) => {
  let t: TestDatabase;
  const pages = async () =>
    (await t.db.query<{ n: number }>(`SELECT (pg_relation_size('deliveries') / current_setting('block_size')::int)::int AS n`))[0]!.n;
  const drain = async (messages: number) => {
    const target = await addRegistration(t.db, 'https://hooks.example.com/a', { event: 'stockUpdate' });
    await fillPending(t.db, { messages, targetIds: [target.id], ownerKeyId: target.ownerKeyId });
    await t.db.query('DELETE FROM deliveries');
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  }, 120_000);
  afterAll(() => t?.drop());

  it('keeps the pages of a drained queue through a vacuum and the upkeep, and gives back those of a large one', async () => {
    await drain(2_000);
    const drained = await pages();
    expect(drained).toBeGreaterThan(100);
    await t.db.query('VACUUM deliveries');
    expect(await pages()).toBe(drained);
    await runUpkeep(t.db);
    await runUpkeep(t.db);
    expect(await pages()).toBe(drained);

    // Over the upkeep's 16 MB: about 19 rows a page.
    await drain(60_000);
    expect(await pages()).toBeGreaterThan(2_048);
    // The first upkeep may still see the backlog's statistics; by the second the queue is known to be empty.
    await runUpkeep(t.db);
    await runUpkeep(t.db);
    expect(await pages()).toBeLessThan(16);
  }, 120_000);
});
