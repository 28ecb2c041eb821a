// Records how long each test file took, for the scheduler (test/scheduling/slowest-first.ts):
//   npx vitest run --reporter=json --outputFile.json=report.json && npx tsx scripts/test-durations.ts report.json
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const report = process.argv[2];
if (!report) throw new Error('usage: tsx scripts/test-durations.ts <vitest JSON report>');

const { testResults } = JSON.parse(readFileSync(resolve(report), 'utf8')) as {
  testResults: Array<{ name: string; startTime: number; endTime: number }>;
};
const seconds = testResults
  .map((file) => [relative(root, file.name), Math.max(1, Math.round((file.endTime - file.startTime) / 1000))] as const)
  .sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
writeFileSync(new URL('../test/scheduling/durations.json', import.meta.url), `${JSON.stringify(Object.fromEntries(seconds), null, 2)}\n`);
console.log(`recorded ${seconds.length} files`);
