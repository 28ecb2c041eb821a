import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../free-port.js';

const run = promisify(execFile);

/** A PostgreSQL cluster of a test's own (initdb + pg_ctl as user postgres), so it may be stopped without touching the shared one. */
export interface OwnPostgres {
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop -m fast`: sessions are terminated (57P01), then connections are refused. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

const asPostgres = (command: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', command, ...args]);

/** initdb into a fresh folder and start the cluster on a free port of 127.0.0.1. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = await mkdtemp(join(tmpdir(), 'cn-own-pg-'));
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout);
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout);
  await chown(dir, uid, gid);
  const data = join(dir, 'data');
  await asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '--no-instructions']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  let running = false;
  const own: OwnPostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
      running = true;
    },
    async stop() {
      await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async destroy() {
      if (running) await own.stop().catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
  await own.start();
  return own;
}
