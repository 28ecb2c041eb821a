import { existsSync } from 'node:fs';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { createApp } from './app.js';
import { MEMORY_DATA_DIR, type Config } from './config.js';
import type { MigratableDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import { isDatabaseUnavailable } from './db/unavailable.js';
import { openDatabase } from './db/open.js';
import { ReadBudget } from './db/read-budget.js';
import { seed } from './db/seed.js';
import { lockDataDir } from './data-dir-lock.js';
import { ensureAdminKey, hasAdminKey } from './domain/api-keys.js';
import { serverSecret } from './domain/server-secret.js';
import { adoptAndAnnounce } from './domain/rotate-signing-key.js';
import type { SigningKey } from './delivery/send/signing-keys.js';
import { Outbox } from './publish/outbox.js';
import { createGuardedServer, shedLogger } from './http/connection-guard.js';
import { createLogger } from './http/logger.js';
import { conversionFailures } from './metrics/conversion-failures.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import { createOutgoingGuard } from './publish/outgoing-check.js';
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
  /** The Prometheus instruments behind `GET /metrics` (also exported over OTLP when configured). */
  metrics: Metrics;
  close(): Promise<void>;
}

/** Until the app is ready (migrations can take seconds), requests get a 503 that says so. */
const starting: RequestListener = (_req, res) => {
  res.writeHead(503, { 'content-type': 'application/problem+json', 'retry-after': '1', connection: 'close' });
  res.end(
    `${JSON.stringify({
      type: 'https://clubnotify.dev/problems/unavailable',
      title: 'Service unavailable',
      status: 503,
      detail: 'The server is starting (opening and migrating its database); try again in a second.',
    })}\n`,
  );
};

/** Linux caps it at net.core.somaxconn (4096 on current kernels). */
const ACCEPT_BACKLOG = 4096;

/**
 * Makes this process's signing key current (the operator's, or the server's own once the
 * operator's is no longer given) before anything signs, and says so when that rotated the key.
 */
async function adoptKey(db: MigratableDatabase, key: SigningKey | undefined, logger: Logger): Promise<void> {
  // No worker yet: the outbox wakes every process's workers for `signingKeyRotated`.
  const outbox = new Outbox({ db });
  const rotation = await adoptAndAnnounce(db, outbox, key);
  await outbox.settled();
  if (rotation)
    logger.info(
      { kid: rotation.kid, previousKid: rotation.previousKid, previousDropsAt: rotation.previousDropsAt },
      key
        ? 'signing key: the operator key from SIGNING_KEY(_FILE) replaced the previous one'
        : "signing key: the server's own replaced the operator key",
    );
}

function listen(server: Server, config: Config): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A deep accept queue: under a connection flood the kernel keeps what the guard has not
    // accepted yet instead of dropping the handshake (which leaves clients with ghost sockets).
    server.listen({ port: config.port, host: config.host ?? '::', backlog: ACCEPT_BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Takes the port first (so a port in use fails at once, not after the migrations), then opens
 * the database, migrates, seeds, ensures ADMIN_API_KEY, and serves the app. With DATA_DIR=memory://,
 * `storage.snapshot` (a PGlite `dump()`) is the database to start from.
 */
export async function startServer(
  config: Config,
  logger: Logger = createLogger(config.logLevel),
  storage: { snapshot?: Uint8Array } = {},
): Promise<RunningServer> {
  // DATA_DIR=memory:// is a throw-away database of this process alone: nothing to lock or keep.
  const inMemory = !config.databaseUrl && config.dataDir === MEMORY_DATA_DIR;
  const release = config.databaseUrl || inMemory ? async () => {} : await lockDataDir(config.dataDir);
  let handler = starting;
  const server = createGuardedServer((req, res) => handler(req, res), config.connections, shedLogger(logger));
  let db: MigratableDatabase | undefined;
  try {
    await listen(server, config);
    const dataDir = inMemory ? MEMORY_DATA_DIR : join(config.dataDir, 'pglite');
    // The first start runs initdb and every migration: seconds, and nothing else to show meanwhile.
    if (!config.databaseUrl && !inMemory && !existsSync(dataDir)) logger.info({ dataDir }, 'creating the embedded database (first start)');
    db = await openDatabase({
      url: config.databaseUrl,
      dataDir,
      snapshot: storage.snapshot,
      readPoolSize: config.reads.concurrency,
    });
    const applied = await migrate(db);
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
    await seed(db);
    if (config.adminApiKey && (await ensureAdminKey(db, config.adminApiKey))) logger.info('admin key from ADMIN_API_KEY created');
    await adoptKey(db, config.signingKey, logger);
    const metrics = createMetrics(db, { processMetrics: true, reads: db.reads, embeddedMemory: db.memory?.bind(db) });
    const unconverted = conversionFailures(metrics, logger);
    const worker = createDeliveryWorker({
      onOutcome: (outcome) => {
        metrics.onOutcome(outcome);
        unconverted(outcome);
      },
      checkPayload: createOutgoingGuard(config.outgoingValidation, logger, metrics.countOutgoingViolation),
      db,
      policy: { allow: config.allowPrivateTargets },
      schedule: config.deliverySchedule,
      timeoutMs: config.deliveryTimeoutMs,
      leaseMs: config.deliveryLeaseMs,
      retentionMs: config.deliveryRetentionMs,
      listenUrl: config.databaseUrl,
      signingKey: config.signingKey,
      onError: (error) =>
        isDatabaseUnavailable(error)
          ? logger.warn({ reason: (error as Error).message }, 'delivery worker: database unavailable')
          : logger.error({ err: error }, 'delivery worker'),
    });
    const closing = new AbortController();
    const app = createApp({
      // The pull feed decides with the push engine's schedule (pull-feed.ts); closing ends its long polls.
      pull: { schedule: config.deliverySchedule, closing: closing.signal },
      deliveryHandoff: worker,
      metrics,
      metricsToken: config.metricsToken,
      db,
      cursorKey: await serverSecret(db, 'cursor'),
      signingKey: config.signingKey,
      urlPolicy: { allow: config.allowPrivateTargets },
      logger,
      rateLimitPerMinute: config.rateLimitPerMinute,
      limits: { registrationsPerKey: config.registrationsPerKey, subscriptionsPerKey: config.subscriptionsPerKey },
      responseValidation: config.responseValidation,
      outgoingValidation: config.outgoingValidation,
      docsCacheDir: inMemory ? undefined : join(config.dataDir, 'docs-cache'),
      trustProxy: config.trustProxy,
      publicBaseUrl: config.publicBaseUrl,
      readBudget: new ReadBudget(config.reads),
      deliveryRetentionMs: config.deliveryRetentionMs,
    });
    handler = app;
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
      metrics,
      async close() {
        closing.abort();
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
    if (server.listening) await new Promise((resolve) => server.close(resolve));
    await db?.close().catch(() => {});
    await release();
    throw error;
  }
}
