import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { accessError, ensureWritableDir } from './data-dir-access.js';

// PGlite is single-process: two processes on one data folder would corrupt it.
const lockFile = (dataDir: string) => join(dataDir, 'clubnotify-server.pid');

/** Who holds the folder: a pid alone is not enough, pids are reused (after kill -9, in containers). */
interface LockRecord {
  pid: number;
  /** Start time of `pid` in clock ticks since boot (/proc/<pid>/stat field 22); null where there is no /proc. */
  start: string | null;
  token: string;
}

const ownToken = randomUUID();

/** State letter and start time of a process from /proc, or undefined when it does not exist (or there is no /proc). */
async function procStat(pid: number): Promise<{ state: string; start: string } | undefined> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (stat === undefined) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', start: fields[19] ?? '' };
}

const hasProc = async () => (await procStat(process.pid)) !== undefined;

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote `record` still runs (not a zombie, not a new process with its pid). */
async function holderAlive(record: LockRecord): Promise<boolean> {
  if (record.pid === process.pid) return record.token === ownToken;
  if (!(await hasProc())) return signalable(record.pid);
  const stat = await procStat(record.pid);
  if (!stat || stat.state === 'Z' || stat.state === 'X') return false;
  return record.start === null || record.start === stat.start;
}

function parseRecord(text: string): LockRecord | undefined {
  // Servers before this format wrote the bare pid.
  if (/^\d+$/.test(text.trim())) return { pid: Number(text.trim()), start: null, token: '' };
  try {
    const record = JSON.parse(text) as LockRecord;
    return Number.isInteger(record.pid) && record.pid > 0 ? record : undefined;
  } catch {
    return undefined;
  }
}

const readRecord = async (dataDir: string) => {
  const text = await readFile(lockFile(dataDir), 'utf8').catch(() => undefined);
  return text === undefined ? undefined : { text, record: parseRecord(text) };
};

/** The pid of another live process using `dataDir`, if any. */
export async function dataDirOwner(dataDir: string): Promise<number | undefined> {
  const held = await readRecord(dataDir);
  if (!held?.record || held.record.token === ownToken) return undefined;
  return (await holderAlive(held.record)) ? held.record.pid : undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits up to `waitMs` for a live owner to go away (a supervisor restarts at once after kill -9, while the old process is still torn down). */
async function ownerAfterWaiting(dataDir: string, waitMs: number): Promise<number | undefined> {
  const until = Date.now() + waitMs;
  for (;;) {
    const owner = await dataDirOwner(dataDir);
    if (owner === undefined || Date.now() >= until) return owner;
    await sleep(100);
  }
}

/**
 * Claims `dataDir` for this process; throws when another live process holds it (after
 * waiting up to `waitMs` for a dying one). A lock left by a dead process, or by an
 * unrelated process that got its pid, is taken over. Returns the release function.
 */
export async function lockDataDir(dataDir: string, waitMs = 3_000): Promise<() => Promise<void>> {
  await ensureWritableDir(dataDir);
  const path = lockFile(dataDir);
  const start = (await procStat(process.pid))?.start ?? null;
  const mine = JSON.stringify({ pid: process.pid, start, token: ownToken } satisfies LockRecord);
  for (let attempt = 0; ; attempt++) {
    try {
      await writeFile(path, mine, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw accessError(error, path, 'create the lock file');
    }
    const owner = await ownerAfterWaiting(dataDir, waitMs);
    if (owner !== undefined) {
      throw new Error(
        `Process ${owner} already uses the embedded database in ${dataDir}. Stop it, or use PostgreSQL (DATABASE_URL) to run several processes.`,
      );
    }
    // Stale: remove it unless another starting process replaced it meanwhile.
    if ((await dataDirOwner(dataDir)) === undefined) await rm(path, { force: true });
  }
  return async () => {
    if ((await readRecord(dataDir))?.text === mine) await rm(path, { force: true });
  };
}
