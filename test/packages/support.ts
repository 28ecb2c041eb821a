import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import type { PackageName, Tarball } from './tarballs.js';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
/** npm flags for every install here: cached metadata first, no audit, no funding notes. */
export const installFlags = ['--prefer-offline', '--no-audit', '--no-fund'];

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion; rejects with its output unless it exits 0 (or `allowFailure`). */
export function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; allowFailure?: boolean },
): Promise<Ran> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0 || options.allowFailure) resolveRun({ code, stdout, stderr });
      else reject(new Error(`${command} ${args.join(' ')} (in ${options.cwd}) exited with ${code}\n${stdout}\n${stderr}`));
    });
  });
}

/** A long-running child in its own process group, its output collected. */
export interface Background {
  child: ChildProcessWithoutNullStreams;
  output(): string;
  /**
   * Resolves when the output matches `pattern`; rejects if the process exits first or after `ms`.
   * The default stays just under the journeys' own time limits: on a busy machine a fresh server takes minutes.
   */
  waitFor(pattern: RegExp, ms?: number): Promise<RegExpMatchArray>;
  /** Signals the whole group and resolves with the exit code (or signal) of the child. */
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}

export function background(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; shell?: boolean },
): Background {
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, detached: true, shell: options.shell });
  let output = '';
  const waiters = new Set<() => void>();
  const onData = (d: Buffer) => {
    output += d;
    for (const wake of waiters) wake();
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exited = new Promise<number | string | null>((r) => child.on('exit', (code, signal) => r(code ?? signal)));
  let gone = false;
  void exited.then(() => {
    gone = true;
    for (const wake of waiters) wake();
  });
  return {
    child,
    output: () => output,
    waitFor(pattern, ms = 200_000) {
      return new Promise((resolveWait, reject) => {
        const timer = setTimeout(() => finish(new Error(`no ${pattern} after ${ms} ms; output so far:\n${output}`)), ms);
        const check = () => {
          const match = pattern.exec(output);
          if (match) finish(undefined, match);
          else if (gone) finish(new Error(`${command} ${args.join(' ')} exited before ${pattern}; output:\n${output}`));
        };
        const finish = (error?: Error, match?: RegExpMatchArray) => {
          clearTimeout(timer);
          waiters.delete(check);
          if (error) reject(error);
          else resolveWait(match!);
        };
        waiters.add(check);
        check();
      });
    },
    async stop(signal = 'SIGTERM') {
      if (!gone) {
        try {
          process.kill(-child.pid!, signal);
        } catch {
          // already gone
        }
      }
      return exited;
    },
  };
}

/** A free port outside the kernel's ephemeral range (see test/free-port.ts). */
export { freePort } from '../free-port.js';

/** This run's tarballs of the workspace packages (tarballs.ts packs them once), by short package name. */
export const packed = (): Record<PackageName, Tarball> => inject('tarballs');

/** A new npm project under `root` with `specs` (tarball paths or registry specs) installed. */
export async function installProject(root: string, name: string, specs: string[]): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module' }, null, 2));
  await run('npm', ['install', ...installFlags, ...specs], { cwd: dir });
  return dir;
}

export function scratchRoot(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Milliseconds since `start`, as seconds with one decimal. */
export function seconds(start: number): string {
  return `${((performance.now() - start) / 1000).toFixed(1)} s`;
}
