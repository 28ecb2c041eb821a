import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtBin, builtEnv, runBuilt, type BinRun } from '../../../../test/built-bin.js';

// A fresh data folder means initdb and every migration: seconds quiet, over a minute on a loaded CI machine.
const FRESH_START_MS = 180_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cn-server-cli-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function env(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'silent', ...extra };
}

/** The committed bin shim on the server's fresh build, as an operator runs it. */
const serverCli = (args: string[], extra: Record<string, string> = {}): Promise<BinRun> =>
  runBuilt('server', args, { cwd: dir, env: env(extra) });

const oneLine = (text: string) => text.trim().split('\n');

describe('clubnotify-server CLI', () => {
  it('lists start and create-key in --help and exits 0', async () => {
    const { code, stdout } = await serverCli(['--help']);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: clubnotify-server <command>/);
    expect(stdout).toMatch(/^ {2}start /m);
    expect(stdout).toMatch(/^ {2}create-key /m);
  });

  it('exits 2 on an unknown command or bad options', async () => {
    expect((await serverCli(['launch'])).code).toBe(2);
    expect((await serverCli(['create-key', '--scope', 'root', '--name', 'ops'])).code).toBe(2);
    expect((await serverCli(['start', 'now'])).code).toBe(2);
  });

  it.each([
    [
      ['create-key', '--scope', 'admin', '--name', 'ops', '--frobnicate'],
      'create-key has no option --frobnicate; run "clubnotify-server create-key --help" for its usage.',
    ],
    [['create-key', '--scope'], '--scope needs a value; run "clubnotify-server create-key --help" for its usage.'],
    [['create-key', '--scope', 'root', '--name', 'ops'], '--scope must be admin or subscriber, not "root".'],
    [['revoke-key', 'nope'], '"nope" is not a key id; key ids look like key_3fT9xQ (GET /apiKeys lists them).'],
    [['revoke-key', 'key_a', 'key_b'], 'revoke-key takes one key id, got 2 (key_a key_b); revoke them one at a time.'],
    [['revoke-key', '--all'], 'revoke-key has no option --all; run "clubnotify-server revoke-key --help" for its usage.'],
  ])('answers %j with one line that says what was wrong, and exit 2', async (args, message) => {
    const { code, stderr } = await serverCli(args);
    expect({ code, stderr: stderr.trim() }).toEqual({ code: 2, stderr: message });
  });

  it.each([
    [['create-key', '--name', 'ops'], 'Give --scope admin or --scope subscriber.'],
    [['create-key', '--scope', 'admin'], 'Give --name, 1 to 100 characters saying whose key it is.'],
    [['revoke-key'], 'Give the id of the key to revoke (key_..., as listed by GET /apiKeys).'],
  ])('answers a missing argument in %j with an error line, then the usage, and exit 2', async (args, message) => {
    const { code, stderr } = await serverCli(args);
    expect(code).toBe(2);
    expect(stderr.split('\n')[0]).toBe(message);
    expect(stderr).toMatch(/\n\nUsage: clubnotify-server /);
  });

  it('creates the data folder and prints the key on the last stdout line', { timeout: FRESH_START_MS }, async () => {
    const { code, stdout } = await serverCli(['create-key', '--scope', 'admin', '--name', 'ops'], {
      DATA_DIR: join(dir, 'fresh/nested/data'),
    });
    expect(code).toBe(0);
    expect(oneLine(stdout).at(-1)).toMatch(/^cn_[A-Za-z0-9_-]{43}$/);
  });

  it('reports an unexpected failure in one line, without a stack', async () => {
    await writeFile(join(dir, 'a-file'), '');
    const { code, stderr } = await serverCli(['create-key', '--scope', 'admin', '--name', 'ops'], { DATA_DIR: join(dir, 'a-file/data') });
    expect(code).toBe(1);
    expect(oneLine(stderr)).toEqual([expect.stringMatching(/^clubnotify-server create-key: .*a-file/)]);
  });

  it('lists configuration problems without a stack', async () => {
    const { code, stderr } = await serverCli(['create-key', '--scope', 'admin', '--name', 'ops'], { PORT: 'abc' });
    expect(code).toBe(1);
    expect(stderr).toMatch(/PORT must be an integer/);
    expect(stderr).not.toMatch(/^\s+at /m);
  });
});

describe('clubnotify-server start', () => {
  let busy: Server;
  beforeAll(async () => {
    busy = createServer();
    await new Promise<void>((r) => busy.listen(0, r));
  });
  afterAll(() => new Promise((r) => busy.close(r)));

  it('says in one line that the port is in use, and exits 1 before opening the database', { timeout: FRESH_START_MS }, async () => {
    const { port } = busy.address() as { port: number };
    const { code, stderr } = await serverCli(['start'], { PORT: String(port), DATA_DIR: join(dir, 'busy') });
    expect(code).toBe(1);
    expect(oneLine(stderr)).toEqual([
      `clubnotify server did not start: port ${port} is in use; stop what holds it, or start with another PORT=...`,
    ]);
    expect(existsSync(join(dir, 'busy/pglite')), 'the port is checked before the migrations').toBe(false);
  });

  it(
    'says it creates the embedded database, prints the banner, serves /docs, and exits 0 on SIGTERM',
    { timeout: FRESH_START_MS },
    async () => {
      const child = spawn(process.execPath, [await builtBin('server'), 'start'], {
        cwd: dir,
        env: builtEnv(env({ PORT: '0', DATA_DIR: join(dir, 'running'), LOG_LEVEL: 'info' })),
      });
      let stdout = '';
      const exited = new Promise<number | null>((r) => child.on('exit', r));
      const url = await new Promise<string>((resolveUrl, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += String(chunk);
          const match = /listening on (http:\/\/\S+)/.exec(stdout);
          if (match && stdout.includes('/docs')) resolveUrl(match[1]!);
        });
        child.on('exit', (code) => reject(new Error(`start exited with ${code}: ${stdout}`)));
      });
      expect(stdout).toMatch(/embedded PGlite in .*running/);
      // Said before the wait, so a first start is not a silent one.
      expect(stdout).toMatch(/creating the embedded database[\s\S]*migrations applied[\s\S]*listening on/);
      expect((await fetch(`${url}/openapi.json`)).status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    },
  );
});
