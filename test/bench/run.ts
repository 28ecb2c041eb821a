/**
 * `npm run bench`: runs every test/bench/*.bench.ts in turn (or those named on the command
 * line) and prints their ratio tables. Never part of a pass/fail test. `growth` and `soak`
 * run only when named.
 */
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
// Long runs (a history of millions of messages, half an hour of soak) run only when named.
const LONG = ['growth.bench.ts', 'soak.bench.ts'];
const files = (await readdir(here))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => (wanted.length === 0 ? !LONG.includes(f) : wanted.some((w) => f.includes(w))))
  .sort();

for (const file of files) {
  console.log(`\n## ${file.replace('.bench.ts', '')}\n`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: () => Promise<void> };
  await mod.default();
}
