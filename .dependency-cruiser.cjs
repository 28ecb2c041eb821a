/* global module */
// Every package: no cycle, and packages meet one way (spec < sdk, receiver < server; nothing imports the server, the
// server never the sdk), through their exports. Then the server's layers, bottom up: db/ net/ telemetry/ (and the leaf modules beside them) < delivery/
// (the engine and its SQL) < domain/ < publish/ < http/ services.ts (http/problem.ts below domain/ publish/) < routes/ metrics/ <
// app.ts server.ts cli/. packages/server/ENGINE.md's layer and stage tables are checked against these rules (test/docs.test.ts).
// An import may only point down (or sideways inside a layer), never in a cycle.
const src = '^packages/server/src/';
const above = (...dirs) => `${src}(${dirs.join('|')})`;
// delivery/ is filed by the walk of a delivery: queue/ < send/ < claim/ < record/ < pull/, upkeep/ beside them, with
// the worker (worker.ts, worker-options.ts, wake-ups.ts, index.ts) above them all and the shared names (types.ts,
// tracing.ts) below them all.
const delivery = `${src}delivery/`;
const stage = (...dirs) => `${delivery}(${dirs.join('|')})/`;
const worker = `${delivery}(worker|worker-options|wake-ups|index)\\.ts$`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other in a cycle.',
      from: { path: '^packages/[^/]+/src/' },
      to: { circular: true },
    },
    {
      name: 'spec-imports-no-package',
      severity: 'error',
      comment: '@clubnotify/spec is what the others are made from: it imports none of them.',
      from: { path: '^packages/spec/src/' },
      to: { path: ['^packages/(sdk|receiver|server)/', '^@clubnotify/(sdk|receiver|server)$'] },
    },
    {
      name: 'sdk-and-receiver-import-only-the-spec',
      severity: 'error',
      comment: 'The client and the receiver kit stand beside each other on the spec, and never import the server.',
      from: { path: '^packages/(sdk|receiver)/src/' },
      to: { path: ['^packages/(sdk|receiver|server)/', '^@clubnotify/(sdk|receiver|server)$'], pathNot: '^packages/$1/' },
    },
    {
      name: 'packages-meet-through-their-exports',
      severity: 'error',
      comment: 'A package reaches another through its name and exports (its built entry), never into its src/.',
      from: { path: '^packages/([^/]+)/src/' },
      to: { path: '^packages/[^/]+/src/', pathNot: '^packages/$1/src/' },
    },
    {
      name: 'db-net-stay-at-the-bottom',
      severity: 'error',
      comment: 'db/ and net/ are the ground floor: they import no other layer of the server.',
      from: { path: above('db/', 'net/') },
      to: {
        path: above('delivery/', 'domain/', 'publish/', 'http/', 'routes/', 'metrics/', 'cli', 'app\\.ts', 'server\\.ts', 'services\\.ts'),
      },
    },
    {
      name: 'telemetry-is-ground',
      severity: 'error',
      comment: 'telemetry/ (tracer, trace context, the SDK switch) is used by every layer and imports none of them.',
      from: { path: `${src}telemetry/` },
      to: {
        path: above(
          'db/',
          'net/',
          'delivery/',
          'domain/',
          'publish/',
          'http/',
          'routes/',
          'metrics/',
          'cli',
          'app\\.ts',
          'server\\.ts',
          'services\\.ts',
        ),
      },
    },
    {
      name: 'delivery-is-below-its-users',
      severity: 'error',
      comment: 'The delivery engine imports db/ and net/ only: publishers, domain rules, HTTP and routes build on it.',
      from: { path: `${src}delivery/` },
      to: { path: above('domain/', 'publish/', 'http/', 'routes/', 'metrics/', 'cli', 'app\\.ts', 'server\\.ts', 'services\\.ts') },
    },
    {
      name: 'queue-imports-no-stage',
      severity: 'error',
      comment: 'queue/ is the first stage: it writes the queue for everyone and imports no other stage, nor the worker.',
      from: { path: stage('queue') },
      to: { path: [stage('claim', 'send', 'record', 'upkeep', 'pull'), worker] },
    },
    {
      name: 'send-imports-neither-claim-nor-record',
      severity: 'error',
      comment: 'send/ (slots, the attempt, its decision) knows nothing of how deliveries were claimed or are recorded.',
      from: { path: stage('send') },
      to: { path: [stage('claim', 'record', 'upkeep', 'pull'), worker] },
    },
    {
      name: 'claim-is-below-record',
      severity: 'error',
      comment: 'claim/ takes work from the queue into send/; it never reaches into recording or the pull feed.',
      from: { path: stage('claim') },
      to: { path: [stage('record', 'upkeep', 'pull'), worker] },
    },
    {
      name: 'record-is-below-pull',
      severity: 'error',
      comment: 'record/ writes outcomes for the push worker and the pull feed alike, and imports neither.',
      from: { path: stage('record') },
      to: { path: [stage('claim', 'upkeep', 'pull'), worker] },
    },
    {
      name: 'upkeep-imports-no-stage',
      severity: 'error',
      comment: 'upkeep/ (retention, vacuum, erasure) keeps the tables for the worker and the app; it imports no stage.',
      from: { path: stage('upkeep') },
      to: { path: [stage('queue', 'claim', 'send', 'record', 'pull'), worker] },
    },
    {
      name: 'pull-is-beside-the-push-worker',
      severity: 'error',
      comment: 'pull/ (the owner-led feed) uses the queue, the attempt decision and recording, never the push claim.',
      from: { path: stage('pull') },
      to: { path: [stage('claim', 'upkeep'), worker] },
    },
    {
      name: 'shared-delivery-names-import-no-stage',
      severity: 'error',
      comment: 'types.ts, tracing.ts and payload-versions.ts are what several stages share: they import none of them.',
      from: { path: `${delivery}(types|tracing|payload-versions)\\.ts$` },
      to: { path: [stage('queue', 'claim', 'send', 'record', 'upkeep', 'pull'), worker] },
    },
    {
      name: 'domain-below-publish',
      severity: 'error',
      comment: 'Publishers (the outbox, stock changes) build on the domain rules and payload shapes; a rule never imports a publisher.',
      from: { path: `${src}domain/` },
      to: { path: `${src}publish/` },
    },
    {
      name: 'domain-and-publish-below-routes',
      severity: 'error',
      comment: 'Domain rules and publishers are used by routes, never the reverse.',
      from: { path: above('domain/', 'publish/') },
      to: { path: above('routes/', 'metrics/', 'cli', 'app\\.ts', 'server\\.ts', 'services\\.ts') },
    },
    {
      name: 'domain-and-publish-below-http',
      severity: 'error',
      comment: 'Domain rules and publishers know nothing of HTTP but the problem type they may raise (http/problem.ts).',
      from: { path: above('domain/', 'publish/') },
      to: { path: `${src}http/`, pathNot: `${src}http/problem\\.ts$` },
    },
    {
      name: 'http-below-routes-and-app',
      severity: 'error',
      comment:
        'http/ (context, auth, the pipeline) and services.ts (what routes are given) are used by routes and the app, never the reverse.',
      from: { path: [`${src}http/`, `${src}services\\.ts$`] },
      to: { path: above('routes/', 'metrics/', 'cli', 'app\\.ts', 'server\\.ts') },
    },
    {
      name: 'routes-below-the-app',
      severity: 'error',
      comment: 'Route handlers (routes/, metrics/) are wired by the app: they import none of its files.',
      from: { path: above('routes/', 'metrics/') },
      to: { path: above('cli', 'app\\.ts', 'server\\.ts') },
    },
    {
      name: 'routes-only-from-the-app',
      severity: 'error',
      comment: 'Route handlers are mounted by app.ts (and exported by index.ts); nothing else imports them.',
      from: { path: src, pathNot: above('routes/', 'app\\.ts', 'index\\.ts') },
      to: { path: `${src}routes/` },
    },
    {
      name: 'server-never-imports-the-sdk',
      severity: 'error',
      from: { path: src },
      to: { path: ['^packages/sdk/', '@clubnotify/sdk'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'src/generated/', '^packages/server/console/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
  },
};
