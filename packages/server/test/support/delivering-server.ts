import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { expect } from 'vitest';
import { createDeliveryWorker, type DeliveryWorker } from '../../src/delivery/worker.js';
import { serverSecret } from '../../src/domain/server-secret.js';
import { createCursorCodec } from '../../src/pagination/cursor.js';
import { Outbox } from '../../src/publish/outbox.js';
import { deliveryRoutes } from '../../src/routes/deliveries.js';
import { startReceiver, type Receiver } from './receiver.js';
import { startTestServer, type DbFactory, type TestServer } from './server-support.js';

/** A test server with its delivery routes, a running worker on its database, and a loopback receiver. */
export interface DeliveringServer {
  s: TestServer;
  worker: DeliveryWorker;
  receiver: Receiver;
  /** Registers the receiver, at `path` instead of /hook, for concertAlert with `key`; the registration's id. */
  registerAlert(key: string, path?: string): Promise<string>;
  /** Schedules a concert as the admin and waits until the worker has sent what that queued. */
  scheduleConcert(title: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a test server whose delivery routes and worker share its database, and a receiver that
 * answers with `answer`. The worker retries after 0 and 20 ms; `wakeOnPublish` also wakes it on the
 * server's own publishing.
 */
export async function startDeliveringServer(
  factory: DbFactory,
  answer: (req: IncomingMessage, res: ServerResponse) => void,
  options: { seedData?: boolean; wakeOnPublish?: boolean } = {},
): Promise<DeliveringServer> {
  // The routes and the worker need the server's database, which startTestServer opens: they join late.
  const late: { routes?: RequestHandler; worker?: DeliveryWorker } = {};
  const s = await startTestServer(factory, {
    seedData: options.seedData,
    deps: {
      deliveryRoutes: (req, res, next) => late.routes!(req, res, next),
      ...(options.wakeOnPublish
        ? { deliveryHandoff: { offer: (fresh) => late.worker?.offer(fresh), wake: () => late.worker?.wake() } }
        : {}),
    },
  });
  const worker = createDeliveryWorker({ db: s.db, policy: { allow: ['127.0.0.1/32'] }, schedule: [0, 20], pollMs: 20, timeoutMs: 2_000 });
  late.worker = worker;
  late.routes = deliveryRoutes({
    db: s.db,
    cursors: createCursorCodec(await serverSecret(s.db, 'cursor')),
    outbox: new Outbox({ db: s.db, handoff: worker }),
  });
  const receiver = await startReceiver(answer);
  worker.start();
  return {
    s,
    worker,
    receiver,
    async registerAlert(key, path = '/hook') {
      const res = await s.call('POST', '/registerForAlert', { key, body: { url: receiver.url.replace('/hook', path) } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { id: string }).id;
    },
    async scheduleConcert(title) {
      const res = await s.call('POST', '/concerts', {
        key: s.adminKey,
        headers: { 'idempotency-key': randomUUID() },
        body: { title, startsAt: '2026-12-01T21:00:00Z', venue: 'Blue Room', priceCents: 1200 },
      });
      expect(res.status).toBe(201);
      worker.wake();
      await worker.drained();
    },
    async close() {
      await worker.stop();
      await receiver.close();
      await s.close();
    },
  };
}
