// The operator's `npm start` in the repository, as a real process tree: npm, then the server.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { background, repoRoot, type Background } from './support.js';

let started: Background | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  try {
    if (started) process.kill(-started.child.pid!, 'SIGKILL'); // whatever is left of the group, npm gone or not
  } catch {
    // nothing left
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

it('npm start serves the console and stops when npm alone gets SIGTERM, as a process manager sends it', { timeout: 240_000 }, async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'cn-npm-start-'));
  const { DATABASE_URL: _url, ...env } = process.env;
  started = background('npm', ['start'], { cwd: repoRoot, env: { ...env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
  const [, url] = await started.waitFor(/listening on (http:\/\/\S+)/);
  expect((await fetch(`${url}/console`)).status).toBe(200);

  const exited = new Promise<number | null>((resolve) => started!.child.once('exit', (code) => resolve(code)));
  process.kill(started.child.pid!, 'SIGTERM'); // npm's pid only, not its process group
  expect(await exited).toBe(0);
  // npm waits for the server it forwarded the signal to; once npm is gone, so is the server.
  await expect(fetch(`${url}/openapi.json`)).rejects.toThrow();
  expect(started.output()).not.toMatch(/^\s+at /m);
});
