import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import type { Config } from './config.js';
import type { MigratableDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import { seed } from './db/seed.js';
import { lockDataDir } from './data-dir-lock.js';
import { ensureAdminKey, hasAdminKey } from './domain/api-keys.js';
import { serverSecret } from './domain/server-secret.js';
import { createGuardedServer, shedLogger } from './http/connection-guard.js';
import { createLogger } from './http/logger.js';
import { createMetrics } from './metrics/metrics.js';
import { createDeliveryWorker, type DeliveryWorker } from './delivery/worker.js';

/** A started server: its URL, its database, and how to stop it. */
export interface RunningServer {
  url: string;
  server: Server;
  db: MigratableDatabase;
  logger: Logger;
  /** Whether an admin key exists (if not, start-up prints how to make one). */
  hasAdminKey: boolean;
  /** This process's delivery worker (every process runs one; they share the queue). */
  worker: DeliveryWorker;
  close(): Promise<void>;
}

/** Opens the database, migrates, seeds, ensures ADMIN_API_KEY, and listens. */
export async function startServer(config: Config, logger: Logger = createLogger(config.logLevel)): Promise<RunningServer> {
  const release = config.databaseUrl ? async () => {} : await lockDataDir(config.dataDir);
  let db: MigratableDatabase | undefined;
  try {
    db = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
    const applied = await migrate(db);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
    await seed(db);
    if (config.adminApiKey && (await ensureAdminKey(db, config.adminApiKey))) logger.info('admin key from ADMIN_API_KEY created');
    const metrics = createMetrics(db, { processMetrics: true });
    const worker = createDeliveryWorker({
      onOutcome: metrics.onOutcome,
      db,
      policy: { allow: config.allowPrivateTargets },
      schedule: config.deliverySchedule,
      timeoutMs: config.deliveryTimeoutMs,
      leaseMs: config.deliveryLeaseMs,
      listenUrl: config.databaseUrl,
      onError: (error) => logger.error({ err: error }, 'delivery worker'),
    });
    const app = createApp({
      wakeDeliveries: worker.wake,
      deliveryHandoff: worker,
      metrics,
      metricsToken: config.metricsToken,
      db,
      cursorKey: await serverSecret(db, 'cursor'),
      urlPolicy: { allow: config.allowPrivateTargets },
      logger,
      rateLimitPerMinute: config.rateLimitPerMinute,
      limits: { registrationsPerKey: config.registrationsPerKey, subscriptionsPerKey: config.subscriptionsPerKey },
      responseValidation: config.responseValidation,
      outgoingValidation: config.outgoingValidation,
      docsCacheDir: join(config.dataDir, 'docs-cache'),
      trustProxy: config.trustProxy,
      publicBaseUrl: config.publicBaseUrl,
    });
    const server = createGuardedServer(app, config.connections, shedLogger(logger));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host ?? '::', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    worker.start();
    const opened = db;
    return {
      url: `http://localhost:${port}`,
      server,
      db: opened,
      logger,
      hasAdminKey: await hasAdminKey(opened),
      worker,
      async close() {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 5_000).unref();
        });
        await worker.stop();
        await opened.close();
        await release();
      },
    };
  } catch (error) {
    await db?.close().catch(() => {});
    await release();
    throw error;
  }
}
