import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where test processes write their coverage records: one `<pid>.jsonl` file each (SPEC_COVERAGE_DIR overrides). */
export const recordsDir = resolve(process.env.SPEC_COVERAGE_DIR ?? join(import.meta.dirname, '../../coverage/spec'));

/** Every item recorded by any process of the last run. */
export function readRecords(dir = recordsDir): Set<string> {
  const covered = new Set<string>();
  if (!existsSync(dir)) return covered;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.jsonl'))) {
    for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
      // A process killed mid-write leaves at most one partial last line.
      if (!line.trim()) continue;
      try {
        covered.add((JSON.parse(line) as { item: string }).item);
      } catch {
        // skip the partial line
      }
    }
  }
  return covered;
}
