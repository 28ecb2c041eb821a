import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createScratchPostgres } from './scratch-postgres.js';
import { createApp, type AppDeps } from '../../src/app.js';
import type { MigratableDatabase } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { openDatabase } from '../../src/db/open.js';
import { seed } from '../../src/db/seed.js';
import { createApiKey } from '../../src/domain/api-keys.js';
import { serverSecret } from '../../src/domain/server-secret.js';
import { openMigratedPglite } from './migrated-pglite.js';
import { postgres as postgresServer, present } from '../../../../test/dependencies.js';

/** A database the server suite runs against: PGlite always, PostgreSQL again when DATABASE_URL is set. */
export interface DbFactory {
  name: 'pglite' | 'postgres';
  /** A new database: empty, or with `migrated` already migrated (PGlite: from a dump; PostgreSQL: from a template). */
  open(options?: { migrated?: boolean }): Promise<{ db: MigratableDatabase; drop(): Promise<void> }>;
}

const pglite: DbFactory = {
  name: 'pglite',
  async open({ migrated = false } = {}) {
    const db = migrated ? await openMigratedPglite() : await openDatabase({ dataDir: 'memory://' });
    return { db, drop: () => db.close() };
  },
};

const postgres: DbFactory = {
  name: 'postgres',
  async open({ migrated = false } = {}) {
    const scratch = await createScratchPostgres('cn_server', { migrated });
    const db = await openDatabase({ url: scratch.url });
    return {
      db,
      async drop() {
        await db.close();
        await scratch.drop();
      },
    };
  },
};

/** The factories a test file runs on; notes PostgreSQL on the file when it is absent (the file runs on PGlite only). */
export const dbFactories = (): DbFactory[] => (present(postgresServer) ? [pglite, postgres] : [pglite]);

export interface TestServer {
  url: string;
  db: MigratableDatabase;
  adminKey: string;
  /** Two subscriber keys, to check that subscribers only see their own records. */
  aliceKey: string;
  bobKey: string;
  call(
    method: string,
    path: string,
    options?: { key?: string | null; body?: unknown; headers?: Record<string, string>; signal?: AbortSignal },
  ): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the app on 127.0.0.1:0 over a fresh, migrated database (seeded unless `seedData: false`). */
export async function startTestServer(
  factory: DbFactory,
  /** `deps` may be made from the database (instruments that read it, such as `createMetrics`). */
  options: {
    seedData?: boolean;
    deps?: Partial<AppDeps> | ((db: MigratableDatabase) => Partial<AppDeps>);
    /** A database of the factory's kind to serve instead of a new one (migrated here, dropped on close). */
    database?: { db: MigratableDatabase; drop(): Promise<void> };
  } = {},
): Promise<TestServer> {
  const { db, drop } = options.database ?? (await factory.open({ migrated: true }));
  await migrate(db);
  if (options.seedData !== false) await seed(db);
  const adminKey = (await createApiKey(db, { name: 'admin', scope: 'admin' })).key;
  const aliceKey = (await createApiKey(db, { name: 'alice', scope: 'subscriber' })).key;
  const bobKey = (await createApiKey(db, { name: 'bob', scope: 'subscriber' })).key;
  const app = createApp({
    db,
    cursorKey: await serverSecret(db, 'cursor'),
    urlPolicy: { allow: ['127.0.0.1/32'] },
    // Example hosts (hooks.example.com) resolve to a public documentation address, offline.
    lookup: async () => [{ address: '93.184.215.14', family: 4 }],
    ...(typeof options.deps === 'function' ? options.deps(db) : options.deps),
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    db,
    adminKey,
    aliceKey,
    bobKey,
    call(method, path, { key = aliceKey, body, headers = {}, signal } = {}) {
      const all: Record<string, string> = { ...headers };
      if (key !== null) all.authorization = `Bearer ${key}`;
      let payload: string | undefined;
      if (body !== undefined) {
        payload = typeof body === 'string' ? body : JSON.stringify(body);
        all['content-type'] ??= 'application/json';
      }
      return fetch(url + path, { method, headers: all, body: payload, signal });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await drop();
    },
  };
}

/** Reads a problem+json answer and checks its media type. */
export async function problem(
  res: Response,
): Promise<{ status: number; type: string; errors?: Array<{ pointer: string; detail: string }>; detail: string; requestId: string }> {
  if (!res.headers.get('content-type')?.startsWith('application/problem+json')) {
    throw new Error(`expected problem+json, got ${res.headers.get('content-type')} (${res.status}): ${await res.text()}`);
  }
  return (await res.json()) as never;
}

/** The JSON pointers of a problem's errors. */
export async function pointers(res: Response): Promise<string[]> {
  return ((await problem(res)).errors ?? []).map((e) => e.pointer);
}
