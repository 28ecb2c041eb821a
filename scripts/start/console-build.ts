import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

const serverDir = new URL('../../packages/server/', import.meta.url).pathname;
const consoleDir = join(serverDir, 'console');
const page = join(serverDir, 'dist/console/index.html');

async function newestSource(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/** Whether `packages/server/dist/console` is missing or older than a console source. */
export async function consoleIsStale(): Promise<boolean> {
  const built = await stat(page).then(
    (s) => s.mtimeMs,
    () => undefined,
  );
  return built === undefined || built < (await newestSource(consoleDir));
}

/**
 * Builds the web console when it is missing or stale, so `npm install` + `npm start` serve
 * `/console` in a fresh clone; a built tarball ships it and never runs this.
 */
export async function ensureConsoleBuilt(log: (line: string) => void = console.log): Promise<void> {
  if (!(await consoleIsStale())) return;
  const started = performance.now();
  log('building the web console (packages/server/dist/console) ...');
  const { build } = await import('vite');
  await build({ configFile: join(consoleDir, 'vite.config.ts'), logLevel: 'warn' });
  log(`built the web console in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
