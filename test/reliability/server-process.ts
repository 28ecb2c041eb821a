import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migratedInto } from '../../packages/server/test/support/migrated-pglite.js';
import { createScratchPostgres } from '../../packages/server/test/support/scratch-postgres.js';

export { withAdmin } from '../../packages/server/test/support/scratch-postgres.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const main = fileURLToPath(new URL('../../packages/server/src/main.ts', import.meta.url));

/** A fresh admin key for a child server (ADMIN_API_KEY). */
export const newAdminKey = (): string => `cn_${randomBytes(32).toString('base64url')}`;

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resident set size of the server process in bytes (Linux /proc). */
  rss(): number;
  /** Resolves with the exit code or signal once the process is gone. */
  exited: Promise<number | string | null>;
  /** Everything the process printed. */
  output: string[];
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A new DATA_DIR whose embedded database is the kept migrated dump: the first start skips initdb and the migrations. */
export async function migratedDataDir(prefix: string): Promise<string> {
  return migratedInto(await mkdtemp(join(tmpdir(), prefix)));
}

/**
 * `npm start` as a child: node with tsx and the `source` condition running main.ts (one
 * process, so `pid` and RSS are the server's own), listening on a free 127.0.0.1 port.
 * `checkout`: the root of another clone or worktree to run the server from (a bench's A/B).
 */
export async function spawnServer(
  env: Record<string, string>,
  { nodeArgs = [], checkout }: { nodeArgs?: string[]; checkout?: string } = {},
): Promise<ServerProcess> {
  const output: string[] = [];
  // DATABASE_URL names the maintenance database: the child gets one only when `env` says so.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const from = checkout ? join(checkout, 'packages/server/src/main.ts') : main;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', '--conditions=clubnotify-source', from], {
    cwd: checkout ?? root,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  // Waits for the event, listening or exit, with no clock of its own: a loaded machine took over
  // 60 s to start one. A start that hangs is reported by the test's own timeout.
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output.push(chunk.toString());
      const m = /listening on http:\/\/localhost:(\d+)/.exec(output.join(''));
      if (m) {
        resolve(`http://127.0.0.1:${m[1]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
    void exited.then((code) => {
      reject(new Error(`server exited (${String(code)}) before listening:\n${output.join('')}`));
    });
  });
  return {
    url,
    child,
    output,
    exited,
    rss() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
    },
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
  };
}

/** A PostgreSQL database of our own on DATABASE_URL's server (empty, or `migrated` from the template), dropped by `drop()`. */
export function createPgDatabase(
  area: string,
  options: { migrated?: boolean } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  return createScratchPostgres(`cn_${area}`, options);
}
