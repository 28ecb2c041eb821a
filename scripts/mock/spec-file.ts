import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { document } from '@clubnotify/spec';

/** The repository's git-ignored build/ folder. */
export const buildDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'build');

/** Writes the bundled contract (`document` of @clubnotify/spec) as JSON; Prism reads this file. */
export async function writeSpecFile(path: string = join(buildDir, 'openapi.json')): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(document, null, 2)}\n`);
  return path;
}
