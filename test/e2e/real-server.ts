import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiKey, createApp, migrate, seed, serverSecret, type AppDeps } from '@clubnotify/server';
import { openMigratedPglite } from '../../packages/server/test/support/migrated-pglite.js';

/** The reference server, listening on 127.0.0.1 over an in-memory PGlite database. */
export interface RealServer {
  url: string;
  adminKey: string;
  subscriberKey: string;
  /** A second subscriber, to reach another key's records (403/404). */
  otherKey: string;
  close(): Promise<void>;
}

/** Starts `createApp` on a free loopback port, migrated and seeded, with one key per role; `deps` override the app's. */
export async function startRealServer(options: { deps?: Partial<AppDeps> } = {}): Promise<RealServer> {
  const db = await openMigratedPglite({ seeded: true });
  await migrate(db);
  await seed(db);
  const adminKey = (await createApiKey(db, { name: 'admin', scope: 'admin' })).key;
  const subscriberKey = (await createApiKey(db, { name: 'alice', scope: 'subscriber' })).key;
  const otherKey = (await createApiKey(db, { name: 'bob', scope: 'subscriber' })).key;
  const docsCacheDir = await mkdtemp(join(tmpdir(), 'cn-e2e-docs-'));
  const app = createApp({
    db,
    cursorKey: await serverSecret(db, 'cursor'),
    urlPolicy: { allow: ['127.0.0.1/32'] },
    // Example hosts (hooks.example.com) resolve to a public documentation address, offline.
    lookup: async () => [{ address: '93.184.215.14', family: 4 }],
    docsCacheDir,
    ...options.deps,
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    adminKey,
    subscriberKey,
    otherKey,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
      await rm(docsCacheDir, { recursive: true, force: true });
    },
  };
}
