import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHandler, createReceiver, runSuite, triggerEvent } from '../src/index.js';
import { ed25519Key, listen, OTHER_SECRET, SECRET, type Listening } from './helpers.js';
import { callbackNames, events, webhookNames } from '@clubnotify/spec';
import { freePort } from '../../../test/free-port.js';
import { typeChecker } from '../../../test/type-checker.js';
import { builtBin, runBuilt, type BinRun } from '../../../test/built-bin.js';

const KEY = ed25519Key('key_current');
const STOCK_URL = 'http://localhost:4000/webhooks/stockUpdate';
const SIGNATURE_NEEDS_KEY = '--signature v1a needs --signing-key (whsk_...), the private key of a public key the receiver trusts.';

/** The scaffold's own suite: one test per event of the spec, and two more. */
const SCAFFOLD_PASSES = new RegExp(`^(?:# |ℹ )pass ${events.length + 2}$`, 'm');

const run = promisify(execFile);
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(packageDir, '../..');

/** The committed bin shim on the kit's fresh build, as a user runs it. */
const receiverCli = (args: string[], cwd = packageDir, env: NodeJS.ProcessEnv = {}): Promise<BinRun> =>
  runBuilt('receiver', args, { cwd, env: { ...process.env, ...env } });

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

  it('refuses an event the spec does not have, offering the name in its case or listing the events by kind', async () => {
    await expect(triggerEvent({ event: 'stockupdate', url: app.url, secret: SECRET })).rejects.toThrow(
      'The spec has no webhook named "stockupdate": give "stockUpdate" (names are case-sensitive).',
    );
    await expect(triggerEvent({ event: 'nope', url: app.url, secret: SECRET })).rejects.toThrow(
      /^The spec has no webhook named "nope"\. Events: webhooks concertAlert, stockUpdate, .*; callbacks concertAlert\.$/,
    );
    await expect(runSuite({ url: app.url, secret: SECRET, events: ['webhook.stockupdate'] })).rejects.toThrow(/give "stockUpdate"/);
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
    [['init', 'x', '--frobnicate'], 'init has no option --frobnicate; run "clubnotify-receiver init --help" for its usage.'],
    [
      ['trigger', 'stockUpdate', '--frobnicate'],
      'trigger has no option --frobnicate; run "clubnotify-receiver trigger --help" for its usage.',
    ],
    [['trigger', 'stockUpdate', '--url'], '--url needs a value; run "clubnotify-receiver trigger --help" for its usage.'],
    [
      ['trigger', 'stockUpdate', '--url', 'x', '--secret', SECRET],
      '--url x is not an absolute URL; give one such as http://localhost:4000/webhooks/stockUpdate.',
    ],
    [
      ['trigger', 'stockUpdate', '--url', STOCK_URL, '--signature', 'v2', '--secret', SECRET],
      '--signature must be v1, v1a or v1,v1a (both), not "v2".',
    ],
    [
      ['trigger', 'stockUpdate', '--url', STOCK_URL, '--signature', 'v1a', '--secret', SECRET, '--signing-key', KEY.signingKey],
      '--secret signs v1, which --signature v1a leaves out; use --signature v1,v1a to send both.',
    ],
    [
      ['trigger', 'stockUpdate', '--url', STOCK_URL, '--signature', 'v1', '--secret', SECRET, '--key-id', 'key_current'],
      '--key-id is for v1a, which --signature v1 leaves out; use --signature v1,v1a to send both.',
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
    [
      ['trigger', '--url', 'http://localhost:4000/', '--secret', SECRET],
      `Give the event to send: a webhook (${webhookNames.join(', ')}) or, with --kind callback, a callback (${callbackNames.join(', ')}).`,
    ],
    [['trigger', 'stockUpdate', '--url', STOCK_URL, '--signature', 'v1a', '--key-id', 'key_current'], SIGNATURE_NEEDS_KEY],
    [
      ['trigger', 'stockUpdate', '--url', STOCK_URL, '--signature', 'v1,v1a', '--secret', SECRET],
      SIGNATURE_NEEDS_KEY.replace('v1a', 'v1,v1a'),
    ],
    [
      ['trigger', 'stockUpdate', '--url', STOCK_URL, '--signature', 'v1,v1a', '--signing-key', KEY.signingKey],
      "--signature v1,v1a needs --secret (whsec_...), the registration's secret.",
    ],
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
      `Could not send to ${url}: the connection was refused (ECONNREFUSED): nothing listens there. Is the receiver running (npm start in its folder), and is that its address and port?`,
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

  it('documents --signature in trigger --help', async () => {
    const { stdout } = await receiverCli(['trigger', '--help']);
    expect(stdout).toMatch(/--signature v1\|v1a\|v1,v1a/);
    expect(stdout).toMatch(/^ {2}--signature <schemes>\n {23}sign with exactly these schemes/m);
  });

  it('signs both schemes with --signature v1,v1a: a receiver holding only the secret and one trusting only the key accept it', async () => {
    const keyOnly = await listen(
      createNodeHandler(
        createReceiver({
          publicKeys: [KEY.whpk],
          logger: { error: () => undefined },
          handlers: { webhooks: { stockUpdate: () => undefined } },
        }),
      ),
    );
    try {
      for (const base of [app.url, keyOnly.url]) {
        const both = ['--signature', 'v1,v1a', '--secret', SECRET, '--signing-key', KEY.signingKey, '--key-id', KEY.kid];
        const { code, stdout } = await receiverCli(['trigger', 'stockUpdate', '--url', `${base}/webhooks/stockUpdate`, ...both]);
        expect({ code, status: /^status \d+/m.exec(stdout)?.[0] }).toEqual({ code: 0, status: 'status 200' });
      }
    } finally {
      await keyOnly.close();
    }
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
  /** A registry on loopback: it has the packages named in `published` (at this kit's version), and answers 404 for others. */
  let registry: Listening;
  const published = new Set<string>();
  const asked: string[] = [];
  let registryEnv: NodeJS.ProcessEnv;
  let version: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cn-init-'));
    ({ version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { version: string });
    registry = await listen((request, response) => {
      const name = decodeURIComponent(request.url!.slice(1));
      asked.push(name);
      if (!published.has(name)) return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Not found"}');
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name, versions: { [version]: {} } }));
    });
    registryEnv = { npm_config_registry: `${registry.url}/` };
  });
  afterAll(async () => {
    await registry?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('depends on the registry kit by default, with a caret range, and says nothing more when the registry has it', async () => {
    published.add('@clubnotify/receiver').add('@clubnotify/spec');
    const init = await receiverCli(['init', join(dir, 'from-registry')], packageDir, registryEnv);
    expect(init).toMatchObject({ code: 0, stderr: '' });
    expect(init.stdout).toMatch(/\n\nNext: cd \S+from-registry && npm install && npm test\n$/);
    expect(asked).toEqual(['@clubnotify/receiver', '@clubnotify/spec']);
    const pkg = JSON.parse(await readFile(join(dir, 'from-registry/package.json'), 'utf8'));
    expect(pkg.dependencies['@clubnotify/receiver']).toMatch(/^\^\d+\.\d+\.\d+$/);
    expect(pkg.overrides).toBeUndefined();
  });

  it('warns when the registry does not have the kit, and points to --kit and --spec on this checkout', async () => {
    published.clear();
    const project = join(dir, 'unpublished');
    const init = await receiverCli(['init', project], packageDir, registryEnv);
    expect(init.code).toBe(0);
    expect(init.stdout).not.toMatch(/Next:/);
    expect(init.stderr.trim().split('\n')).toEqual([
      `Warning: @clubnotify/receiver@^${version} and @clubnotify/spec@^${version} are not on the registry (${registry.url}/), so npm install in ${project} would fail with 404.`,
      `This kit runs from the checkout ${repoRoot}; make the project use it instead:`,
      `  (cd ${repoRoot} && npm run build)`,
      `  rm -r ${project} && npx clubnotify-receiver init ${project} --kit ${join(repoRoot, 'packages/receiver')} --spec ${join(repoRoot, 'packages/spec')}`,
    ]);
  });

  it('asks the registry only for what it takes from there: with --kit alone, the spec', async () => {
    published.clear();
    asked.length = 0;
    await writeFile(join(dir, 'only-kit.tgz'), '');
    const init = await receiverCli(['init', join(dir, 'only-kit'), '--kit', join(dir, 'only-kit.tgz')], packageDir, registryEnv);
    expect(asked).toEqual(['@clubnotify/spec']);
    expect(init.stderr).toMatch(new RegExp(`^Warning: @clubnotify/spec@\\^${version} is not on the registry`));
    asked.length = 0;
    const both = await receiverCli(
      ['init', join(dir, 'kit-and-spec'), '--kit', join(dir, 'only-kit.tgz'), '--spec', '.'],
      dir,
      registryEnv,
    );
    expect(both).toMatchObject({ code: 0, stderr: '' });
    expect(asked).toEqual([]);
  });

  it('points --kit and --spec at absolute file: specs, the spec through overrides', async () => {
    const init = await receiverCli(['init', 'local', '--kit', './kit.tgz', '--spec', '.'], dir, registryEnv);
    expect(init).toMatchObject({ code: 1, stdout: '' });
    expect(init.stderr.trim()).toBe(`--kit: nothing at ${join(dir, 'kit.tgz')}; pass a folder or an \`npm pack\` tarball.`);
    await writeFile(join(dir, 'kit.tgz'), '');
    expect((await receiverCli(['init', 'local', '--kit', './kit.tgz', '--spec', '.'], dir, registryEnv)).code).toBe(0);
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

  // The node scaffold is installed from the tarballs, tested and started in test/packages/journeys.test.ts;
  // here the three other frameworks' templates run against the repository's own node_modules (no install).
  it('scaffolds express, hono and fastify receivers whose own tests pass and whose code typechecks', { timeout: 240_000 }, async () => {
    await builtBin('receiver');
    await Promise.all(
      (['express', 'hono', 'fastify'] as const).map(async (framework) => {
        const project = join(dir, `on-${framework}`);
        const init = await receiverCli(['init', project, '--framework', framework], packageDir, registryEnv);
        expect(init.code).toBe(0);
        const pkg = JSON.parse(await readFile(join(project, 'package.json'), 'utf8'));
        expect(Object.keys(pkg.dependencies)).toContain(framework);
        await symlink(join(repoRoot, 'node_modules'), join(project, 'node_modules'), 'dir');
        const test = await run(process.execPath, ['--import', 'tsx', '--test', 'test/receiver.test.ts'], { cwd: project });
        expect(test.stdout).toMatch(SCAFFOLD_PASSES);
        await run(process.execPath, [typeChecker, '--noEmit', '-p', project], { cwd: project });
      }),
    );
  });

  it("starts the node scaffold on port 4000 when PORT is unset, not on the server's 3000", async () => {
    await builtBin('receiver');
    const project = join(dir, 'default-port');
    expect((await receiverCli(['init', project], packageDir, registryEnv)).code).toBe(0);
    await symlink(join(repoRoot, 'node_modules'), join(project, 'node_modules'), 'dir');
    // 4000 may be taken on this machine: the port the scaffold asks for is noted, and it listens on a free one.
    const hook = join(dir, 'note-listen.mjs');
    await writeFile(
      hook,
      `import net from 'node:net';
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (port, ...rest) {
  console.log('asked to listen on ' + port);
  return listen.call(this, 0, ...rest);
};
`,
    );
    const { PORT: _port, ...env } = process.env;
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', hook, 'src/server.ts'], {
      cwd: project,
      env: { ...env, WEBHOOK_SECRET: SECRET },
    });
    try {
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk;
          if (stdout.includes('receiver listening on')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`the scaffold exited with ${code} before listening: ${stderr}`)));
      });
      expect(stdout.trim().split('\n')).toEqual(['asked to listen on 4000', 'receiver listening on http://localhost:4000']);
    } finally {
      child.kill();
    }
  });

  it('refuses an unknown --framework with exit code 2', async () => {
    const init = await receiverCli(['init', join(dir, 'on-koa'), '--framework', 'koa'], packageDir, registryEnv);
    expect(init.code).toBe(2);
    expect(init.stderr).toMatch(/--framework must be one of node, express, hono, fastify, not "koa"/);
  });
});
