import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.js';
import { scaleFiles } from './test/test-files.js';

// `npm run test:scale` (CI runs it after `npm test`): what measures capacity (soaks, RSS over
// thousands of requests, p99 under readers, plans on large tables), in the `*.scale.test.ts`
// files every other project excludes. The gate keeps copies of these behaviours at the smallest
// size that still fails when the behaviour breaks. No spec coverage here: `npm test` reports it.
const { projects: _projects, globalSetup: _clearCoverage, ...test } = base.test!;

export default defineConfig({
  ...base,
  test: { ...test, include: scaleFiles, exclude: configDefaults.exclude },
});
