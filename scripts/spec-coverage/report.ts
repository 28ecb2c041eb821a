/** One entry of spec/coverage-exclusions.yaml: item patterns (`*` matches any run of characters) and why they are not covered. */
export interface Exclusion {
  items: string[];
  reason: string;
}

export interface CoverageReport {
  covered: number;
  total: number;
  excluded: string[];
  uncovered: string[];
  /** Patterns that match no item of the spec: a typo or a removed operation. */
  unusedPatterns: string[];
}

const toRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);

/** Compares the spec's items with the recorded ones; excluded items count in neither N nor M. */
export function coverageReport(items: string[], recorded: Set<string>, exclusions: Exclusion[]): CoverageReport {
  const patterns = exclusions.flatMap((e) => e.items).map((p) => ({ p, re: toRegExp(p) }));
  const excluded = items.filter((item) => patterns.some(({ re }) => re.test(item)));
  const counted = items.filter((item) => !excluded.includes(item));
  const uncovered = counted.filter((item) => !recorded.has(item));
  const unusedPatterns = patterns.filter(({ re }) => !items.some((item) => re.test(item))).map(({ p }) => p);
  return { covered: counted.length - uncovered.length, total: counted.length, excluded, uncovered, unusedPatterns };
}

export function formatReport(report: CoverageReport): string {
  const lines = [
    `spec coverage: ${report.covered}/${report.total} (${report.excluded.length} excluded, see spec/coverage-exclusions.yaml)`,
  ];
  if (report.uncovered.length > 0) lines.push('not covered by any test:', ...report.uncovered.map((item) => `  ${item}`));
  if (report.unusedPatterns.length > 0)
    lines.push('exclusions that match nothing in the spec:', ...report.unusedPatterns.map((p) => `  ${p}`));
  return lines.join('\n');
}
