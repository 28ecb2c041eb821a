import { createServer, type Server } from 'node:http';
import { createNodeHandler, createReceiver, type DedupeStore } from '@clubnotify/receiver';
import { concertAlert as concertAlertCallback } from './handlers/callbacks/concertAlert.js';
import { concertAlert } from './handlers/webhooks/concertAlert.js';
import { stockUpdate } from './handlers/webhooks/stockUpdate.js';

/** The receiver's HTTP server, not listening yet. */
export function createReceiverServer(options: { secret: string; dedupe?: DedupeStore }): Server {
  const receiver = createReceiver({
    secret: options.secret,
    dedupe: options.dedupe,
    handlers: {
      webhooks: { concertAlert, stockUpdate },
      callbacks: { concertAlert: concertAlertCallback },
    },
  });
  return createServer(createNodeHandler(receiver));
}
