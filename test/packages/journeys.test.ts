// Each user's journey, from `npm pack` tarballs installed outside the repository: what a
// user gets from the registry, not what the workspace links give us.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeChecker } from '../type-checker.js';
import { events } from '@clubnotify/spec';
import {
  background,
  freePort,
  installFlags,
  installProject,
  packed,
  repoRoot,
  run,
  scratchRoot,
  seconds,
  type Background,
} from './support.js';
import type { PackageName } from './tarballs.js';

const times: [string, string][] = [];
let root: string;
let serverDir: string;
/** The tarball of a workspace package, packed once for the run (tarballs.ts). */
const tarball = (name: PackageName): string => packed()[name].path;
/** The scaffold's own suite: one test per event of the spec, and two more (TAP on Node 20 and 22, the spec reporter on 24). */
const SCAFFOLD_PASSES = new RegExp(`^(?:# |ℹ )pass ${events.length + 2}$`, 'm');

beforeAll(async () => {
  const start = performance.now();
  root = await scratchRoot('cn-journeys-');
  // One install of the server tarball, shared: the operator's journey and the servers the
  // integrator and subscriber talk to. @clubnotify/spec is not on the registry, so its
  // tarball goes in alongside.
  serverDir = await installProject(root, 'server', [tarball('spec'), tarball('server')]);
  times.push(['install server', seconds(start)]);
}, 240_000);

afterAll(async () => {
  console.log(`journeys from tarballs (Node ${process.version}):\n${times.map(([name, t]) => `  ${name.padEnd(30)} ${t}`).join('\n')}`);
  if (root) await rm(root, { recursive: true, force: true });
});

let subscriberInstall: Promise<string> | undefined;
/** The subscriber's CLI, installed from the tarballs once for the journeys that scaffold receivers with it. */
function subscriberTools(): Promise<string> {
  subscriberInstall ??= installProject(root, 'subscriber', [tarball('spec'), tarball('receiver')]);
  return subscriberInstall;
}

/** This environment without DATABASE_URL (CI sets it): the journeys use the embedded database. */
function embeddedEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...env } = process.env;
  return env;
}

/** The server from the tarball on a free port, own data folder, with an admin key. */
async function startServer(name: string): Promise<{ url: string; adminKey: string; process: Background }> {
  const port = await freePort();
  const adminKey = `cn_${randomBytes(32).toString('base64url')}`;
  const dataDir = join(root, `${name}-data`);
  // The installed bin itself (npx would stand between the signal and the server).
  const server = background('node_modules/.bin/clubnotify-server', ['start'], {
    cwd: serverDir,
    env: {
      ...embeddedEnv(),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_API_KEY: adminKey,
      ALLOW_PRIVATE_TARGETS: '127.0.0.1/32',
    },
  });
  await server.waitFor(/listening on/);
  return { url: `http://127.0.0.1:${port}`, adminKey, process: server };
}

async function post(url: string, key: string, body: unknown): Promise<any> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`POST ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

/** The scaffold's `npm start` refuses, in one line each, a port in use, a secret that is not whsec_ and a PORT that is no number. */
async function expectStartRefusals(project: string, busyPort: number, secret: string): Promise<void> {
  const refusals = [
    [{ PORT: String(busyPort), WEBHOOK_SECRET: secret }, `Port ${busyPort} is in use; stop what holds it or start with another PORT=...`],
    [
      { PORT: String(busyPort), WEBHOOK_SECRET: 'hunter2' },
      /^WEBHOOK_SECRET is not a whsec_ signing secret, so every delivery would be refused with 401; set WEBHOOK_SECRET to/,
    ],
    [{ PORT: 'abc', WEBHOOK_SECRET: secret }, 'PORT must be a port number from 0 to 65535, not "abc".'],
  ] as const;
  for (const [variables, message] of refusals) {
    const refused = await run('npm', ['start', '--silent'], { cwd: project, env: { ...process.env, ...variables }, allowFailure: true });
    expect(refused.code, JSON.stringify(variables)).toBe(1);
    const lines = refused.stderr.trim().split('\n');
    expect(lines).toEqual([typeof message === 'string' ? message : expect.stringMatching(message)]);
  }
}

/**
 * `npm start` ends when npm alone gets SIGTERM, as a process manager or a test harness sends it: the scaffold's
 * start script `exec`s, so the signal reaches the receiver, which closes its port and exits 0 (without `exec`,
 * npm and `sh` end and the receiver lives on, holding the port).
 */
async function expectStopsWithNpm(receiver: Background, port: number): Promise<void> {
  const exited = new Promise<number | null>((resolve) => receiver.child.once('exit', (code) => resolve(code)));
  process.kill(receiver.child.pid!, 'SIGTERM'); // npm's pid only, not its process group
  expect(await exited).toBe(0);
  await expect(fetch(`http://127.0.0.1:${port}/webhooks/concertAlert`, { method: 'POST' })).rejects.toThrow();
}

