/**
 * `npm run bench`: runs every test/bench/*.bench.ts in turn (or those named on the command
 * line) and prints their ratio tables. Never part of a pass/fail test. `growth` and `soak`
 * run only when named. Each bench's tables are kept in docs/bench-results.md (BENCH_RESULTS
 * names another file, `off` keeps nothing) with the command, the date, Node.js and the machine.
 */
import { readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { format } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { entry, keep, thisMachine } from './results.js';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const resultsFile = process.env.BENCH_RESULTS ?? join(here, '../../docs/bench-results.md');
// Long runs (a history of millions of messages, half an hour of soak) run only when named.
const LONG = ['growth.bench.ts', 'soak.bench.ts'];
const files = (await readdir(here))
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => (wanted.length === 0 ? !LONG.includes(f) : wanted.some((w) => f.includes(w))))
  .sort();

// What the benches print still goes to the terminal; a copy is kept for the results file.
const log = console.log.bind(console);
let printed: string[] = [];
console.log = (...args: unknown[]) => {
  printed.push(format(...args));
  log(...args);
};

for (const file of files) {
  const bench = file.replace('.bench.ts', '');
  console.log(`\n## ${bench}\n`);
  printed = [];
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: () => Promise<void> };
  await mod.default();
  if (resultsFile === 'off') continue;
  const envs = Object.entries(process.env)
    .filter(([name]) => /^(PEERS|GROWTH|SOAK|TENANTS|BENCH)_/.test(name) && name !== 'BENCH_RESULTS')
    .map(([name, value]) => `${name}=${value} `)
    .join('');
  const command = `${envs}${process.env.DATABASE_URL ? 'DATABASE_URL=… ' : ''}npm run bench -- ${bench}`;
  const run = { bench, command, date: new Date().toISOString().slice(0, 16) + 'Z', node: process.version, machine: thisMachine() };
  await keep(resultsFile, entry(run, printed.join('\n')));
  log(`(kept in ${resultsFile})`);
}
