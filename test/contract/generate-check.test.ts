import { execFile } from 'node:child_process';
import { cp, mkdtemp, appendFile, rm, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const generated = ['packages/spec/src/generated', 'packages/sdk/src/generated'];

async function check(at: string) {
  return run(tsx, [join(root, 'scripts/generate.ts'), '--check', '--root', at], { cwd: root }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}

// That the committed code is up to date is the `npm run generate:check` gate itself; here, that the
// check fails, and names exactly the stale files, when they are not.
describe('generate:check', () => {
  const dirs: string[] = [];
  afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

  it('exits 1 naming each stale file after the spec changes', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'cn-gen-'));
    dirs.push(copy);
    await cp(join(root, 'spec'), join(copy, 'spec'), { recursive: true });
    await cp(join(root, 'redocly.yaml'), join(copy, 'redocly.yaml'));
    for (const dir of generated) {
      await mkdir(join(copy, dir), { recursive: true });
      await cp(join(root, dir), join(copy, dir), { recursive: true });
    }
    await appendFile(join(copy, 'packages/sdk/src/generated/openapi.ts'), '\n// hand edit\n');
    const result = await check(copy);
    expect(result.code).toBe(1);
    expect(result.out).toContain('stale: packages/sdk/src/generated/openapi.ts');
    expect(result.out).not.toContain('stale: packages/spec/src/generated/events.ts');
  });
});
