/**
 * `init --signature v1a` (issue 51): a receiver that holds no secret. Its server reads the key
 * set's URL (WEBHOOK_JWKS_URL) and its test plays the server's key set on loopback. Scaffolded in
 * this process (runCli); the node project's own test is run against this checkout's built kit.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { events } from '@clubnotify/spec';
import { runCli } from '../src/cli.js';
import { typeChecker } from '../../../test/type-checker.js';
import { builtBin } from '../../../test/built-bin.js';

const run = promisify(execFile);
const packageDir = resolve(import.meta.dirname, '..');
const repoRoot = resolve(packageDir, '../..');
/** This checkout's packages, so that init asks no registry. */
const local = ['--kit', packageDir, '--spec', resolve(packageDir, '../spec')];
/** The scaffold's own suite: one test per event of the spec, two refusals and the sender suite. */
const SCAFFOLD_PASSES = new RegExp(`^(?:# |ℹ )pass ${events.length + 3}$`, 'm');
const frameworks = ['node', 'express', 'hono', 'fastify'] as const;

let folder = '';
beforeAll(async () => void (folder = await mkdtemp(join(tmpdir(), 'cn-init-v1a-'))));
afterAll(() => rm(folder, { recursive: true, force: true }));

/** Runs the CLI; resolves to its exit code and what it printed. */
async function cli(...argv: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
  try {
    return { code: await runCli(argv), out: lines.join('\n') };
  } finally {
    log.mockRestore();
    error.mockRestore();
  }
}

const read = (project: string, file: string) => readFile(join(folder, project, file), 'utf8');

describe('init --signature v1a', () => {
  it.each(frameworks)('scaffolds a %s receiver that verifies with the key set URL and holds no secret', async (framework) => {
    const project = `v1a-${framework}`;
    expect((await cli('init', join(folder, project), '--framework', framework, '--signature', 'v1a', ...local)).code).toBe(0);
    const receiver = await read(project, 'src/receiver.ts');
    expect(receiver).toContain('createReceiverServer(options: { jwksUrl: string; dedupe?: DedupeStore })');
    expect(receiver).toContain('    jwksUrl: options.jwksUrl,\n');
    expect(receiver).not.toMatch(/options\.secret|\{\{/);
    expect(await read(project, 'src/server.ts')).toContain('readJwksServerEnv(process.env)');
    expect(await read(project, 'README.md')).toMatch(/WEBHOOK_JWKS_URL=\S+\/\.well-known\/jwks\.json/);
    expect(await read(project, 'test/receiver.test.ts')).not.toMatch(/whsec_|\{\{/);
  });

  it('scaffolds a secret receiver by default, as before', async () => {
    expect((await cli('init', join(folder, 'v1'), ...local)).code).toBe(0);
    const receiver = await read('v1', 'src/receiver.ts');
    expect(receiver).toContain('options: { secret?: string; secrets?: string[]; dedupe?: DedupeStore }');
    expect(receiver).toContain('    secret: options.secret,\n    secrets: options.secrets,\n');
    expect(await read('v1', 'src/server.ts')).toContain('readServerEnv(process.env)');
  });

  it('refuses an unknown --signature (exit 2) and writes nothing', async () => {
    expect(await cli('init', join(folder, 'v2'), '--signature', 'v2', ...local)).toEqual({
      code: 2,
      out: expect.stringContaining('--signature must be one of v1, v1a, not "v2".'),
    });
    await expect(readFile(join(folder, 'v2', 'package.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  // The scaffolds above, against this checkout's built kit: every one typechecks, the node one runs its own test.
  it(
    'gives receivers whose code typechecks, and a node one whose own test passes against a key set on loopback',
    { timeout: 120_000 },
    async () => {
      await builtBin('receiver');
      for (const framework of frameworks) {
        const project = join(folder, `v1a-${framework}`);
        await symlink(join(repoRoot, 'node_modules'), join(project, 'node_modules'), 'dir');
        await run(process.execPath, [typeChecker, '--noEmit', '-p', project], { cwd: project });
      }
      const test = await run(process.execPath, ['--import', 'tsx', '--test', 'test/receiver.test.ts'], { cwd: join(folder, 'v1a-node') });
      expect(test.stdout).toMatch(SCAFFOLD_PASSES);
    },
  );
});
