import { createServer, type Server } from 'node:http';
import express from 'express';
import { createExpressMiddleware, createReceiver, type DedupeStore } from '@clubnotify/receiver';
import { concertAlert as concertAlertCallback } from './handlers/callbacks/concertAlert.js';
import { concertAlert } from './handlers/webhooks/concertAlert.js';
import { stockUpdate } from './handlers/webhooks/stockUpdate.js';

/** The receiver's HTTP server (Express), not listening yet. */
export function createReceiverServer(options: { secret: string; dedupe?: DedupeStore }): Server {
  const receiver = createReceiver({
    secret: options.secret,
    dedupe: options.dedupe,
    handlers: {
      webhooks: { concertAlert, stockUpdate },
      callbacks: { concertAlert: concertAlertCallback },
    },
  });
  const app = express();
  // Before any body parser: the signature is checked over the raw body.
  app.use(createExpressMiddleware(receiver));
  // Your other routes (and express.json()) go here.
  return createServer(app);
}
