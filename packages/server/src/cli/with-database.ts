import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { dataDirOwner, lockDataDir } from '../data-dir-lock.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { openDatabase } from '../db/open.js';

/**
 * Runs `fn` on the configured database, migrated: PostgreSQL from DATABASE_URL, or the
 * embedded one in DATA_DIR (created if missing, and locked while `fn` runs). `busy` is the
 * one-line message printed when a running server holds the embedded database.
 */
export async function withDatabase(
  env: NodeJS.ProcessEnv,
  busy: (owner: number, dataDir: string) => string,
  fn: (db: Database) => Promise<number>,
): Promise<number> {
  const config = loadConfig(env);
  let release = async () => {};
  if (!config.databaseUrl) {
    const owner = await dataDirOwner(config.dataDir);
    if (owner !== undefined) {
      console.error(busy(owner, config.dataDir));
      return 1;
    }
    release = await lockDataDir(config.dataDir);
  }
  try {
    const db = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
    try {
      await migrate(db);
      return await fn(db);
    } finally {
      await db.close();
    }
  } finally {
    await release();
  }
}
