import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeChecker } from '../type-checker.js';
import { addConcertReminder } from './new-webhook/concert-reminder.js';
import { copyWorkspace } from './new-webhook/workspace.js';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const fixtures = join(import.meta.dirname, 'new-webhook');
const tsx = pathToFileURL(join(root, 'node_modules/tsx/dist/loader.mjs')).href;
const adminKey = `cn_${randomBytes(32).toString('base64url')}`;

/** `npm start` of the copy: its server, on its own PGlite data folder, on a free port. */
async function startServer(copy: string): Promise<{ url: string; child: ChildProcess; output: string[] }> {
  const { DATABASE_URL: _shared, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--conditions=clubnotify-source', '--import', tsx, join(copy, 'packages/server/src/main.ts')], {
    cwd: copy,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: join(copy, 'data'),
      ADMIN_API_KEY: adminKey,
      ALLOW_PRIVATE_TARGETS: '127.0.0.1/32',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      const m = /listening on http:\/\/localhost:(\d+)/.exec(output.join(''));
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the copy's server exited (${String(code)}) before listening:\n${output.join('')}`)));
  });
  return { url, child, output };
}

describe('a webhook added in the spec alone (concertReminder, JSON, with POST /registerForConcertReminder)', () => {
  let copy = '';
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let added: string[] = [];

  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), 'cn-new-webhook-'));
    await copyWorkspace(root, copy);
    added = await addConcertReminder(join(copy, 'spec'));
    await run(process.execPath, ['--conditions=clubnotify-source', '--import', tsx, join(copy, 'scripts/generate.ts'), '--root', copy], {
      cwd: copy,
    });
    await mkdir(join(copy, 'fixture'));
    for (const file of ['probe.ts', 'types.ts', 'tsconfig.json'])
      await copyFile(join(fixtures, `${file}.fixture`), join(copy, 'fixture', file));
    server = await startServer(copy);
  }, 180_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server!.child.once('exit', resolve));
    }
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  it('takes spec files only, and they pass the spec lint', async () => {
    expect(added.every((file) => !file.startsWith('..'))).toBe(true);
    const lint = await run(join(root, 'node_modules/.bin/redocly'), ['lint', '--format=stylish'], { cwd: copy });
    expect(lint.stdout + lint.stderr).toMatch(/valid/i);
  });

  it('types the payload for receivers, the registration for the SDK, and the name everywhere', async () => {
    const tsc = await run(process.execPath, [typeChecker, '-p', join(copy, 'fixture/tsconfig.json')], {
      cwd: copy,
    }).then(
      () => '',
      (e: { stdout: string; stderr: string }) => `tsc failed:\n${e.stdout}${e.stderr}`,
    );
    expect(tsc).toBe('');
  }, 120_000);

  it('is registered by the server (201, stored), validated and handled by the receiver kit, fired by the mock, retried by the SDK and sent by the server', async () => {
    const probe = await run(process.execPath, ['--conditions=clubnotify-source', '--import', tsx, join(copy, 'fixture/probe.ts')], {
      cwd: copy,
      env: { ...process.env, SERVER_URL: server!.url, API_KEY: adminKey },
    });
    const report = JSON.parse(probe.stdout.trim().split('\n').pop()!);
    expect(report.registration).toMatchObject({ status: 201, event: 'concertReminder', sameIdFromSdk: true });
    expect(report.sdk).toEqual({
      retrySafe: true,
      registrations: expect.arrayContaining(['concertReminder']),
      eventNames: expect.arrayContaining(['concertReminder']),
    });
    expect(report.receiver).toMatchObject({ example: 200, invalid: 400 });
    expect(report.receiver.invalidBody).toMatch(/minutesBefore|required/);
    expect(report.mock).toEqual({ map: 'concertReminder', status: 201, fired: ['webhook concertReminder 200'] });
    expect(report.delivered.payload).toEqual({
      concertId: 'con_jazznight2026',
      title: 'Jazz Night with the Blue Notes',
      startsAt: '2026-12-12T20:00:00Z',
      minutesBefore: 60,
    });

    const listed = await fetch(`${server!.url}/registrations?event=concertReminder`, { headers: { authorization: `Bearer ${adminKey}` } });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { data: Array<{ id: string; event: string }> };
    expect(body.data).toEqual([expect.objectContaining({ id: report.registration.id, event: 'concertReminder' })]);
  }, 120_000);
});
