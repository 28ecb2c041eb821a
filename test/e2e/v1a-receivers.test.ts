import { randomBytes } from 'node:crypto';
import { createServer, Server, type IncomingMessage, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { createExpressMiddleware, createFetchHandler, createNodeHandler, createReceiver, type ReceiverLimits } from '@clubnotify/receiver';
import { createEventReceiver } from '@clubnotify/receiver/edge';
import { createFastifyPlugin } from '@clubnotify/receiver/fastify';
import { createHonoMiddleware } from '@clubnotify/receiver/hono';
import { createClient } from '@clubnotify/sdk';
import { event as concertAlert } from '../../packages/spec/src/generated/events/webhook.concertAlert.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../loopback-server.js';

// Receivers that hold no secret: each adapter of the kit gets only the server's key set URL,
// the server signs their targets' deliveries with ed25519 (`v1a`), and each verifies them.
type Adapter = { name: string; url: string; close(): Promise<void> };
const handled = new Map<string, string[]>();
const record = (name: string) => (text: string) => void handled.set(name, [...(handled.get(name) ?? []), text]);
const handlers = (name: string) => ({ webhooks: { concertAlert: record(name) } });

async function onSocket(listener: RequestListener | Server): Promise<{ url: string; close(): Promise<void> }> {
  const server = listener instanceof Server ? listener : createServer(listener);
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

async function startAdapters(trust: ReceiverLimits): Promise<Adapter[]> {
  const kit = (name: string) => createReceiver({ ...trust, logger: { error: () => undefined }, handlers: handlers(name) });
  const app = express().use(createExpressMiddleware(kit('express')));
  const hono = new Hono().use(createHonoMiddleware(kit('hono')));
  const fastify = Fastify();
  await fastify.register(createFastifyPlugin(kit('fastify')));
  const fastifyUrl = await fastify.listen({ port: 0, host: '127.0.0.1' });
  const edge = createEventReceiver({ ...trust, event: concertAlert, handler: record('edge') });
  const fetchServer = (fetch: (request: Request) => Response | Promise<Response>) =>
    serve({ fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  const sockets = {
    node: await onSocket(createNodeHandler(kit('node'))),
    express: await onSocket(createServer(app)),
    hono: await onSocket(fetchServer(hono.fetch)),
    fetch: await onSocket(fetchServer(createFetchHandler(kit('fetch')))),
    edge: await onSocket(fetchServer(edge)),
  };
  return [
    ...Object.entries(sockets).map(([name, s]) => ({ name, ...s })),
    { name: 'fastify', url: fastifyUrl, close: () => fastify.close() },
  ];
}

describe('receivers without a secret verify the server’s v1a deliveries on every adapter', () => {
  const adminKey = `cn_${randomBytes(32).toString('base64url')}`;
  let loopback: LoopbackServer;
  let adapters: Adapter[] = [];
  let capture: { url: string; close(): Promise<void> };
  const captured: Array<{ headers: IncomingMessage['headers']; body: string }> = [];

  beforeAll(async () => {
    loopback = await startLoopbackServer(adminKey, 'cn-v1a-');
    adapters = await startAdapters({ jwksUrl: `${loopback.server.url}/.well-known/jwks.json` });
    capture = await onSocket((req, res) => {
      const chunks: Buffer[] = [];
      req
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => {
          captured.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
          res.end('ok');
        });
    });
  }, 180_000);

  afterAll(async () => {
    for (const a of adapters) await a.close();
    await capture?.close();
    await loopback?.close();
  });

  it('delivers to each, which accepts; a tampered body or an unknown key id is refused with problem+json', async () => {
    const admin = createClient({ baseUrl: loopback.server.url, apiKey: adminKey });
    const { key } = await admin.apiKeys.create({ name: 'keyless receivers', scope: 'subscriber' });
    const fan = createClient({ baseUrl: loopback.server.url, apiKey: key });
    for (const a of adapters) {
      const path = a.name === 'edge' ? '/' : '/webhooks/concertAlert';
      expect(await fan.registerForAlert(`${a.url}${path}`, { signature: 'v1a' })).toMatchObject({ signature: 'v1a' });
    }
    await fan.registerForAlert(`${capture.url}/webhooks/concertAlert`, { signature: 'v1a' });
    await admin.concerts.schedule({ title: 'Keyless Night', startsAt: '2026-12-24T21:00:00Z', venue: 'Cellar', priceCents: 1800 });

    await expect.poll(() => [...handled.keys()].sort(), { interval: 50, timeout: 60_000 }).toEqual(adapters.map((a) => a.name).sort());
    for (const texts of handled.values()) expect(texts).toEqual([expect.stringMatching(/Keyless Night/)]);
    await expect.poll(() => captured.length, { interval: 50 }).toBe(1);
    const [delivery] = captured;
    expect(delivery!.headers['webhook-signature']).toMatch(/^v1a,[A-Za-z0-9+/]{86}==$/);

    // The delivery as sent, then with its body changed or naming a key the server never published.
    const send = (a: Adapter, headers: Record<string, string>, body: string) =>
      fetch(`${a.url}${a.name === 'edge' ? '/' : '/webhooks/concertAlert'}`, { method: 'POST', headers, body });
    const sent = Object.fromEntries(
      ['content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature', 'webhook-key-id'].map((h) => [
        h,
        String(delivery!.headers[h]),
      ]),
    );
    for (const a of adapters) {
      const tampered = await send(a, sent, delivery!.body.replace('Keyless', 'Keyful'));
      expect([a.name, tampered.status, tampered.headers.get('content-type')]).toEqual([a.name, 401, 'application/problem+json']);
      expect(await tampered.json()).toMatchObject({ status: 401, detail: expect.stringMatching(/No v1a signature .* verifies this body/) });
      const unknownKey = await send(
        a,
        { ...sent, 'webhook-id': `msg_${randomBytes(8).toString('hex')}`, 'webhook-key-id': 'key_neverpublished' },
        delivery!.body,
      );
      expect([a.name, unknownKey.status]).toEqual([a.name, 401]);
      expect(await unknownKey.json()).toMatchObject({ detail: expect.stringMatching(/has no key key_neverpublished/) });
    }
    // Nothing refused reached a handler.
    for (const texts of handled.values()) expect(texts).toHaveLength(1);
  }, 120_000);
});
