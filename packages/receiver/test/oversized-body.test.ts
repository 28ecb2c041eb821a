import { connect } from 'node:net';
import express from 'express';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExpressMiddleware, createNodeHandler, createReceiver, DRAIN_FACTOR } from '../src/index.js';
import { listen, SECRET, signed, stockUpdate, type Listening } from './helpers.js';

const LIMIT = 64 * 1024;
const receiver = () => createReceiver({ secret: SECRET, maxBodyBytes: LIMIT, handlers: { webhooks: { stockUpdate: () => {} } } });
const oversized = (bytes: number) => JSON.stringify({ ...stockUpdate, padding: 'x'.repeat(bytes) });

async function listenExpress(): Promise<Listening> {
  const app = express();
  app.use(createExpressMiddleware(receiver()));
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

/** Writes a request declaring `declared` bytes and keeps writing until the receiver closes; resolves with the bytes written. */
function writeUntilClosed(url: string, declared: number): Promise<{ written: number; answer: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    let written = 0;
    let answer = '';
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const pump = () => {
      while (!socket.destroyed && written < declared) {
        written += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    socket.on('data', (c: Buffer) => (answer += c.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve({ written, answer }));
    socket.write(
      `POST /webhooks/stockUpdate HTTP/1.1\r\nhost: ${hostname}\r\ncontent-type: application/json\r\ncontent-length: ${declared}\r\n` +
        Object.entries(signed('{}'))
          .filter(([name]) => name !== 'content-type')
          .map(([name, value]) => `${name}: ${value}\r\n`)
          .join('') +
        '\r\n',
    );
    pump();
  });
}

describe.each([
  ['node:http', () => listen(createNodeHandler(receiver()))],
  ['Express', listenExpress],
])('an oversized body on %s', (_name, start) => {
  let site: Listening;
  beforeAll(async () => (site = await start()));
  afterAll(() => site.close());

  // Closing on unread bytes resets the connection: a sender still writing then sees EPIPE, not the 413.
  it('answers 413 to a sender still writing it, whether its length is declared or read, and keeps the connection', async () => {
    for (const bytes of [LIMIT * 2, LIMIT * 4]) {
      const body = oversized(bytes);
      for (const headers of [signed(body), { ...signed(body), 'transfer-encoding': 'chunked' }]) {
        const stream = headers['transfer-encoding'] ? new Blob([body]).stream() : body;
        const res = await fetch(`${site.url}/webhooks/stockUpdate`, {
          method: 'POST',
          headers: {
            'content-type': headers['content-type']!,
            'webhook-id': headers['webhook-id']!,
            'webhook-timestamp': headers['webhook-timestamp']!,
            'webhook-signature': headers['webhook-signature']!,
          },
          body: stream,
          duplex: 'half',
        } as RequestInit);
        expect(res.status).toBe(413);
        expect(res.headers.get('connection')).not.toBe('close');
        await res.text();
      }
    }
    const body = JSON.stringify(stockUpdate);
    expect((await fetch(`${site.url}/webhooks/stockUpdate`, { method: 'POST', headers: signed(body), body })).status).toBe(200);
  });

  it(`reads at most ${DRAIN_FACTOR} times the limit of a body it refused, then closes`, async () => {
    const { written, answer } = await writeUntilClosed(site.url, LIMIT * DRAIN_FACTOR * 64);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    // What the kernel's socket buffers took beyond what the receiver read is bounded, but not by us.
    expect(written).toBeLessThan(LIMIT * DRAIN_FACTOR * 64);
  });
});
