import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registration, StockChange } from './message.js';

export interface PeerQueue {
  /** Replaces the registrations and the worker's in-flight limit (one per bench form). */
  setup(registrations: Registration[], inflight: number): Promise<void>;
  /** Enqueues one job per registration durably; resolves with the body to answer. */
  publish(change: StockChange): Promise<string>;
  close(): Promise<void>;
}

const readJson = async (req: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
};

/**
 * A peer as a service: `POST /stockChanges` (no auth, no schema validation) answers once its
 * jobs are enqueued; `POST /setup` configures a form. Prints `listening <port>` for the bench.
 */
export async function serve(queue: PeerQueue): Promise<void> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      try {
        const body = await readJson(req);
        if (req.url === '/stockChanges') {
          const answer = await queue.publish(body as StockChange);
          res.writeHead(200, { 'content-type': 'application/json' }).end(answer);
        } else if (req.url === '/setup') {
          const { registrations, inflight } = body as { registrations: Registration[]; inflight: number };
          await queue.setup(registrations, inflight);
          res.writeHead(204).end();
        } else res.writeHead(404).end();
      } catch (error) {
        res.writeHead(500).end(String(error));
      }
    })();
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(`listening ${(server.address() as AddressInfo).port}`);
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close();
    void queue.close().then(() => process.exit(0));
  });
}
