import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, startServer, type RunningServer } from '@clubnotify/server';

/** The reference server on a fresh data folder; `close` also removes the folder. */
export interface LoopbackServer {
  server: RunningServer;
  close(): Promise<void>;
}

/** Starts the reference server as `npm start` would, allowed to deliver to 127.0.0.1 and retrying after 0, 200 and 400 ms. */
export async function startLoopbackServer(adminKey: string, folderPrefix: string): Promise<LoopbackServer> {
  const dataDir = await mkdtemp(join(tmpdir(), folderPrefix));
  const server = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_API_KEY: adminKey,
      ALLOW_PRIVATE_TARGETS: '127.0.0.1/32',
      DELIVERY_SCHEDULE_MS: '0,200,400',
      LOG_LEVEL: 'silent',
    }),
  );
  return {
    server,
    async close() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
