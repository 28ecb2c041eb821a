/**
 * `npm run spec:diff`: the breaking-change gate. Bundles spec/, compares it with the newest
 * released contract in spec/released/ and prints the changelog of the difference, each change
 * judged for clients (paths) or receivers (webhooks, callbacks). Exits 1 on a breaking change
 * unless info.version is a new major with a breaking entry in packages/spec/CHANGELOG.md, and
 * on any breach of the deprecation policy. --current FILE compares a bundled document instead
 * of spec/; --root DIR works on another checkout.
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleSpec } from './generate/bundle.js';
import { runGate } from './spec-diff/gate.js';

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const root = resolve(option('--root') ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as Record<string, any>;

function bySemver(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .replace(/\.json$/, '')
      .split('.')
      .map(Number);
  const [x, y] = [parts(a), parts(b)];
  return x.map((n, i) => n - (y[i] ?? 0)).find((d) => d !== 0) ?? 0;
}

/** The newest contract in spec/released/, named `<version>.json`. */
export async function newestReleased(dir: string): Promise<string> {
  const files = (await readdir(dir)).filter((f) => /^\d+\.\d+\.\d+\.json$/.test(f)).sort(bySemver);
  if (files.length === 0) throw new Error(`no released contract in ${dir}: keep each release as spec/released/<version>.json`);
  return join(dir, files.at(-1)!);
}

const current = option('--current');
const result = runGate({
  released: await readJson(option('--released') ?? (await newestReleased(join(root, 'spec/released')))),
  current: current ? await readJson(resolve(current)) : await bundleSpec(root),
  changelog: await readFile(join(root, 'packages/spec/CHANGELOG.md'), 'utf8'),
});
if (result.ok) console.log(result.text);
else console.error(result.text);
process.exitCode = result.ok ? 0 : 1;
