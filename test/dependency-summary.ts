// A Vitest reporter: after the run, one line per dependency some test file lacked (test/dependencies.ts),
// with what did not run because of it and how to provide it.
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import type { Absence } from './dependencies.js';

interface Lack {
  files: number;
  /** Files of which no test ran. */
  wholly: number;
  skippedTests: number;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "PostgreSQL: 38 files ran on PGlite only, 3 files skipped (23 tests skipped); set DATABASE_URL=... to run them". */
export function summaryLine(dependency: Absence, lack: Lack): string {
  const partly = lack.files - lack.wholly;
  const files = [
    partly > 0 && `${plural(partly, 'file')} ${dependency.partly}`,
    lack.wholly > 0 && `${plural(lack.wholly, 'file')} skipped`,
  ];
  const tests = lack.skippedTests > 0 ? ` (${plural(lack.skippedTests, 'test')} skipped)` : '';
  return `${dependency.name}: ${files.filter(Boolean).join(', ')}${tests}; ${dependency.fix}`;
}

export default class DependencySummary implements Reporter {
  private vitest!: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const lacks = new Map<string, Lack & { dependency: Absence }>();
    for (const module of modules) {
      const skippedTests = [...module.children.allTests('skipped')].length;
      const ran = [...module.children.allTests()].length - skippedTests;
      for (const dependency of module.meta().missing ?? []) {
        const lack = lacks.get(dependency.name) ?? { dependency, files: 0, wholly: 0, skippedTests: 0 };
        lack.files++;
        if (ran === 0) lack.wholly++;
        lack.skippedTests += skippedTests;
        lacks.set(dependency.name, lack);
      }
    }
    const lines = [...lacks.values()].map((lack) => summaryLine(lack.dependency, lack));
    if (lines.length > 0) this.vitest.logger.log(`\nNot run for lack of a dependency:\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
  }
}
