/**
 * A Fetch-runtime receiver for one event, as a user bundles it for the edge from the built
 * packages: its size, and a run inside the `edge-runtime` emulator (no Node globals, no node:
 * modules) receiving a delivery from the real server. Needs `npm run build` first.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { EdgeRuntime, runServer } from 'edge-runtime';
import { signedHeaders } from '@clubnotify/receiver';
import { createClient } from '@clubnotify/sdk';
import { signPayload, type RunningServer } from '@clubnotify/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../loopback-server.js';
import { repoRoot } from './support.js';

const BUDGET_BYTES = 30 * 1024;

// What a user writes: one event's module, the edge entry, a secret from the platform's env.
const entry = `
import { event } from '@clubnotify/spec/events/webhook.stockUpdate';
import { createEventReceiver } from '@clubnotify/receiver/edge';
let receive;
globalThis.received = [];
addEventListener('fetch', (e) => {
  receive ??= createEventReceiver({ event, secret: globalThis.WEBHOOK_SECRET, handler: (update, ctx) => void globalThis.received.push({ id: ctx.id, update }) });
  e.respondWith(receive(e.request));
});
`;

async function bundle(): Promise<{ code: string; gzipped: number; inputs: string[] }> {
  const result = await build({
    stdin: { contents: entry, resolveDir: repoRoot, loader: 'js' },
    bundle: true,
    minify: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    metafile: true,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  const output = Object.values((result.metafile as Metafile).outputs)[0]!;
  return { code, gzipped: gzipSync(code).byteLength, inputs: Object.keys(output.inputs) };
}

const stockUpdate = {
  drink: { id: 'itm_mojito', name: 'Mojito', stock: 7, unit: 'glass' },
  ingredient: { id: 'itm_mint', name: 'Fresh mint', stock: 1, unit: 'bunch' },
};

describe('a one-event receiver on an edge runtime', () => {
  const adminKey = `cn_${randomBytes(32).toString('base64url')}`;
  let built: Awaited<ReturnType<typeof bundle>>;
  let runtime: EdgeRuntime;
  let edge: Awaited<ReturnType<typeof runServer>>;
  let server: RunningServer;
  let loopback: LoopbackServer;
  let secret: string;

  beforeAll(async () => {
    if (!existsSync(join(repoRoot, 'packages/spec/dist/generated/events/webhook.stockUpdate.js')))
      throw new Error('packages/*/dist is missing: run `npm run build` first.');
    built = await bundle();
    runtime = new EdgeRuntime({ initialCode: built.code });
    edge = await runServer({ runtime, port: 0, host: '127.0.0.1' });
    loopback = await startLoopbackServer(adminKey, 'cn-edge-');
    server = loopback.server;
    const registration = await createClient({ baseUrl: server.url, apiKey: adminKey }).registerForStockUpdates(
      `${edge.url.replace(/\/$/, '')}/webhooks/stockUpdate`,
    );
    secret = registration.secret!;
    await runtime.evaluate(`globalThis.WEBHOOK_SECRET = ${JSON.stringify(secret)}`);
  }, 180_000); // a fresh embedded database runs every migration: a minute and more on a loaded machine

  afterAll(async () => {
    await loopback?.close();
    await edge?.close();
  });

  it(`bundles to under ${BUDGET_BYTES / 1024} KB minified and gzipped, with that event's validator only`, () => {
    console.log(
      `edge receiver for webhook.stockUpdate: ${built.code.length} bytes minified, ${built.gzipped} bytes gzipped (budget ${BUDGET_BYTES})`,
    );
    expect(built.gzipped).toBeLessThan(BUDGET_BYTES);
    expect(built.inputs.filter((input) => /generated\/(?!events\/webhook\.stockUpdate\.js)/.test(input))).toEqual([]);
    expect(built.inputs.some((input) => input.endsWith('dist/generated/events/webhook.stockUpdate.js'))).toBe(true);
  });

  it('runs where Node is absent: no process, require or Buffer', async () => {
    expect(await runtime.evaluate('[typeof process, typeof require, typeof Buffer].join()')).toBe('undefined,undefined,undefined');
  });

  it('takes a stock update delivered and signed by the server, and the server records 200', async () => {
    const admin = createClient({ baseUrl: server.url, apiKey: adminKey });
    await admin.stock.change({ drink: { id: 'itm_mojito', stock: 7 }, ingredient: { id: 'itm_mint', stock: 1 } });

    const delivered = async () => (await admin.deliveries.list({ event: 'stockUpdate' }).toArray())[0];
    await expect.poll(async () => (await delivered())?.messageId, { interval: 50 }).toMatch(/^msg_/);
    const fromServer = `received.filter((r) => r.id === ${JSON.stringify((await delivered())!.messageId)})`;
    await expect.poll(() => runtime.evaluate<number>(`${fromServer}.length`), { interval: 50 }).toBe(1);
    expect(await runtime.evaluate(`JSON.stringify(${fromServer}[0].update)`)).toBe(JSON.stringify(stockUpdate));
    await expect.poll(async () => (await delivered())?.status, { interval: 50 }).toBe('succeeded');
    expect((await delivered())!.attempts[0]!.statusCode).toBe(200);
  });

  describe('answers what the spec declares to a signed request', () => {
    const send = async (body: string, signature?: string) => {
      const id = `msg_${randomBytes(8).toString('hex')}`;
      const timestamp = Math.floor(Date.now() / 1000);
      const headers = {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signature ?? signPayload(secret, id, timestamp, body),
      };
      const response = await fetch(new URL('/webhooks/stockUpdate', edge.url), { method: 'POST', headers, body });
      return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
    };

    it('200 for a valid one', async () => {
      expect(await send(JSON.stringify(stockUpdate))).toMatchObject({ status: 200 });
    });

    it('401 invalid-signature for a bad signature', async () => {
      const other = signedHeaders(`whsec_${randomBytes(24).toString('base64')}`, { id: 'msg_x', timestamp: new Date(), body: '{}' })[
        'webhook-signature'
      ];
      const answer = await send(JSON.stringify(stockUpdate), other);
      expect(answer).toMatchObject({ status: 401, type: 'application/problem+json' });
      expect(JSON.parse(answer.body)).toMatchObject({ type: 'https://clubnotify.dev/problems/invalid-signature', status: 401 });
    });

    it('400 validation naming the field for a payload the spec refuses', async () => {
      const answer = await send(JSON.stringify({ ...stockUpdate, drink: { ...stockUpdate.drink, stock: -1 } }));
      expect(answer).toMatchObject({ status: 400, type: 'application/problem+json' });
      expect(JSON.parse(answer.body)).toMatchObject({
        type: 'https://clubnotify.dev/problems/validation',
        errors: [{ pointer: '/body/drink/stock', detail: 'must be at least 0' }],
      });
    });
  });
});
