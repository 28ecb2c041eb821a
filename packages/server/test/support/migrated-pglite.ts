import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { dbSnapshot } from '../../../../scripts/mock/db-snapshot.js';
import type { MigratableDatabase } from '../../src/db/database.js';
import { openDatabase } from '../../src/db/open.js';
import { reusedPglite } from './pglite-reuse.js';

/**
 * An in-memory PGlite with every migration applied (and the seed with `seeded`), as new: loaded
 * from the dump kept in build/ (a third of the CPU of initdb and the migrations) once per test
 * process, then reset for each next test (pglite-reuse.ts); `fresh` for a database no test used before.
 * Callers still run `migrate` (and `seed`): on this copy they change nothing.
 */
export async function openMigratedPglite(options: { seeded?: boolean; fresh?: boolean } = {}): Promise<MigratableDatabase> {
  const seeded = options.seeded ?? false;
  const open = async () => openDatabase({ dataDir: 'memory://', snapshot: (await dbSnapshot({ seeded })).snapshot });
  return options.fresh ? open() : reusedPglite(seeded ? 'seeded' : 'migrated', open);
}

/**
 * The same migrated database as files in `dataDir` (an empty folder), for tests that need PGlite
 * on disk: the dump unpacked there, instead of initdb and every migration (seconds against a minute under load).
 */
export async function unpackMigratedPglite(dataDir: string, options: { seeded?: boolean } = {}): Promise<void> {
  // From the bytes already read: a process starting on the next day replaces the file.
  const { snapshot } = await dbSnapshot({ seeded: options.seeded ?? false });
  const tar = spawn('tar', ['xzf', '-', '-C', dataDir], { stdio: ['pipe', 'ignore', 'inherit'] });
  tar.stdin.end(snapshot);
  const [code] = (await once(tar, 'close')) as [number | null];
  if (code !== 0) throw new Error(`tar xzf of the migrated database into ${dataDir} exited ${code}`);
}

/** `dir` (made if missing) as a server's DATA_DIR whose embedded database is that dump: its first start skips initdb and the migrations. */
export async function migratedInto(dir: string): Promise<string> {
  await mkdir(join(dir, 'pglite'), { recursive: true });
  await unpackMigratedPglite(join(dir, 'pglite'));
  return dir;
}
