import { execFile } from 'node:child_process';
import { cp, mkdtemp, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const repoRoot = resolve(import.meta.dirname, '..');

export interface GeneratorRun {
  code: number;
  output: string;
  /** Where the files were written: `packages/sdk/src/generated/...` under it. */
  dir: string;
}

/**
 * Runs `scripts/generate.ts` in a child process with `args`, writing under a new temporary
 * directory that links the repository's node_modules (generated validators require Ajv's
 * runtime); `prepare` fills the directory first.
 */
export async function runGenerator(args: (dir: string) => string[], prepare?: (dir: string) => Promise<void>): Promise<GeneratorRun> {
  const dir = await mkdtemp(join(tmpdir(), 'cn-generate-'));
  await symlink(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  await prepare?.(dir);
  return run(
    join(repoRoot, 'node_modules/.bin/tsx'),
    ['--conditions=clubnotify-source', join(repoRoot, 'scripts/generate.ts'), ...args(dir)],
    { cwd: repoRoot },
  ).then(
    (r) => ({ code: 0, output: r.stdout + r.stderr, dir }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, output: e.stdout + e.stderr, dir }),
  );
}

/** Copies spec/ and redocly.yaml into `dir`, for a generator run with `--root dir` on an edited spec. */
export async function copySpec(dir: string): Promise<void> {
  await cp(join(repoRoot, 'spec'), join(dir, 'spec'), { recursive: true });
  await cp(join(repoRoot, 'redocly.yaml'), join(dir, 'redocly.yaml'));
}

/** Imports a generated module (TypeScript, run by Vitest) from a generator run's directory. */
export function importGenerated<T>(run: GeneratorRun, path: string): Promise<T> {
  return import(pathToFileURL(join(run.dir, path)).href) as Promise<T>;
}