/** The first ```ts block of a README, as a user copies it. */
async function firstSnippet(readme: string): Promise<string> {
  const text = await readFile(join(repoRoot, readme), 'utf8');
  const match = /```ts\n([\s\S]*?)```/.exec(text);
  if (!match) throw new Error(`${readme} has no ts snippet`);
  return match[1]!;
}

const tsconfig = (compilerOptions: Record<string, unknown>) =>
  JSON.stringify(
    { compilerOptions: { strict: true, skipLibCheck: false, target: 'ES2022', types: ['node'], ...compilerOptions }, include: ['src'] },
    null,
    2,
  );

describe.concurrent('journeys from npm pack tarballs', () => {
  it(
    'integrator: a strict TypeScript project (NodeNext and Bundler) and a plain .mjs use the SDK as its README shows',
    { timeout: 300_000 },
    async () => {
      const start = performance.now();
      const dir = await installProject(root, 'integrator', [tarball('sdk'), '@types/node@^20.19.0']);
      const server = await startServer('integrator');
      try {
        // The README's first snippet as is; only the address points at this run's server.
        const snippet = await firstSnippet('packages/sdk/README.md');
        expect(snippet).toContain("baseUrl: 'http://localhost:3000'");
        await mkdir(join(dir, 'src'));
        await writeFile(join(dir, 'src/first-call.ts'), snippet.replace("baseUrl: 'http://localhost:3000'", `baseUrl: '${server.url}'`));
        await writeFile(
          join(dir, 'tsconfig.json'),
          tsconfig({ module: 'NodeNext', moduleResolution: 'NodeNext', rootDir: 'src', outDir: 'out' }),
        );
        await writeFile(join(dir, 'tsconfig.bundler.json'), tsconfig({ module: 'ESNext', moduleResolution: 'Bundler', noEmit: true }));
        await run(process.execPath, [typeChecker, '-p', 'tsconfig.json'], { cwd: dir });
        await run(process.execPath, [typeChecker, '-p', 'tsconfig.bundler.json'], { cwd: dir });

        const env = { ...process.env, CLUBNOTIFY_API_KEY: server.adminKey, CLUBNOTIFY_URL: server.url };
        const firstCall = await run(process.execPath, ['out/first-call.js'], { cwd: dir, env });
        expect(firstCall.stdout).toMatch(/^reg_\S+ whsec_\S+\n$/);

        await writeFile(
          join(dir, 'items.mjs'),
          [
            "import { createClient, NotFoundError } from '@clubnotify/sdk';",
            'const client = createClient({ baseUrl: process.env.CLUBNOTIFY_URL, apiKey: process.env.CLUBNOTIFY_API_KEY });',
            'let count = 0;',
            "for await (const item of client.paginate('/items', { query: { limit: 5 } })) count += item.name ? 1 : 0;",
            "const missing = await client.concerts.get('con_missing').catch((error) => error);",
            'console.log(count, missing instanceof NotFoundError);',
          ].join('\n'),
        );
        const plain = await run(process.execPath, ['items.mjs'], { cwd: dir, env });
        expect(plain.stdout).toMatch(/^[1-9]\d* true\n$/);
        expect(await server.process.stop()).toBe(0);
      } finally {
        await server.process.stop();
      }
      times.push(['integrator', seconds(start)]);
    },
  );

  it(
    'subscriber: init from the receiver tarball, npm test, npm start, trigger, and a real delivery arrives verified (v1 with the secret, v1a from the key set)',
    { timeout: 300_000 },
    async () => {
      const start = performance.now();
      const tools = await subscriberTools();
      const project = join(root, 'my-receiver');
      const init = await run('npx', ['clubnotify-receiver', 'init', project, '--kit', tarball('receiver'), '--spec', tarball('spec')], {
        cwd: tools,
      });
      expect(init.stdout).toMatch(/src\/handlers\/webhooks\/stockUpdate\.ts/);
      // The installed bin itself: npx would add its own lines to a failure.
      const again = await run('node_modules/.bin/clubnotify-receiver', ['init', project], { cwd: tools, allowFailure: true });
      expect(again.code).toBe(1);
      expect(again.stderr.trim().split('\n')).toHaveLength(1);
      await run('npm', ['install', ...installFlags], { cwd: project });
      const test = await run('npm', ['test'], { cwd: project });
      expect(test.stdout).toMatch(SCAFFOLD_PASSES);
      expect(test.stdout).toMatch(/^(?:# |ℹ )fail 0$/m);

      const server = await startServer('subscriber');
      const port = await freePort();
      const pullPort = await freePort();
      let receiver: Background | undefined;
      let pullReceiver: Background | undefined;
      const keyedPort = await freePort();
      let keyedReceiver: Background | undefined;
      try {
        const registration = await post(`${server.url}/registerForAlert`, server.adminKey, {
          url: `http://127.0.0.1:${port}/webhooks/concertAlert`,
        });
        expect(registration.secret).toMatch(/^whsec_/);
        receiver = background('npm', ['start'], {
          cwd: project,
          env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: registration.secret },
        });
        await receiver.waitFor(/listening/);
        await expectStartRefusals(project, port, registration.secret);

        // v1a: a second scaffold, `init --signature v1a`, holds no secret and verifies from the server's key set. Its
        // package.json asks for what the first one's does, so it runs on that install (linked), not a second one.
        const keyed = join(root, 'my-keyed-receiver');
        const kit = ['--kit', tarball('receiver'), '--spec', tarball('spec')];
        await run('node_modules/.bin/clubnotify-receiver', ['init', keyed, '--signature', 'v1a', ...kit], { cwd: tools });
        const needs = async (dir: string) =>
          (({ dependencies, devDependencies }) => ({ dependencies, devDependencies }))(
            JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')),
          );
        expect(await needs(keyed)).toEqual(await needs(project));
        await symlink(join(project, 'node_modules'), join(keyed, 'node_modules'), 'dir');
        await post(`${server.url}/registerForAlert`, server.adminKey, {
          url: `http://127.0.0.1:${keyedPort}/webhooks/concertAlert`,
          signature: 'v1a',
        });
        keyedReceiver = background(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
          cwd: keyed,
          env: { ...process.env, PORT: String(keyedPort), WEBHOOK_JWKS_URL: `${server.url}/.well-known/jwks.json` },
        });
        await keyedReceiver.waitFor(/listening/);

        const trigger = await run(
          'npx',
          [
            'clubnotify-receiver',
            'trigger',
            'concertAlert',
            '--url',
            `http://127.0.0.1:${port}/webhooks/concertAlert`,
            '--secret',
            registration.secret,
          ],
          { cwd: project },
        );
        expect(trigger.stdout).toMatch(/status 200/);

        const concert = { title: 'Journey Jazz', startsAt: '2026-12-12T20:00:00Z', venue: 'Main Hall', priceCents: 2500 };
        await post(`${server.url}/concerts`, server.adminKey, concert);
        // The scaffold's handler logs only after the signature and the payload passed.
        await receiver.waitFor(/concert scheduled: .*Journey Jazz/);
        await keyedReceiver.waitFor(/concert scheduled: .*Journey Jazz/);

        // Pull delivery: a second receiver, which the server never dials, gets the next alert through `listen`.
        const pull = await post(`${server.url}/registerForAlert`, server.adminKey, {
          url: `http://127.0.0.1:${pullPort}/webhooks/concertAlert`,
          delivery: 'pull',
        });
        pullReceiver = background('npm', ['start'], {
          cwd: project,
          env: { ...process.env, PORT: String(pullPort), WEBHOOK_SECRET: pull.secret },
        });
        await pullReceiver.waitFor(/listening/);
        await post(`${server.url}/concerts`, server.adminKey, { ...concert, title: 'Pulled Jazz' });
        const listen = await run(
          'npx',
          [
            'clubnotify-receiver',
            'listen',
            '--target',
            pull.id,
            '--forward-to',
            `http://127.0.0.1:${pullPort}/webhooks/concertAlert`,
            '--max-messages',
            '1',
          ],
          { cwd: project, env: { ...process.env, CLUBNOTIFY_URL: server.url, CLUBNOTIFY_API_KEY: server.adminKey } },
        );
        expect(listen.stdout).toMatch(/webhook concertAlert msg_\S+ attempt 1 -> 200 in \d+ ms: succeeded/);
        await pullReceiver.waitFor(/concert scheduled: .*Pulled Jazz/);
        await expectStopsWithNpm(receiver, port);
        expect(await server.process.stop()).toBe(0);
      } finally {
        await pullReceiver?.stop();
        await keyedReceiver?.stop();
        await receiver?.stop();
        await server.process.stop();
      }
      times.push(['subscriber', seconds(start)]);
    },
  );

  it(
    "operator: the server README's programmatic snippet compiles as pasted against the tarball, with skipLibCheck false",
    { timeout: 300_000 },
    async () => {
      const start = performance.now();
      // What a TypeScript user installs: the server (and the spec, not on the registry) and @types/node; no @types/express by hand.
      const dir = await installProject(root, 'programmatic', [tarball('spec'), tarball('server'), '@types/node@^20.19.0']);
      await mkdir(join(dir, 'src'), { recursive: true });
      await writeFile(join(dir, 'src/server.ts'), await firstSnippet('packages/server/README.md'));
      await writeFile(join(dir, 'tsconfig.json'), tsconfig({ module: 'NodeNext', moduleResolution: 'NodeNext', noEmit: true }));
      const result = await run(process.execPath, [typeChecker, '-p', 'tsconfig.json'], { cwd: dir, allowFailure: true });
      expect(result.stdout + result.stderr).toBe('');
      times.push(['programmatic snippet', seconds(start)]);
    },
  );

  it(
    'subscriber on Hono and on Fastify: init --framework from the receiver tarball, npm install from the cache, npm test, npm start stops on SIGTERM',
    { timeout: 300_000 },
    async () => {
      const start = performance.now();
      const tools = await subscriberTools();
      await Promise.all(
        (['hono', 'fastify'] as const).map(async (framework) => {
          const project = join(root, `receiver-on-${framework}`);
          await run(
            'npx',
            ['clubnotify-receiver', 'init', project, '--framework', framework, '--kit', tarball('receiver'), '--spec', tarball('spec')],
            { cwd: tools },
          );
          await run('npm', ['install', ...installFlags], { cwd: project });
          const test = await run('npm', ['test'], { cwd: project });
          expect(test.stdout).toMatch(/^(?:# |ℹ )pass [1-9]\d*$/m);
          expect(test.stdout).toMatch(/^(?:# |ℹ )fail 0$/m);
          const port = await freePort();
          const receiver = background('npm', ['start'], {
            cwd: project,
            env: { ...process.env, PORT: String(port), WEBHOOK_SECRET: `whsec_${randomBytes(32).toString('base64')}` },
          });
          try {
            await receiver.waitFor(/listening/);
            await expectStopsWithNpm(receiver, port);
          } finally {
            await receiver.stop();
          }
        }),
      );
      times.push(['subscriber on hono, fastify', seconds(start)]);
    },
  );

  it(
    'operator: create-key, then start on the embedded database; /docs and /openapi.json answer without network; SIGTERM stops cleanly',
    { timeout: 300_000 },
    async () => {
      const start = performance.now();
      // The other journeys' servers keep their data elsewhere (DATA_DIR): ./data here is the operator's.
      const dir = serverDir;
      const script = join(repoRoot, 'test/packages/operator-journey.mjs');
      // Only loopback: a network namespace of its own when this machine allows one.
      const isolated = (await run('unshare', ['-rn', 'true'], { cwd: dir, allowFailure: true }).catch(() => ({ code: 1 }))).code === 0;
      const command = isolated
        ? ['unshare', '-rn', 'sh', '-c', `ip link set lo up 2>/dev/null; exec "${process.execPath}" "${script}" 3000`]
        : [process.execPath, script, String(await freePort())];
      const { stdout } = await run(command[0]!, command.slice(1), { cwd: dir, env: embeddedEnv() });
      const seen = JSON.parse(stdout.trim().split('\n').at(-1)!);

      expect(seen.key).toMatch(/^cn_[A-Za-z0-9_-]{43}$/);
      expect(seen.dataFolder).toBe(true);
      expect(seen.banner).toMatch(/embedded PGlite/);
      expect(seen.docs.status).toBe(200);
      expect(seen.docs.type).toMatch(/^text\/html/);
      expect(seen.docs.html).toMatch(/<html/i);
      expect(seen.docs.html).not.toMatch(/<script[^>]+src=["']https?:/i);
      expect(seen.spec).toEqual({ status: 200, openapi: '3.1.0' });
      expect(seen.health).toBe(200);
      expect(seen.exit, seen.output).toBe(0);
      times.push([`operator${isolated ? ' (loopback only)' : ''}`, seconds(start)]);
    },
  );
});
