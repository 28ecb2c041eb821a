import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeHandler, createReceiver, type EventContext } from '@clubnotify/receiver';
import { createClient } from '@clubnotify/sdk';
import type { RunningServer } from '@clubnotify/server';
import type { WebhookPayloads } from '@clubnotify/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../loopback-server.js';

// The whole product in one flow: the SDK registers and publishes, the server queues and
// signs, the delivery engine sends over loopback, the receiver kit verifies and dispatches.
describe('a published event travels from the SDK through the server to a receiver kit', () => {
  const adminKey = `cn_${randomBytes(32).toString('base64url')}`;
  const received: Array<{ event: string; payload: unknown; ctx: EventContext }> = [];
  let loopback: LoopbackServer;
  let server: RunningServer;
  let receiverServer: Server;
  let receiverUrl: string;
  let handler: ((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>) | undefined;

  beforeAll(async () => {
    receiverServer = createServer((req, res) => {
      if (!handler) return void res.writeHead(503).end();
      void handler(req, res);
    });
    await new Promise<void>((resolve) => receiverServer.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiverServer.address() as AddressInfo).port}`;
    loopback = await startLoopbackServer(adminKey, 'cn-e2e-');
    server = loopback.server;
  }, 180_000); // a fresh embedded database runs every migration: a minute and more on a loaded machine

  afterAll(async () => {
    await loopback?.close();
    await new Promise((resolve) => receiverServer?.close(resolve));
  });

  it('delivers concertAlert, stockUpdate and the concertAlert callback, signed and valid', async () => {
    const admin = createClient({ baseUrl: server.url, apiKey: adminKey });
    const { key } = await admin.apiKeys.create({ name: 'fan site', scope: 'subscriber' });
    const fan = createClient({ baseUrl: server.url, apiKey: key });

    const alerts = await fan.registerForAlert(`${receiverUrl}/webhooks/concertAlert`);
    const stock = await fan.registerForStockUpdates(`${receiverUrl}/webhooks/stockUpdate`);
    const subscription = await fan.subscribeToConcert('con_jazznight2026', `${receiverUrl}/callbacks/concertAlert`);

    const receiver = createReceiver({
      secrets: [alerts.secret!, stock.secret!, subscription.secret!],
      mode: 'development',
      handlers: {
        webhooks: {
          concertAlert: (text, ctx) => void received.push({ event: 'webhook.concertAlert', payload: text, ctx }),
          stockUpdate: (update: WebhookPayloads['stockUpdate'], ctx) =>
            void received.push({ event: 'webhook.stockUpdate', payload: update, ctx }),
        },
        callbacks: {
          concertAlert: (text, ctx) => void received.push({ event: 'callback.concertAlert', payload: text, ctx }),
        },
      },
    });
    handler = createNodeHandler(receiver);

    await admin.concerts.schedule({ title: 'Late Blues', startsAt: '2026-12-24T21:00:00Z', venue: 'Cellar', priceCents: 1800 });
    await admin.stock.change({ drink: { id: 'itm_mojito', stock: 7 }, ingredient: { id: 'itm_mint', stock: 1 } });
    await admin.concerts.update('con_jazznight2026', { message: '20 more tickets on sale.' });

    await expect.poll(() => received.length, { interval: 50 }).toBe(3);
    const byEvent = Object.fromEntries(received.map((r) => [r.event, r]));
    expect(byEvent['webhook.concertAlert']!.payload).toMatch(/Late Blues.*Cellar/);
    expect(byEvent['webhook.stockUpdate']!.payload).toEqual({
      drink: { id: 'itm_mojito', name: 'Mojito', stock: 7, unit: 'glass' },
      ingredient: { id: 'itm_mint', name: 'Fresh mint', stock: 1, unit: 'bunch' },
    });
    expect(byEvent['callback.concertAlert']!.payload).toBe('20 more tickets on sale.');
    for (const { event, ctx } of received) {
      expect(ctx.id).toMatch(/^msg_/);
      expect(ctx.attempt).toBe(1);
      expect(`${ctx.kind}.${ctx.name}`).toBe(event);
    }

    // The receiver has answered; the server records the outcome a moment later.
    const settled = async () => {
      const list = await fan.deliveries.list().toArray();
      return list.every((d) => d.status !== 'pending') ? list : [];
    };
    await expect.poll(async () => (await settled()).length, { interval: 50 }).toBe(3);
    const deliveries = await settled();
    expect(deliveries.map((d) => [d.event, d.kind, d.status]).sort()).toEqual([
      ['concertAlert', 'callback', 'succeeded'],
      ['concertAlert', 'webhook', 'succeeded'],
      ['stockUpdate', 'webhook', 'succeeded'],
    ]);
    expect(deliveries.every((d) => d.attempts[0]?.statusCode === 200)).toBe(true);
  });

  it('replays a delivery with the same webhook-id, which the receiver dedupes', async () => {
    const fan = createClient({ baseUrl: server.url, apiKey: adminKey });
    const [delivery] = await fan.deliveries.list({ event: 'stockUpdate' }).toArray();
    const before = received.length;
    await fan.deliveries.replay(delivery!.id);
    await expect
      .poll(async () => (await fan.deliveries.list({ event: 'stockUpdate' }).toArray())[0]!.attempts.length, {
        interval: 50,
      })
      .toBe(2);
    const [replayed] = await fan.deliveries.list({ event: 'stockUpdate' }).toArray();
    expect(replayed!.messageId).toBe(delivery!.messageId);
    expect(replayed!.status).toBe('succeeded');
    expect(received.length).toBe(before);
  });
});
