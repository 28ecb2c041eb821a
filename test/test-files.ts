// The suite's test files, as globs from the repository root (vitest.config.ts and vitest.node-versions.config.ts).

/** Every test file. */
export const testFiles = [
  'packages/*/test/**/*.test.ts',
  'test/*.test.ts',
  'test/{contract,e2e,reliability,browser,packages,scheduling}/**/*.test.ts',
];

/**
 * The unit files, `npm run test:fast`: each runs what it tests inside its own process and thread,
 * with no database. No child process, no worker thread (PGlite runs in one), no database server,
 * listeners and connections on loopback only: test/unit-guard.ts fails a unit file that breaks
 * the rule. A test that needs more is an integration test: leave it off this list.
 */
export const unitFiles = [
  'packages/sdk/test/{deprecation,errors,link-header,pagination,readme,retries}.test.ts',
  'packages/spec/test/*.test.ts',
  'packages/receiver/test/!(cli|suite-cli|dedupe|init-signature).test.ts',
  'packages/server/test/console/{chart,health,route}.test.ts',
  'packages/server/test/db/read-budget.test.ts',
  'packages/server/test/delivery/{tracing,queue/durations}.test.ts',
  'packages/server/test/delivery/claim/claim-loop.test.ts',
  'packages/server/test/delivery/record/{operational-events,waiting-keys}.test.ts',
  'packages/server/test/delivery/send/{attempt-deadlines,decide,fair-slots,held,schedule,send,send-timer,sign}.test.ts',
  'packages/server/test/net/*.test.ts',
  'packages/server/test/telemetry/config.test.ts',
  'test/contract/{brief,catalogue,decisions,examples,pagination-table,registration-links,split-source}.test.ts',
  'test/contract/payload-versions/{converter-files,converters,readme-example}.test.ts',
  'test/contract/spec-diff/{payload-versions,rules}.test.ts',
  'test/scheduling/*.test.ts',
  'test/unit-guard.test.ts',
  'test/{docs,bench-results}.test.ts',
];

/**
 * What measures capacity, `npm run test:scale` (vitest.scale.config.ts; CI runs it after `npm test`):
 * soaks, p99 under load, large tables. The gate's copies of these behaviours run at the smallest size
 * that still fails when the behaviour breaks; every other project excludes these files, and they have
 * no entry in test/scheduling/durations.json (the gate's scheduler never sees them).
 */
export const scaleFiles = ['**/*.scale.test.ts'];

/** What tries the packages from `npm pack` tarballs: a project of their own, whose global setup packs once per run. */
export const packageFiles = ['test/packages/{package-checks,journeys,payload-versions}.test.ts'];

/**
 * What can differ between Node.js versions (`npm run test:node`): the tests of the published
 * packages but the server, and the tarballs' journeys, bins, messages and `npm start`. The rest
 * (the server's suites, the package checks, the README checks) runs once, on the Node.js of `npm test`.
 */
export const nodeVersionFiles = [
  'packages/{sdk,receiver,spec}/test/**/*.test.ts',
  'test/packages/{journeys,bin-shims,edge-receiver,npm-start,messages}.test.ts',
];
