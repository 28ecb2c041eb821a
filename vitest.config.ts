import { configDefaults, defineConfig } from 'vitest/config';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { SlowestFirst } from './test/scheduling/slowest-first.js';
import { packageFiles, scaleFiles, testFiles, unitFiles } from './test/test-files.js';

const recorder = 'test/spec-coverage/recorder.ts';
// Files that share a process leave it as they found it.
const hygiene = 'test/file-hygiene.ts';

// `clubnotify-source` resolves @clubnotify/* to their TypeScript sources, so tests need no build.
export default defineConfig({
  resolve: { conditions: ['clubnotify-source', ...defaultClientConditions] },
  ssr: {
    // @opentelemetry/api 1.9 ships, under the `module` condition, an ESM build Node cannot load
    // (extensionless imports): without `module`, Node takes its CommonJS build.
    resolve: { conditions: ['clubnotify-source', ...defaultServerConditions.filter((c) => c !== 'module')] },
  },
  test: {
    // A time limit is no verdict: it only says how long a hung test takes to report. With both cores
    // kept busy by another process, the PGlite crash run took over 60 s (20 s quiet) and failed on
    // the old 60 s limit; every test here passes quiet in well under a minute.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    // expect.poll waits for an event: its bound only says how long a failure takes to report, and a
    // loaded CI machine runs ten times slower than a quiet one (a 1 s, then 10 s, bound failed there).
    expect: { poll: { timeout: 45_000 } },
    // describe.concurrent (the tarball journeys): each test runs npm, tsc and a fresh server; two at a
    // time on two cores, so one test's server start is not starved past its limit by the other four.
    maxConcurrency: 2,
    pool: 'forks',
    // V8's code-page tracking under memory protection keys (on when the CPU has PKU, as Xeon and EPYC do)
    // can abort a process that opens and closes many PGlites ('Check failed: jit_page.has_value()', seen
    // once in retention.test.ts on Node 24; nodejs/node#64500). Node 20's V8 has no such flag.
    execArgv: Number(process.versions.node.split('.')[0]) >= 22 ? ['--no-memory-protection-keys'] : [],
    // Spec coverage: the integration and package tests record what the reference server answered
    // (recorder.ts; a unit test runs no server), and `npm run spec:coverage` reads the records.
    globalSetup: ['test/spec-coverage/global-setup.ts'],
    // After the run, one line per dependency some tests lacked (test/dependencies.ts): what did not run, how to run it.
    reporters: ['default', './test/dependency-summary.ts'],
    // Most suites wait on sockets, child processes and timers, not the CPU: two files at a time on two cores.
    maxWorkers: 2,
    // Longest files first (whole-file durations recorded by test/scheduling/record-durations.ts): the two workers finish together.
    sequence: { sequencer: SlowestFirst },
    projects: [
      // `npm run test:fast`: no process, no thread, no database; the guard fails a file that breaks the rule.
      {
        extends: true,
        test: {
          name: 'unit',
          include: unitFiles,
          exclude: [...configDefaults.exclude, ...scaleFiles],
          // Shared processes as below: the imports were most of test:fast's time with a process per file.
          isolate: false,
          setupFiles: ['test/unit-guard.ts', hygiene],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: testFiles,
          // Files share their worker processes: the server, the spec and vitest are imported once per
          // worker, not per file (half the CPU of the server suites), and the reset PGlite is kept.
          isolate: false,
          setupFiles: [recorder, hygiene],
          exclude: [...configDefaults.exclude, ...packageFiles, ...unitFiles, ...scaleFiles],
          // The type tests (packages/*/test/*.test-d.ts) are not run here: `npm run typecheck` checks
          // them with the whole repository before, and an assertion of theirs that fails is a type error there.
        },
      },
      // The tarball checks: their global setup packs every package once, only when one of them runs.
      {
        extends: true,
        test: {
          name: 'packages',
          include: packageFiles,
          isolate: false,
          setupFiles: [recorder, hygiene],
          globalSetup: ['test/packages/tarballs.ts'],
        },
      },
    ],
  },
});
