import { createHash, type Hash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { webhookNames } from '@clubnotify/spec';
import { addHistoryDays, DAYS_AHEAD, migrate, openDatabase, seed, type Database } from '@clubnotify/server';
import { migrations } from '../../packages/server/src/db/migrations/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const dbSources = join(root, 'packages/server/src/db');
const buildDir = join(root, 'build');

/** A migrated database without keys or secrets (seeded unless `seeded: false`), as a PGlite dump. */
export interface DbSnapshot {
  snapshot: Uint8Array;
  path: string;
  /** Set when this call made it (a new database and its migrations). */
  builtMs?: number;
}

/**
 * Adds to `hash` what a migrated database is made of: the migrations, how they run, and the spec's
 * webhooks. The migrations as this process imported them, which `migrate` runs: read from disk, a
 * checkout that changed during a run (a pull, a merge) named an old database after the new files.
 */
export async function hashMigrations(hash: Hash): Promise<Hash> {
  for (const m of migrations) hash.update(`${m.version} ${m.name}\n${m.sql}\n`);
  hash.update(await readFile(join(dbSources, 'migrate.ts')));
  return hash.update(webhookNames.join(','));
}

/** The UTC day a migrated database is made for: it holds that day's history partitions and the upkeep's days ahead. */
export const snapshotDay = (): string => new Date().toISOString().slice(0, 10);

/**
 * The history's day partitions the upkeep would make on a new database's first start (a table and
 * 13 indexes a day: 1.5 s of PGlite's one connection under load, in every test that starts a
 * server), made once here instead; one day more for a run that passes midnight.
 */
export async function addSnapshotDays(db: Database): Promise<void> {
  await addHistoryDays(db, DAYS_AHEAD + 1);
}

/** What the snapshot is made of: the migrations (hashMigrations), the day, the seed and PGlite's version. */
async function fingerprint(seeded: boolean): Promise<string> {
  const hash = (await hashMigrations(createHash('sha256'))).update(snapshotDay());
  if (seeded) hash.update(await readFile(join(dbSources, 'seed.ts')));
  hash.update(await readFile(join(root, 'node_modules/@electric-sql/pglite/package.json')).catch(() => 'pglite'));
  return hash.digest('hex').slice(0, 16);
}

async function build(seeded: boolean): Promise<Uint8Array> {
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrate(db);
    await addSnapshotDays(db);
    if (seeded) await seed(db);
    return await db.dump!();
  } finally {
    await db.close();
  }
}

async function load(seeded: boolean): Promise<DbSnapshot> {
  const kind = seeded ? 'mock-db' : 'migrated-db';
  const path = join(buildDir, `${kind}-${await fingerprint(seeded)}.tar.gz`);
  const cached = await readFile(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (cached) return { snapshot: new Uint8Array(cached), path };
  const began = performance.now();
  const snapshot = await build(seeded);
  await mkdir(buildDir, { recursive: true });
  // Older fingerprints go; this one's files (another process may be writing it too) stay.
  for (const old of await readdir(buildDir))
    if (old.startsWith(`${kind}-`) && !old.startsWith(basename(path))) await rm(join(buildDir, old), { force: true });
  // Written aside and renamed, so a process starting meanwhile never reads half a file.
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, snapshot);
  await rename(partial, path);
  return { snapshot, path, builtMs: Math.round(performance.now() - began) };
}

const loaded = new Map<boolean, Promise<DbSnapshot>>();

/**
 * A new PGlite database runs initdb, about three times the CPU of loading one from a dump. The
 * dump is kept in build/ (read once per process) and made again when what it is made of changes.
 */
export function dbSnapshot(options: { seeded?: boolean } = {}): Promise<DbSnapshot> {
  const seeded = options.seeded ?? true;
  let snapshot = loaded.get(seeded);
  if (!snapshot) {
    snapshot = load(seeded);
    // A failed attempt is not kept: the next call tries again.
    snapshot.catch(() => loaded.delete(seeded));
    loaded.set(seeded, snapshot);
  }
  return snapshot;
}
