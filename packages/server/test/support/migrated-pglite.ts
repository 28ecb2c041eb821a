import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { dbSnapshot } from '../../../../scripts/mock/db-snapshot.js';
import type { MigratableDatabase } from '../../src/db/database.js';
import { openDatabase } from '../../src/db/open.js';

const run = promisify(execFile);

/**
 * A new in-memory PGlite with every migration applied (and the seed with `seeded`), loaded from
 * the dump kept in build/: a third of the CPU of initdb and the migrations, paid by each test
 * that needs a database. Callers still run `migrate` (and `seed`): on this copy they change nothing.
 */
export async function openMigratedPglite(options: { seeded?: boolean } = {}): Promise<MigratableDatabase> {
  const { snapshot } = await dbSnapshot({ seeded: options.seeded ?? false });
  return openDatabase({ dataDir: 'memory://', snapshot });
}

/**
 * The same migrated database as files in `dataDir` (an empty folder), for tests that need PGlite
 * on disk: the dump unpacked there, instead of initdb and every migration (seconds against a minute under load).
 */
export async function unpackMigratedPglite(dataDir: string, options: { seeded?: boolean } = {}): Promise<void> {
  const { path } = await dbSnapshot({ seeded: options.seeded ?? false });
  await run('tar', ['xzf', path, '-C', dataDir]);
}
