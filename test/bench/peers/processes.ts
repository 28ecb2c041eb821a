import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));

export interface Child {
  pid: number;
  stop(): Promise<void>;
}

/** SIGTERM, then SIGKILL if the child has not exited within 5 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** The CPU a child reports of itself over IPC (`process.cpuUsage()`, µs, every thread of it). */
export type CpuUsage = { user: number; system: number };

/**
 * A peer service (`peers/<name>.ts`) as its own Node process; resolves once it listens. With
 * `ipc`, `cpuUsage()` asks the child for its own `process.cpuUsage()` (it answers `cpu` messages).
 */
export async function spawnPeer(
  file: string,
  env: Record<string, string>,
  options: { ipc?: boolean } = {},
): Promise<Child & { url: string; cpuUsage: () => Promise<CpuUsage> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=clubnotify-source', fileURLToPath(new URL(file, import.meta.url))],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
    },
  );
  const output: string[] = [];
  child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      output.push(c.toString());
      const m = /listening (\d+)/.exec(output.join(''));
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`${file} exited (${String(code)}):\n${output.join('')}`)));
  });
  return {
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    cpuUsage: () => {
      if (!options.ipc) return Promise.reject(new Error(`${file} was started without ipc`));
      const answer = new Promise<CpuUsage>((resolve) => child.once('message', (m) => resolve((m as { cpu: CpuUsage }).cpu)));
      child.send('cpu');
      return answer;
    },
    stop: async () => {
      await stopChild(child);
    },
  };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A private redis-server in a temporary folder: `durable` turns on the AOF with `appendfsync always`. */
export async function spawnRedis(durable: boolean): Promise<Child & { url: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'cn-peers-redis-'));
  const port = await freePort();
  const persistence = durable ? ['--appendonly', 'yes', '--appendfsync', 'always'] : ['--appendonly', 'no'];
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', ...persistence, '--dir', dir, '--daemonize', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => /Ready to accept connections/.test(c.toString()) && resolve());
    child.once('exit', (code) => reject(new Error(`redis-server exited (${String(code)})`)));
  });
  return {
    pid: child.pid!,
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      await stopChild(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
