import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Dependency } from '../dependencies.js';
import { startLoopbackServer } from '../loopback-server.js';

/** The console as the server serves it: built by `npm run build` (`npm test` builds before the tests). */
export const builtConsole: Dependency = {
  name: 'the built web console',
  partly: 'ran in part',
  fix: 'npm run build to run them',
  available: () => existsSync(join(import.meta.dirname, '../../packages/server/dist/console/index.html')),
};

/** The reference server with real deliveries to a loopback receiver that records what it gets. */
export interface ConsoleSite {
  url: string;
  adminKey: string;
  receiverUrl: string;
  received: Array<{ path: string; headers: IncomingMessage['headers']; body: string }>;
  close(): Promise<void>;
}

export async function startConsoleSite(): Promise<ConsoleSite> {
  const received: ConsoleSite['received'] = [];
  const receiver: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`ok from the loopback receiver #${received.length}`);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const adminKey = `cn_${randomBytes(32).toString('base64url')}`;
  const { server, close } = await startLoopbackServer(adminKey, 'cn-console-');
  return {
    url: server.url.replace('localhost', '127.0.0.1'),
    adminKey,
    receiverUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    received,
    async close() {
      await close();
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
}
