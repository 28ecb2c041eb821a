import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
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

/** `days` after today (UTC), moved by `months` calendar months, as `YYYY-MM-DD`. */
export function dayFromToday(days: number, months = 0): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/**
 * An edit for {@link fixtureCopy}: version 1's sunset on `sunset` (`YYYY-MM-DD`) and its
 * deprecation six months before it, as the policy wants, in place of the fixture's fixed days
 * (2026-12-06 and 2027-06-06). A server on the copy judges sunsets by today's date: a copy whose
 * version 1 must still be accepted (or be near its sunset) needs days counted from today.
 */
export function version1SunsetOn(sunset: string): (copy: string) => Promise<void> {
  return async (copy) => {
    const file = join(copy, 'spec/openapi.yaml');
    const text = await readFile(file, 'utf8');
    const dates = /x-deprecated-at: '\d{4}-\d{2}-\d{2}'\n(\s+)x-sunset: '\d{4}-\d{2}-\d{2}'/;
    if (!dates.test(text)) throw new Error("the fixture's spec/openapi.yaml no longer declares version 1's dates");
    const deprecated = new Date(`${sunset}T00:00:00Z`);
    deprecated.setUTCMonth(deprecated.getUTCMonth() - 6);
    const deprecatedAt = deprecated.toISOString().slice(0, 10);
    await writeFile(
      file,
      text.replace(dates, (_m, indent: string) => `x-deprecated-at: '${deprecatedAt}'\n${indent}x-sunset: '${sunset}'`),
    );
  };
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
