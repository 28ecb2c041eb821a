import { execFile } from 'node:child_process';
import { chmod, chown, copyFile, link, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { missing, rootAndPostgresUser } from '../dependencies.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

/** This Node.js as the postgres user can run it: itself, or (under root's home, as CI's is) a hard link or copy in `dir`. */
async function nodeForPostgres(dir: string): Promise<string> {
  const runnable = await run('runuser', ['-u', 'postgres', '--', 'test', '-x', process.execPath]).then(
    () => true,
    () => false,
  );
  if (runnable) return process.execPath;
  const node = join(dir, 'node');
  await link(process.execPath, node).catch(() => copyFile(process.execPath, node));
  await chmod(node, 0o755);
  return node;
}

// Root ignores permission bits, so the server runs as the postgres user here.
describe.skipIf(missing(rootAndPostgresUser))('start-up errors', () => {
  it('names the path and the missing permission when pglite/ is read-only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cn-readonly-'));
    try {
      const uid = Number((await run('id', ['-u', 'postgres'])).stdout);
      await chown(dir, uid, -1);
      await chmod(dir, 0o755);
      await mkdir(join(dir, 'pglite'), { mode: 0o555 });
      const { DATABASE_URL: _none, ...env } = process.env;
      const result = await run(
        'runuser',
        [
          '-u',
          'postgres',
          '--',
          'env',
          'HOME=/tmp',
          `DATA_DIR=${dir}`,
          'PORT=0',
          'HOST=127.0.0.1',
          await nodeForPostgres(dir),
          '--import',
          'tsx',
          '--conditions=clubnotify-source',
          'packages/server/src/main.ts',
        ],
        { cwd: root, env, timeout: 60_000 },
      ).then(
        () => ({ code: 0, stderr: '' }),
        (error: { code: number; stderr: string }) => error,
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`Cannot write to ${join(dir, 'pglite')}: permission denied (EACCES)`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
