import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../..');
const shims = [
  ['clubnotify-receiver', 'packages/receiver/bin/clubnotify-receiver.js'],
  ['clubnotify-server', 'packages/server/bin/clubnotify-server.js'],
] as const;

const made: string[] = [];
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A package folder holding only the shim (and optionally a source CLI): no dist/ yet. */
async function unbuiltPackage(parent: string, shim: string, source?: string): Promise<string> {
  const dir = await mkdtemp(join(parent, 'cn-shim-'));
  made.push(dir);
  await mkdir(join(dir, 'bin'));
  await copyFile(join(repoRoot, shim), join(dir, 'bin/cli.js'));
  if (source) {
    await mkdir(join(dir, 'src'));
    await writeFile(join(dir, 'src/cli.ts'), source);
  }
  return join(dir, 'bin/cli.js');
}

async function node(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    return { code: 0, ...(await run(process.execPath, args, { cwd: tmpdir() })) };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

describe.each(shims)('the %s bin shim', (name, shim) => {
  it('says in one line to build first when dist/ is missing and tsx is not installed', async () => {
    const bin = await unbuiltPackage(tmpdir(), shim, 'export const runCli = () => 0;');
    const { code, stdout, stderr } = await node([bin, '--help']);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(new RegExp(`^${name}: .*dist/cli\\.js is missing; run \`npm run build\` first\\.$`)),
    ]);
  });

  it('runs the TypeScript sources through tsx when dist/ is missing inside the repository', async () => {
    const cache = join(repoRoot, 'node_modules/.cache');
    await mkdir(cache, { recursive: true });
    const source = 'export async function runCli(argv: string[]): Promise<number> { console.log(`source ${argv.join(" ")}`); return 3; }';
    const bin = await unbuiltPackage(cache, shim, source);
    const { code, stdout } = await node([bin, 'a', 'b']);
    expect(stdout.trim()).toBe('source a b');
    expect(code).toBe(3);
  });

  it('runs the built CLI when dist/ exists', async () => {
    const { code, stdout } = await node([join(repoRoot, shim), '--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^Usage: ${name} <command>`));
  });
});
