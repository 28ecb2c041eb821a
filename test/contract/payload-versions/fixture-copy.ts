import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { makeFixtureContract, type FixtureMajor } from '../../fixtures/payload-versions/contracts.js';
import { copyWorkspace } from '../new-webhook/workspace.js';
import type { SpecModule } from './check-converters.js';

const exec = promisify(execFile);
export const repoRoot = resolve(import.meta.dirname, '../../..');
const tsx = pathToFileURL(join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;

/** Runs a script of the copy (generate.ts, spec-diff.ts) as `npm run` would; resolves to its exit code and output. */
export function script(copy: string, name: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const argv = ['--conditions=clubnotify-source', '--import', tsx, join(copy, 'scripts', name), '--root', copy, ...args];
  return exec(process.execPath, argv, { cwd: copy }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}

/**
 * A copy of the repository (in a new temporary folder, which the caller removes) made the
 * fixture `major`, with `edit` applied before generation, and its generated `@clubnotify/spec`.
 */
export async function fixtureCopy(
  major: FixtureMajor,
  edit?: (copy: string) => Promise<void>,
): Promise<{ copy: string; spec: SpecModule }> {
  const copy = await mkdtemp(join(tmpdir(), 'cn-payload-versions-'));
  try {
    await copyWorkspace(repoRoot, copy);
    await makeFixtureContract(copy, major);
    await edit?.(copy);
    const generated = await script(copy, 'generate.ts');
    if (generated.code !== 0) throw new Error(`generate failed:\n${generated.out}`);
    return { copy, spec: (await import(pathToFileURL(join(copy, 'packages/spec/src/index.ts')).href)) as SpecModule };
  } catch (error) {
    await rm(copy, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The fenced blocks of the README's "Evolving a webhook without breaking receivers" (which walks
 * through the fixture 2.0.0), each with its language and its code as written, out of its list item.
 */
export function evolvingBlocks(): Array<{ lang: string; code: string }> {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Evolving a webhook without breaking receivers\n');
  if (start < 0) throw new Error('README.md has no section "Evolving a webhook without breaking receivers"');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  return [...section.matchAll(/^( *)```(\w*)\n([\s\S]*?)^\1```$/gm)].map(([, indent, lang, code]) => ({
    lang: lang!,
    code: code!.replace(new RegExp(`^${indent}`, 'gm'), ''),
  }));
}
