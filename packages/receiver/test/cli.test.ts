import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHandler, createReceiver, triggerEvent } from '../src/index.js';
import { listen, OTHER_SECRET, SECRET, type Listening } from './helpers.js';
import { events } from '@clubnotify/spec';
import { freePort } from '../../../test/free-port.js';

/** The scaffold's own suite: one test per event of the spec, and two more. */
const SCAFFOLD_PASSES = new RegExp(`^(?:# |ℹ )pass ${events.length + 2}$`, 'm');

const run = promisify(execFile);
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(packageDir, '../..');
const shim = join(packageDir, 'bin/clubnotify-receiver.js');
// The committed bin shim, told to run the TypeScript sources (no build needed).
const sourceEnv = { ...process.env, CLUBNOTIFY_SHIM_SOURCE: '1' };
const tsx = pathToFileURL(join(repoRoot, 'node_modules/tsx/dist/loader.mjs')).href;

async function receiverCli(args: string[], cwd = packageDir): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--conditions=clubnotify-source', '--import', tsx, shim, ...args], {
      cwd,
      env: sourceEnv,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

const received: unknown[] = [];
let app: Listening;
beforeAll(async () => {
  const receiver = createReceiver({
    secret: SECRET,
    logger: { error: () => undefined },
    handlers: {
      webhooks: { stockUpdate: (p) => void received.push(p), concertAlert: (t) => void received.push(t) },
      callbacks: { concertAlert: (t) => void received.push(t) },
    },
  });
  app = await listen(createNodeHandler(receiver));
});
afterAll(() => app.close());

describe('triggerEvent', () => {
  it('sends the spec example, signed, and reports a declared 200', async () => {
    const result = await triggerEvent({ event: 'stockUpdate', url: `${app.url}/webhooks/stockUpdate`, secret: SECRET });
    expect(result).toMatchObject({ status: 200, declaredAs: '200', problems: [], ok: true });
    expect(received).toContainEqual(JSON.parse(String(result.sent.body)));
  });

  it('reports a 401 as declared but not ok', async () => {
    const result = await triggerEvent({
      event: 'concertAlert',
      kind: 'callback',
      url: `${app.url}/callbacks/concertAlert`,
      secret: OTHER_SECRET,
    });
    expect(result).toMatchObject({ status: 401, declaredAs: '401', problems: [], ok: false });
  });

  it('refuses an event the spec does not have', async () => {
    await expect(triggerEvent({ event: 'stockupdate', url: app.url, secret: SECRET })).rejects.toThrow(/no webhook named "stockupdate"/);
  });
});

