import { loadConfig, startServer, type RunningServer } from '@clubnotify/server';
import { dbSnapshot } from './db-snapshot.js';

/** The README's example key: the stateful mock makes it an admin key, so the same calls work in both modes. */
export const DEMO_ADMIN_KEY = 'cn_mockKeyForTheReadme0123456789';
/** Mock users point registrations at receivers on their own machine. */
export const LOOPBACK_TARGETS = '127.0.0.0/8,::1/128';

export interface StatefulMockOptions {
  /** Where clients connect. Default 4010; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /**
   * The server's settings (its README's variables), e.g. `process.env`. `ADMIN_API_KEY`
   * (default {@link DEMO_ADMIN_KEY}), `ALLOW_PRIVATE_TARGETS` (default {@link LOOPBACK_TARGETS})
   * and `LOG_LEVEL` (default `warn`) may be set; the database is always in memory.
   */
  env?: NodeJS.ProcessEnv;
}

export interface StatefulMock {
  url: string;
  adminKey: string;
  allowPrivateTargets: string[];
  /** Milliseconds from the call to a server that answers (database opened, migrated, seeded). */
  readyMs: number;
  /** Set when this start first made the empty database kept in build/ (`readyMs` includes it). */
  snapshotBuiltMs?: number;
  server: RunningServer;
  close(): Promise<void>;
}

function urlHost(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * The reference server itself (`startServer`) on a PGlite database in memory: what is
 * registered is listed, unknown ids are 404, a reused `Idempotency-Key` with another body is
 * 409, and webhooks and callbacks are queued, signed and sent by the server's delivery engine.
 */
export async function startStatefulMock(options: StatefulMockOptions = {}): Promise<StatefulMock> {
  const began = performance.now();
  const env = options.env ?? {};
  const host = options.host ?? '127.0.0.1';
  const config = loadConfig({
    ...env,
    ADMIN_API_KEY: env.ADMIN_API_KEY || DEMO_ADMIN_KEY,
    ALLOW_PRIVATE_TARGETS: env.ALLOW_PRIVATE_TARGETS || LOOPBACK_TARGETS,
    LOG_LEVEL: env.LOG_LEVEL || 'warn',
    DATABASE_URL: '',
    DATA_DIR: 'memory://',
    PORT: String(options.port ?? 4010),
    HOST: host,
  });
  const { snapshot, builtMs } = await dbSnapshot();
  const server = await startServer(config, undefined, { snapshot });
  const port = new URL(server.url).port;
  return {
    url: `http://${urlHost(host)}:${port}`,
    adminKey: config.adminApiKey!,
    allowPrivateTargets: config.allowPrivateTargets,
    readyMs: Math.round(performance.now() - began),
    snapshotBuiltMs: builtMs,
    server,
    close: () => server.close(),
  };
}
