import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

// PGlite is single-process: two processes on one data folder would corrupt it.
const lockFile = (dataDir: string) => join(dataDir, 'clubnotify-server.pid');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of another live process using `dataDir`, if any. */
export async function dataDirOwner(dataDir: string): Promise<number | undefined> {
  const pid = Number(await readFile(lockFile(dataDir), 'utf8').catch(() => ''));
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid) ? pid : undefined;
}

/** Claims `dataDir` for this process; throws when another live process holds it. Returns the release function. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const owner = await dataDirOwner(dataDir);
  if (owner !== undefined) {
    throw new Error(`Process ${owner} already uses the embedded database in ${dataDir}. Stop it, or use PostgreSQL (DATABASE_URL) to run several processes.`);
  }
  await mkdir(dataDir, { recursive: true });
  await writeFile(lockFile(dataDir), String(process.pid));
  return () => rm(lockFile(dataDir), { force: true });
}
