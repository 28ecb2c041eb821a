import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { document } from '@clubnotify/spec';

/** The repository's git-ignored build/ folder. */
export const buildDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', 'build');

/**
 * Writes the bundled contract (`document` of @clubnotify/spec) as JSON; Prism reads this file.
 * `callbacks: false` drops every operation's `callbacks`, so that Prism fires none (Prism 5.14
 * has no switch for it; the mock's companion sends them, signed).
 */
export async function writeSpecFile(path: string = join(buildDir, 'openapi.json'), options: { callbacks?: boolean } = {}): Promise<string> {
  let spec = document as Record<string, any>;
  if (options.callbacks === false) {
    spec = structuredClone(spec);
    for (const item of Object.values<any>(spec.paths))
      for (const op of Object.values<any>(item)) if (op && typeof op === 'object') delete op.callbacks;
  }
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(spec, null, 2)}\n`);
  return path;
}
