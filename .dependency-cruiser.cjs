/* global module */
// The server's layers, bottom up: db/ net/ telemetry/ (and the leaf modules beside them) < delivery/
// (the engine and its SQL) < domain/ publish/ < http/ < routes/ < app.ts server.ts services.ts.
// An import may only point down (or sideways inside a layer), never in a cycle.
const src = '^packages/server/src/';
const above = (...dirs) => `${src}(${dirs.join('|')})`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other in a cycle.',
      from: { path: src },
      to: { circular: true },
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
      name: 'domain-and-publish-below-routes',
      severity: 'error',
      comment: 'Domain rules and publishers are used by routes, never the reverse.',
      from: { path: above('domain/', 'publish/') },
      to: { path: above('routes/', 'metrics/', 'cli', 'app\\.ts', 'server\\.ts', 'services\\.ts') },
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
