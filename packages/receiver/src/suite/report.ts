import type { SuiteReport } from './run.js';

const MARK = { pass: 'pass', fail: 'FAIL', skip: 'skip' } as const;

/** The report as printed by `trigger --suite`: one line per rule, grouped by event, and a summary. */
export function formatSuiteReport(report: SuiteReport): string {
  const lines = [`Sender suite against ${report.url}`];
  for (const group of report.groups) {
    if (group.rules.length === 0) continue;
    lines.push('', group.title);
    for (const rule of group.rules) lines.push(`  ${MARK[rule.outcome]}  ${rule.rule}: ${rule.detail}`);
  }
  const skipped = report.skipped ? `, ${report.skipped} skipped` : '';
  lines.push('', `${report.passed} passed, ${report.failed} failed${skipped}; slowest answer ${report.slowestMs} ms`);
  return lines.join('\n');
}