describe('CLI', () => {
  it.each([[['--help']], [['init', '--help']], [['trigger', '--help']]])('prints help for %j and exits 0', async (args) => {
    const { code, stdout } = await receiverCli(args);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: clubnotify-receiver/);
  });

  it('exits 2 on a usage error', async () => {
    expect((await receiverCli(['trigger', 'stockUpdate'])).code).toBe(2);
    expect((await receiverCli(['launch'])).code).toBe(2);
  });

  it.each([
    [['init', 'x', '--frobnicate'], 'init has no option --frobnicate; run "clubnotify-receiver init --help" for its options.'],
    [
      ['trigger', 'stockUpdate', '--frobnicate'],
      'trigger has no option --frobnicate; run "clubnotify-receiver trigger --help" for its options.',
    ],
    [['trigger', 'stockUpdate', '--url'], '--url needs a value; run "clubnotify-receiver trigger --help" for its options.'],
    [
      ['trigger', 'stockUpdate', '--url', 'x', '--secret', SECRET],
      '--url x is not an absolute URL; give one such as http://localhost:4000/webhooks/stockUpdate.',
    ],
  ])('answers %j with one plain line and exit 2', async (args, message) => {
    const { code, stderr } = await receiverCli(args);
    expect({ code, stderr: stderr.trim() }).toEqual({ code: 2, stderr: message });
  });

  it.each([
    [['init'], 'Give the folder to create, e.g. clubnotify-receiver init my-receiver.'],
    [
      ['trigger', 'stockUpdate', '--secret', SECRET],
      'Give --url, the receiver address to send to (e.g. http://localhost:4000/webhooks/stockUpdate).',
    ],
    [['trigger', '--url', 'http://localhost:4000/', '--secret', SECRET], 'Give the event to send, concertAlert or stockUpdate.'],
  ])('answers a missing argument in %j with an error line, then the usage, and exit 2', async (args, message) => {
    const { code, stderr } = await receiverCli(args);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(message);
    expect(stderr).toMatch(/\n\nUsage: clubnotify-receiver /);
  });

  it('names the URL, the cause and what to check when nothing listens at --url', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/webhooks/stockUpdate`;
    const { code, stderr } = await receiverCli(['trigger', 'stockUpdate', '--url', url, '--secret', SECRET]);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      `Could not send to ${url}: the connection was refused (ECONNREFUSED): nothing listens there. Is the receiver running (npm start in its folder), and is --url its address and port?`,
    );
  });

  it('triggers an event from a payload file and exits 0 on a declared 2xx', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cn-trigger-'));
    const file = join(dir, 'text.txt');
    await writeFile(file, 'Jazz Night sold out.');
    const { code, stdout } = await receiverCli([
      'trigger',
      'concertAlert',
      '--kind',
      'callback',
      '--url',
      `${app.url}/callbacks/concertAlert`,
      '--secret',
      SECRET,
      '--payload',
      file,
    ]);
    await rm(dir, { recursive: true });
    expect(code).toBe(0);
    expect(stdout).toMatch(/status 200 \(declared by the spec as 200\)/);
    expect(stdout).toMatch(/matches the responses the spec declares/);
    expect(received).toContain('Jazz Night sold out.');
  });

  it('exits 1 when the receiver refuses the event', async () => {
    const { code, stdout } = await receiverCli([
      'trigger',
      'stockUpdate',
      '--url',
      `${app.url}/webhooks/stockUpdate`,
      '--secret',
      OTHER_SECRET,
    ]);
    expect(code).toBe(1);
    expect(stdout).toMatch(/status 401/);
  });
});

describe('init', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cn-init-'));
  });
  afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  it('depends on the registry kit by default, with a caret range', async () => {
    expect((await receiverCli(['init', join(dir, 'from-registry')])).code).toBe(0);
    const pkg = JSON.parse(await readFile(join(dir, 'from-registry/package.json'), 'utf8'));
    expect(pkg.dependencies['@clubnotify/receiver']).toMatch(/^\^\d+\.\d+\.\d+$/);
    expect(pkg.overrides).toBeUndefined();
  });

  it('points --kit and --spec at absolute file: specs, the spec through overrides', async () => {
    const init = await receiverCli(['init', 'local', '--kit', './kit.tgz', '--spec', '.'], dir);
    expect(init).toMatchObject({ code: 1, stdout: '' });
    expect(init.stderr.trim()).toBe(`--kit: nothing at ${join(dir, 'kit.tgz')}; pass a folder or an \`npm pack\` tarball.`);
    await writeFile(join(dir, 'kit.tgz'), '');
    expect((await receiverCli(['init', 'local', '--kit', './kit.tgz', '--spec', '.'], dir)).code).toBe(0);
    const pkg = JSON.parse(await readFile(join(dir, 'local/package.json'), 'utf8'));
    expect(pkg.dependencies['@clubnotify/receiver']).toBe(`file:${join(dir, 'kit.tgz')}`);
    expect(pkg.overrides).toEqual({ '@clubnotify/spec': `file:${dir}` });
  });

  it('documents --kit and --spec and the default port in init --help', async () => {
    const { stdout } = await receiverCli(['init', '--help']);
    expect(stdout).toMatch(/--kit <path\|tarball>/);
    expect(stdout).toMatch(/--spec <path\|tarball>/);
    expect(stdout).toMatch(/default 4000/);
  });

  it('scaffolds a project whose own npm test passes and whose npm start listens', { timeout: 240_000 }, async () => {
    await run(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', packageDir], { cwd: repoRoot });
    const project = join(dir, 'my-receiver');
    const init = await receiverCli(['init', project, '--kit', packageDir, '--spec', join(packageDir, '../spec')]);
    expect(init.code).toBe(0);
    expect(init.stdout).toMatch(/src\/handlers\/webhooks\/stockUpdate\.ts/);
    const again = await receiverCli(['init', project]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);

    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: project });
    const test = await run('npm', ['test'], { cwd: project });
    // Node 20 and 22 print TAP here (`# pass 11`), Node 24 its spec reporter (`ℹ pass 11`): one test per event and two more.
    expect(test.stdout).toMatch(SCAFFOLD_PASSES);
    expect(JSON.parse(await readFile(join(project, 'package.json'), 'utf8')).name).toBe('my-receiver');

    const port = await freePort();
    const child = spawn('npm', ['start'], {
      cwd: project,
      env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: SECRET },
      detached: true,
    });
    try {
      await new Promise<void>((resolveStart, reject) => {
        child.stdout.on('data', (d: Buffer) => String(d).includes('listening') && resolveStart());
        child.on('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
      });
      const result = await triggerEvent({ event: 'stockUpdate', url: `http://127.0.0.1:${port}/webhooks/stockUpdate`, secret: SECRET });
      expect(result.ok).toBe(true);

      const second = await run('npm', ['start', '--silent'], {
        cwd: project,
        env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: SECRET },
      }).catch((error: unknown) => error as { code: number; stderr: string });
      expect(second).toMatchObject({ code: 1 });
      expect((second as { stderr: string }).stderr.trim()).toBe(
        `Port ${port} is in use; stop what holds it or start with another PORT=...`,
      );

      for (const [variables, message] of [
        [
          { PORT: String(port), WEBHOOK_SECRET: 'hunter2' },
          /^WEBHOOK_SECRET is not a whsec_ signing secret, so every delivery would be refused with 401; set WEBHOOK_SECRET to/,
        ],
        [{ PORT: 'abc', WEBHOOK_SECRET: SECRET }, /^PORT must be a port number from 0 to 65535, not "abc"\.$/],
      ] as const) {
        const refused = await run('npm', ['start', '--silent'], { cwd: project, env: { ...process.env, ...variables } }).catch(
          (error: unknown) => error as { code: number; stderr: string },
        );
        expect(refused).toMatchObject({ code: 1 });
        expect((refused as { stderr: string }).stderr.trim()).toMatch(message);
        expect((refused as { stderr: string }).stderr.trim().split('\n')).toHaveLength(1);
      }
    } finally {
      process.kill(-child.pid!, 'SIGTERM');
    }
  });

  // The install from the registry's kit is the node case above; here the three other
  // frameworks' templates run against the repository's own node_modules (no install).
  it('scaffolds express, hono and fastify receivers whose own tests pass and whose code typechecks', { timeout: 240_000 }, async () => {
    await run(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '-b', packageDir], { cwd: repoRoot });
    await Promise.all(
      (['express', 'hono', 'fastify'] as const).map(async (framework) => {
        const project = join(dir, `on-${framework}`);
        const init = await receiverCli(['init', project, '--framework', framework]);
        expect(init.code).toBe(0);
        const pkg = JSON.parse(await readFile(join(project, 'package.json'), 'utf8'));
        expect(Object.keys(pkg.dependencies)).toContain(framework);
        await symlink(join(repoRoot, 'node_modules'), join(project, 'node_modules'), 'dir');
        const test = await run(process.execPath, ['--import', 'tsx', '--test', 'test/receiver.test.ts'], { cwd: project });
        expect(test.stdout).toMatch(SCAFFOLD_PASSES);
        await run(process.execPath, [join(repoRoot, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', project], { cwd: project });
      }),
    );
  });

  it('refuses an unknown --framework with exit code 2', async () => {
    const init = await receiverCli(['init', join(dir, 'on-koa'), '--framework', 'koa']);
    expect(init.code).toBe(2);
    expect(init.stderr).toMatch(/--framework must be one of node, express, hono, fastify, not "koa"/);
  });

  it("listens on 4000 by default, not the server's 3000", async () => {
    const server = await readFile(join(packageDir, 'templates/init/src/server.ts'), 'utf8');
    expect(server).toMatch(/readServerEnv\(process\.env, 4000\)/);
  });
});
