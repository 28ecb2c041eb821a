import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { document } from '@clubnotify/spec';
import { parse } from 'yaml';
import { allItems } from './spec-coverage/items.js';
import { readRecords, recordsDir } from './spec-coverage/records.js';
import { coverageReport, formatReport, type Exclusion } from './spec-coverage/report.js';

// Reads what the last `npm run test:unit` recorded (coverage/spec/*.jsonl, one file per test
// process) and fails below 100% of the spec's items that are not excluded with a reason.

const exclusions = (
  parse(readFileSync(join(import.meta.dirname, '../spec/coverage-exclusions.yaml'), 'utf8')) as { exclusions: Exclusion[] }
).exclusions;
const unexplained = exclusions.filter((e) => !e.reason?.trim());
if (unexplained.length > 0) {
  console.error(`spec coverage: every exclusion needs a reason: ${unexplained.flatMap((e) => e.items).join(', ')}`);
  process.exit(1);
}
const recorded = readRecords();
if (recorded.size === 0) {
  console.error(`spec coverage: no records in ${recordsDir}; run \`npm run test:unit\` (the whole suite) first.`);
  process.exit(1);
}
const report = coverageReport(allItems(document as Record<string, any>), recorded, exclusions);
console.log(formatReport(report));
if (report.uncovered.length > 0 || report.unusedPatterns.length > 0) process.exit(1);
