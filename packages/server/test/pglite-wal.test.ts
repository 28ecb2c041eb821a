import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MigratableDatabase } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { openDatabase } from '../src/db/open.js';
import { Upkeep } from '../src/delivery/upkeep.js';

const MB = 1_048_576;

/** The embedded database's folder stays bounded: PGlite has no checkpointer, so the worker's upkeep checkpoints. */
describe('the embedded database’s write-ahead log', () => {
  let dataDir: string;
  let db: MigratableDatabase;
  const walBytes = () => Number(execFileSync('du', ['-sb', join(dataDir, 'pg_wal')], { encoding: 'utf8' }).split('\t')[0]);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'cn-wal-'));
    db = await openDatabase({ dataDir });
    await migrate(db);
  });
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
    const written = walBytes();
    expect(written).toBeGreaterThan(150 * MB);

    const upkeep = new Upkeep(db, (error) => {
      throw error;
    });
    upkeep.tick(performance.now(), false);
    await upkeep.settle();
    expect(walBytes()).toBeLessThanOrEqual(80 * MB);
  });
});
