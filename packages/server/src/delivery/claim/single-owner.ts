import type { Database } from '../../db/database.js';

/**
 * True when one worker owns the database and claims without target holds (PGlite): one
 * process holds its data folder (see data-dir-lock.ts) and runs one worker.
 */
export function singleOwner(db: Database): boolean {
  return db.kind === 'pglite';
}
