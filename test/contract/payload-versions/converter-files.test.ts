import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConverters } from '../../../scripts/generate/converters.js';

const GOOD =
  "import type { Converter } from '@clubnotify/spec';\n\nconst convert: Converter<'webhook', 'a', 2, 1> = (p) => p;\n\nexport default convert;\n";
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function folder(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'cn-converters-'));
  dirs.push(dir);
  for (const [path, code] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), code);
  }
  return dir;
}

describe('converter files (spec/converters/<kind>.<event>/<from>-to-<to>.ts)', () => {
  it('are found by kind, event and step, in order', async () => {
    const dir = await folder({
      'webhook.stockUpdate/3-to-2.ts': GOOD,
      'webhook.stockUpdate/2-to-1.ts': GOOD,
      'callback.concertAlert/2-to-1.ts': GOOD,
    });
    const found = await readConverters(dir, 'spec/converters');
    expect(found.map(({ kind, event, from, to, source }) => [kind, event, from, to, source])).toEqual([
      ['callback', 'concertAlert', 2, 1, 'spec/converters/callback.concertAlert/2-to-1.ts'],
      ['webhook', 'stockUpdate', 2, 1, 'spec/converters/webhook.stockUpdate/2-to-1.ts'],
      ['webhook', 'stockUpdate', 3, 2, 'spec/converters/webhook.stockUpdate/3-to-2.ts'],
    ]);
  });

  it('are none when the folder does not exist', async () => {
    expect(await readConverters(join(tmpdir(), 'cn-no-such-folder'), 'spec/converters')).toEqual([]);
  });

  it.each([
    ['a folder not named <kind>.<event>', { 'stockUpdate/2-to-1.ts': GOOD }, 'converters live in folders named <kind>.<event>'],
    ['a file not named <from>-to-<to>.ts', { 'webhook.a/two-to-one.ts': GOOD }, 'a converter is named <from>-to-<to>.ts'],
    ['a step of more than one version', { 'webhook.a/3-to-1.ts': GOOD }, 'a converter takes one step down (3-to-2.ts); steps chain'],
    [
      'a runtime import',
      { 'webhook.a/2-to-1.ts': `import { readFileSync } from 'node:fs';\n${GOOD}` },
      "imports only types from '@clubnotify/spec', not: import { readFileSync } from 'node:fs';",
    ],
    ['a dynamic import', { 'webhook.a/2-to-1.ts': `${GOOD}void import('node:fs');\n` }, 'a converter is a pure function'],
    [
      'no default export',
      { 'webhook.a/2-to-1.ts': GOOD.replace('export default convert;', 'export { convert };') },
      'export the converter as the module',
    ],
  ])('refuses %s', async (_, files, message) => {
    await expect(readConverters(await folder(files), 'spec/converters')).rejects.toThrow(message);
  });
});
