import { ConfigError, loadConfig } from './config.js';
import { startServer } from './server.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const running = await startServer(config).catch((error: Error) => {
  console.error(`clubnotify server did not start: ${error.message}`);
  process.exit(1);
});

const storage = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
console.log(`clubnotify server listening on ${running.url} (${storage})`);
console.log(`  docs ${running.url}/docs, spec ${running.url}/openapi.json`);
if (!running.hasAdminKey) {
  console.log('  no admin key yet: restart with ADMIN_API_KEY=cn_<43 base64url chars>, or stop the server and run');
  console.log('  npx clubnotify-server create-key --scope admin --name ops');
}

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    running.logger.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      (error: Error) => {
        console.error(`shutdown failed: ${error.message}`);
        process.exit(1);
      },
    );
  });
}
