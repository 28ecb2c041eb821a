import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { createReceiver, type DedupeStore } from '@clubnotify/receiver';
import { createHonoMiddleware } from '@clubnotify/receiver/hono';
import { concertAlert as concertAlertCallback } from './handlers/callbacks/concertAlert.js';
import { concertAlert } from './handlers/webhooks/concertAlert.js';
import { stockUpdate } from './handlers/webhooks/stockUpdate.js';

/** The receiver's HTTP server (Hono on @hono/node-server), not listening yet. */
export function createReceiverServer(options: { secret: string; dedupe?: DedupeStore }): Server {
  const receiver = createReceiver({
    secret: options.secret,
    dedupe: options.dedupe,
    handlers: {
      webhooks: { concertAlert, stockUpdate },
      callbacks: { concertAlert: concertAlertCallback },
    },
  });
  const app = new Hono();
  app.use(createHonoMiddleware(receiver));
  // Your other routes go here.
  return createAdaptorServer({ fetch: app.fetch }) as Server;
}
