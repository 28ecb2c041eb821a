/**
 * `npm run spec:diff`: the breaking-change gate. Bundles spec/, compares it with the newest
 * released contract in spec/released/ and prints the changelog of the difference, each change
 * judged for clients (paths) or receivers (webhooks, callbacks). Exits 1 on a breaking change
 * unless info.version is a new major with a `## <version>` section in packages/spec/CHANGELOG.md, on
 * any breach of the deprecation policy, and on a payload version dropped before its sunset or
 * a breaking payload change without its converter in spec/converters/. --current FILE compares
 * a bundled document instead of spec/; --root DIR works on another checkout.
 * --breaking-only lists only breaking changes; --since REF only the changes the contract at the
 * git commit REF did not have yet (your own change on a branch: --since main). Both change what
 * is listed, not the verdict. A spec that does not parse or bundle is one error, without a stack.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleSpec, SpecBundleError } from './generate/bundle.js';
import { readReleased } from './generate/payload-versions.js';
import { runGate } from './spec-diff/gate.js';

const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const root = resolve(option('--root') ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const readJson = async (path: string) => JSON.parse(await readFile(path, 'utf8')) as Record<string, any>;

/** The contract as it was at the git commit `ref`: its spec/ and redocly.yaml, bundled. */
async function contractAt(ref: string): Promise<Record<string, any>> {
  const dir = await mkdtemp(join(tmpdir(), 'cn-spec-since-'));
  try {
    const archive = execFileSync('git', ['-C', root, 'archive', '--format=tar', ref, 'spec', 'redocly.yaml'], {
      maxBuffer: 256 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    return await bundleSpec(dir);
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    if (error instanceof SpecBundleError) throw error;
    throw new SpecBundleError(`--since ${ref}: no contract at that commit${stderr ? ` (${stderr.split('\n')[0]})` : ''}.`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The converter files under spec/converters/, as `spec/converters/<kind>.<event>/<file>`. */
async function converterFiles(): Promise<string[]> {
  const files = await readdir(join(root, 'spec/converters'), { recursive: true }).catch(() => [] as string[]);
  return files.filter((f) => f.endsWith('.ts')).map((f) => `spec/converters/${f.split('\\').join('/')}`);
}

async function main(): Promise<number> {
  const released = await readReleased(join(root, 'spec/released'));
  if (released.length === 0) throw new Error('no released contract in spec/released/: keep each release as spec/released/<version>.json');
  const current = option('--current');
  const result = runGate({
    released: option('--released') ? await readJson(option('--released')!) : released.at(-1)!,
    releasedContracts: released,
    current: current ? await readJson(resolve(current)) : await bundleSpec(root),
    changelog: await readFile(join(root, 'packages/spec/CHANGELOG.md'), 'utf8'),
    converters: await converterFiles(),
    shown: {
      breakingOnly: process.argv.includes('--breaking-only'),
      since: option('--since') ? await contractAt(option('--since')!) : undefined,
      sinceLabel: option('--since'),
    },
  });
  if (result.ok) console.log(result.text);
  else console.error(result.text);
  return result.ok ? 0 : 1;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (!(error instanceof SpecBundleError)) throw error;
  console.error(`spec:diff: ${error.message}`);
  process.exitCode = 1;
}
