import { fileURLToPath } from 'node:url';
import { glob } from 'tinyglobby';
import { expect, it } from 'vitest';
import { scaleFiles, testFiles } from '../test-files.js';
import { recordedDurations } from './record-durations.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

it('has a recorded duration for every test file, so the scheduler starts the slow ones first', async () => {
  // The scale files run in `npm run test:scale` alone, outside the gate's schedule: they have no entry.
  const files = await glob(testFiles, { cwd: root, ignore: scaleFiles });
  const recorded = recordedDurations();
  const how = 'record them: see test/scheduling/record-durations.ts';
  expect(files.filter((file) => !(file in recorded)).sort(), how).toEqual([]);
  expect(
    Object.keys(recorded)
      .filter((file) => !files.includes(file))
      .sort(),
    'entries of files that are no test files (any more)',
  ).toEqual([]);
});
