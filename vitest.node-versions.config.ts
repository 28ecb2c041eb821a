import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.js';
import { nodeVersionFiles, scaleFiles } from './test/test-files.js';

// `npm run test:node` (scripts/ci-node.sh): on other Node.js versions, only what can differ between
// them (test/test-files.ts), from the build `npm test` made, without PostgreSQL and without spec coverage.
const { projects: _projects, globalSetup: _clearCoverage, ...test } = base.test!;

export default defineConfig({
  ...base,
  test: {
    ...test,
    include: nodeVersionFiles,
    // As the integration project: files share their processes, which import the packages once.
    isolate: false,
    setupFiles: ['test/file-hygiene.ts'],
    exclude: [...configDefaults.exclude, ...scaleFiles],
    globalSetup: ['test/packages/tarballs.ts'],
  },
});
