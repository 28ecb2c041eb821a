import { dbSnapshot } from '../../../scripts/mock/db-snapshot.js';
import type { MigratableDatabase } from '../src/db/database.js';
import { openDatabase } from '../src/db/open.js';

/**
 * A new in-memory PGlite with every migration applied (and the seed with `seeded`), loaded from
 * the dump kept in build/: a third of the CPU of initdb and the migrations, paid by each test
 * that needs a database. Callers still run `migrate` (and `seed`): on this copy they change nothing.
 */
export async function openMigratedPglite(options: { seeded?: boolean } = {}): Promise<MigratableDatabase> {
  const { snapshot } = await dbSnapshot({ seeded: options.seeded ?? false });
  return openDatabase({ dataDir: 'memory://', snapshot });
}
