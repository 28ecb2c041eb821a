import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { recordedDurations } from './record-durations.js';

/** Seconds each test file held its worker in a full run (record-durations.ts writes them). */
const recorded = recordedDurations();
/** A file missing from the list (a new one, until durations.test.ts makes its author record it). */
const UNKNOWN_SECONDS = 5;

/**
 * Longest files first, so that two workers finish together instead of one running the slowest
 * file alone at the end. Vitest does so only from its own cache of the last run (none on a clean
 * clone or in CI, where it runs larger files first); the recorded durations stand in for it.
 */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const seconds = new Map(files.map((spec) => [spec, this.estimate(spec)]));
    return [...files].sort(
      (a, b) => a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder || seconds.get(b)! - seconds.get(a)!,
    );
  }

  private estimate(spec: TestSpecification): number {
    const file = relative(this.ctx.config.root, spec.moduleId);
    const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
    // A file that failed last time runs first: its answer is the one awaited.
    if (cached?.failed) return Infinity;
    return cached ? cached.duration / 1000 : (recorded[file] ?? UNKNOWN_SECONDS);
  }
}
