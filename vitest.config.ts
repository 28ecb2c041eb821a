import { defineConfig } from 'vitest/config';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { SlowestFirst } from './test/scheduling/slowest-first.js';

// `clubnotify-source` resolves @clubnotify/* to their TypeScript sources, so tests need no build.
export default defineConfig({
  resolve: { conditions: ['clubnotify-source', ...defaultClientConditions] },
  ssr: {
    // @opentelemetry/api 1.9 ships, under the `module` condition, an ESM build Node cannot load
    // (extensionless imports): without `module`, Node takes its CommonJS build.
    resolve: { conditions: ['clubnotify-source', ...defaultServerConditions.filter((c) => c !== 'module')] },
  },
  test: {
    include: ['packages/*/test/**/*.test.ts', 'test/{contract,e2e,reliability,browser,packages}/**/*.test.ts'],
    // An embedded database is created (initdb, every migration) in many tests: seconds alone, tens of seconds on a busy machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for an event: its bound only says how long a failure takes to report, and a
    // loaded CI machine runs ten times slower than a quiet one (a 1 s, then 10 s, bound failed there).
    expect: { poll: { timeout: 45_000 } },
    // describe.concurrent (the tarball journeys): each test runs npm, tsc and a fresh server; two at a
    // time on two cores, so one test's server start is not starved past its limit by the other four.
    maxConcurrency: 2,
    pool: 'forks',
    // Spec coverage: every test process records what the reference server answered (npm run spec:coverage).
    // The PostgreSQL notice says once why PostgreSQL suites are skipped without DATABASE_URL.
    globalSetup: ['test/spec-coverage/global-setup.ts', './test/postgres-notice.ts'],
    setupFiles: ['test/spec-coverage/recorder.ts'],
    // Most suites wait on sockets, child processes and timers, not the CPU: two files at a time on two cores.
    maxWorkers: 2,
    // Longest files first (recorded durations on a clean clone): the two workers finish together.
    sequence: { sequencer: SlowestFirst },
    typecheck: {
      enabled: true,
      include: ['packages/*/test/**/*.test-d.ts'],
      // The type tests and what they import: `npm run typecheck` checks the whole repository before.
      tsconfig: './tsconfig.type-tests.json',
    },
  },
});
