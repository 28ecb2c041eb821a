// A Vitest reporter that records how long each test file held its worker, for the scheduler
// (slowest-first.ts). Run it over the whole suite, with DATABASE_URL set, on a quiet machine:
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --reporter=default --reporter=./test/scheduling/record-durations.ts
// Files of this run replace their entries; entries of files that were not run stay, and those of
// files that no longer exist go. A file that failed is not recorded (it may have stopped early).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export const durationsFile = new URL('./durations.json', import.meta.url);

/** Seconds by test file (relative to the repository), as recorded. */
export function recordedDurations(): Record<string, number> {
  return JSON.parse(readFileSync(durationsFile, 'utf8')) as Record<string, number>;
}

/** Whole-file time: the environment, the setup files, the imports and suite callbacks, then every hook and test. */
export function fileSeconds(module: TestModule): number {
  const d = module.diagnostic();
  const ms = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
  return Math.max(0.1, Math.round(ms / 100) / 10);
}

export default class RecordDurations implements Reporter {
  private root = '';

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const durations = recordedDurations();
    for (const file of Object.keys(durations)) if (!existsSync(join(this.root, file))) delete durations[file];
    let recorded = 0;
    for (const module of modules) {
      if (module.state() !== 'passed' && module.state() !== 'skipped') continue;
      durations[relative(this.root, module.moduleId)] = fileSeconds(module);
      recorded++;
    }
    const sorted = Object.entries(durations).sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
    writeFileSync(durationsFile, `${JSON.stringify(Object.fromEntries(sorted), null, 2)}\n`);
    console.log(`recorded the durations of ${recorded} test files in ${relative(this.root, durationsFile.pathname)}`);
  }
}
