// Vitest global setup of the tarball checks (test/packages/): packs every workspace package once
// per run, as `npm publish` would, for the package checks and the journeys (`packed()` in support.ts).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, run, tsc } from './support.js';

export const packageNames = ['spec', 'sdk', 'receiver', 'server'] as const;
export type PackageName = (typeof packageNames)[number];

export interface Tarball {
  /** Absolute path of the `.tgz`. */
  path: string;
  /** The files it holds, as `npm pack --json` lists them. */
  files: string[];
}

declare module 'vitest' {
  interface ProvidedContext {
    tarballs: Record<PackageName, Tarball>;
  }
}

/**
 * Packs the packages `names` of the workspace at `root` (built already) into `dir`, as `npm publish`
 * would: this run's tarballs, and those of the fixture 2.0.0 copy (payload-versions.test.ts).
 */
export async function packWorkspace<Name extends PackageName>(
  root: string,
  dir: string,
  names: readonly Name[],
): Promise<Record<Name, Tarball>> {
  const workspaces = names.flatMap((name) => ['--workspace', `packages/${name}`]);
  const { stdout } = await run('npm', ['pack', ...workspaces, '--pack-destination', dir, '--json', '--silent'], { cwd: root });
  const results = JSON.parse(stdout) as Array<{ name: string; filename: string; files: Array<{ path: string }> }>;
  const tarball = (name: Name): Tarball => {
    const result = results.find((r) => r.name === `@clubnotify/${name}`);
    if (!result) throw new Error(`npm pack made no tarball of @clubnotify/${name}`);
    return { path: join(dir, result.filename), files: result.files.map((f) => f.path) };
  };
  return Object.fromEntries(names.map((name) => [name, tarball(name)])) as Record<Name, Tarball>;
}

/** The console's build, which `npm pack` of the server needs in `root` (tsc does not make it). */
export function consoleBuilt(root: string): boolean {
  return existsSync(join(root, 'packages/server/dist/console/index.html'));
}

export default async function packOnce(project: TestProject): Promise<() => Promise<void>> {
  // The TypeScript builds are incremental (nothing to do after `npm run build`); the console is not rebuilt here.
  await run(process.execPath, [tsc, '-b', ...packageNames.map((name) => `packages/${name}`)], { cwd: repoRoot });
  if (!consoleBuilt(repoRoot)) throw new Error('packages/server/dist/console is missing: run `npm run build` first.');
  const dir = await mkdtemp(join(tmpdir(), 'cn-tarballs-'));
  project.provide('tarballs', await packWorkspace(repoRoot, dir, packageNames));
  return () => rm(dir, { recursive: true, force: true });
}
