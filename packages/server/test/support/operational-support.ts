import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operationalEventNames, type OperationalEventName, type WebhookPayloads } from '@clubnotify/spec';
import { createNodeHandler, createReceiver, type WebhookHandlers } from '@clubnotify/receiver';

type Payload = WebhookPayloads[OperationalEventName];

/** One operational event as a receiver-kit handler got it: verified, validated, typed. */
export interface GotEvent {
  name: OperationalEventName;
  id: string;
  payload: Payload;
}

/**
 * A receiver built with @clubnotify/receiver on loopback, serving every operational event at
 * `/webhooks/operationalEvents` with a secret learnt once the subscription exists. `next(match)`
 * resolves with the first event (already got or yet to come) that matches.
 */
export interface OpsReceiver {
  url: string;
  got: GotEvent[];
  useSecret(secret: string): void;
  next<N extends OperationalEventName>(name: N, match?: (payload: WebhookPayloads[N]) => boolean): Promise<WebhookPayloads[N]>;
  /** Runs when an event arrives, before it is answered. */
  onEvent?: (event: GotEvent) => void;
  close(): Promise<void>;
}

export async function startOpsReceiver(): Promise<OpsReceiver> {
  let secret = '';
  const got: GotEvent[] = [];
  const waiters = new Set<(event: GotEvent) => boolean>();
  const ops: Partial<OpsReceiver> = { got };
  const record = (name: OperationalEventName) => (payload: Payload, ctx: { id: string }) => {
    const event = { name, id: ctx.id, payload };
    got.push(event);
    ops.onEvent?.(event);
    for (const w of waiters) if (w(event)) waiters.delete(w);
  };
  const handlers = Object.fromEntries(operationalEventNames.map((n) => [n, record(n)])) as WebhookHandlers;
  const server: Server = createServer((req, res) => {
    void createNodeHandler(createReceiver({ secret, logger: { error: () => {} }, handlers: { webhooks: handlers } }))(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(ops, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/operationalEvents`,
    useSecret: (s: string) => void (secret = s),
    next<N extends OperationalEventName>(name: N, match: (payload: WebhookPayloads[N]) => boolean = () => true) {
      const hit = (e: GotEvent) => e.name === name && match(e.payload as WebhookPayloads[N]);
      const found = got.find(hit);
      if (found) return Promise.resolve(found.payload as WebhookPayloads[N]);
      return new Promise<WebhookPayloads[N]>((resolve) =>
        waiters.add((e) => (hit(e) ? (resolve(e.payload as WebhookPayloads[N]), true) : false)),
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as OpsReceiver;
}
