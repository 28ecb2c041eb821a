import { ADMIN_KEY_EXAMPLE, ConfigError, loadConfig, MEMORY_DATA_DIR } from './config.js';
import { startServer, type RunningServer } from './server.js';
import { startFailure } from './start-failure.js';
import { startTelemetry, type Telemetry } from './telemetry/sdk.js';

/** The banner's lines when no admin key exists yet: the same key rule and example as the configuration error. */
export const NO_ADMIN_KEY = [
  `  no admin key yet: restart with ADMIN_API_KEY=${ADMIN_KEY_EXAMPLE} (cn_ and at least 20 base64url characters),`,
  '  or stop the server and run npx clubnotify-server create-key --scope admin --name ops',
];

function printBanner(running: RunningServer, storage: string): void {
  console.log(`clubnotify server listening on ${running.url} (${storage})`);
  console.log(`  docs ${running.url}/docs, spec ${running.url}/openapi.json`);
  console.log(`  console ${running.url}/console, metrics ${running.url}/metrics (an admin key or METRICS_TOKEN)`);
  if (!running.hasAdminKey) for (const line of NO_ADMIN_KEY) console.log(line);
}

function exitOnSignals(running: RunningServer, telemetry: Telemetry | undefined): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      running.logger.info({ signal }, 'shutting down');
      running
        .close()
        .then(() => telemetry?.shutdown())
        .then(
          () => process.exit(0),
          (error: Error) => {
            console.error(`shutdown failed: ${error.message}`);
            process.exit(1);
          },
        );
    });
  }
}

/**
 * Runs the server the way `npm start` and `clubnotify-server start` do: configuration from
 * `env`, a banner, and a clean shutdown (then process exit) on SIGTERM or SIGINT.
 * Resolves 0 once listening, or 1 after printing one line when it could not start.
 */
export async function start(env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  let running: RunningServer | undefined;
  // OTEL_* variables switch the SDK on (traces, and the Prometheus instruments over OTLP); without them nothing is loaded.
  const telemetry = await startTelemetry(env, {
    metrics: { snapshot: async () => (running ? running.metrics.snapshot() : []) },
  });
  try {
    running = await startServer(config);
  } catch (error) {
    console.error(`clubnotify server did not start: ${startFailure(error, config)}`);
    await telemetry?.shutdown();
    return 1;
  }
  const embedded =
    config.dataDir === MEMORY_DATA_DIR ? 'embedded PGlite in memory: nothing is kept' : `embedded PGlite in ${config.dataDir}`;
  printBanner(running, config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : embedded);
  if (telemetry) console.log('  OpenTelemetry on (OTEL_* variables): traces and metrics exported over OTLP');
  exitOnSignals(running, telemetry);
  return 0;
}
