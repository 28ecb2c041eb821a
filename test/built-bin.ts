import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const repoRoot = resolve(import.meta.dirname, '..');
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
const builds = new Map<string, Promise<unknown>>();

/**
 * The committed bin shim of a workspace package, once its dist/ is as fresh as its sources
 * (`tsc -b`, once per process: half a second when `npm test`'s build already made it). The
 * tests run what a user runs, and without tsx in each child: 0.1-0.5 s of CPU a run instead of
 * 0.6-1.4 s (the CLI suites spawn it about 80 times). Its environment must not set
 * CLUBNOTIFY_SHIM_SOURCE (see {@link builtEnv}).
 */
export async function builtBin(name: 'receiver' | 'server'): Promise<string> {
  const dir = join(repoRoot, 'packages', name);
  if (!builds.has(dir)) builds.set(dir, promisify(execFile)(process.execPath, [tsc, '-b', dir], { cwd: repoRoot }));
  await builds.get(dir);
  return join(dir, `bin/clubnotify-${name}.js`);
}

/** `env` without CLUBNOTIFY_SHIM_SOURCE, which would send the shim to the sources. */
export function builtEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { CLUBNOTIFY_SHIM_SOURCE: _source, ...rest } = env;
  return rest;
}

export interface BinRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a package's bin (its fresh build) to its end in `env` (default: this process's): exit code and output, failing or not. */
export async function runBuilt(
  name: 'receiver' | 'server',
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<BinRun> {
  const bin = await builtBin(name);
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], {
      cwd: options.cwd,
      env: builtEnv(options.env ?? process.env),
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as BinRun;
    return { code, stdout, stderr };
  }
}
