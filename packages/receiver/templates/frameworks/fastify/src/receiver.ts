import { createServer, type Server } from 'node:http';
import Fastify from 'fastify';
import { createReceiver, type DedupeStore } from '@clubnotify/receiver';
import { createFastifyPlugin } from '@clubnotify/receiver/fastify';
import { concertAlert as concertAlertCallback } from './handlers/callbacks/concertAlert.js';
import { concertAlert } from './handlers/webhooks/concertAlert.js';
import { stockUpdate } from './handlers/webhooks/stockUpdate.js';

/** The receiver's HTTP server (Fastify), not listening yet. */
export function createReceiverServer(options: { secret: string; dedupe?: DedupeStore }): Server {
  const receiver = createReceiver({
    secret: options.secret,
    dedupe: options.dedupe,
    handlers: {
      webhooks: { concertAlert, stockUpdate },
      callbacks: { concertAlert: concertAlertCallback },
    },
  });
  const app = Fastify();
  // Encapsulated: the plugin reads its routes' bodies raw; your other routes keep Fastify's JSON parser.
  void app.register(createFastifyPlugin(receiver));
  // Your other routes go here.
  const ready = new Promise<void>((resolve, reject) => void app.ready((error) => (error ? reject(error) : resolve())));
  // A plain Node server handing requests to Fastify's router once it is ready, so that the
  // caller listens on it as on any Node server.
  const server = createServer((req, res) => void ready.then(() => app.routing(req, res), () => res.writeHead(503).end()));
  ready.catch((error: unknown) => server.emit('error', error));
  return server;
}
