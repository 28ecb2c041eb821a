import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { createReceiver, type Receiver } from '../src/index.js';
import { createFastifyPlugin } from '../src/adapters/fastify.js';
import { createHonoMiddleware } from '../src/adapters/hono.js';
import { post, SECRET, signed, stockUpdate } from './helpers.js';

const json = JSON.stringify(stockUpdate);

function makeReceiver(options: { maxBodyBytes?: number } = {}): Receiver {
  return createReceiver({
    secret: SECRET,
    logger: { error: () => undefined },
    ...options,
    handlers: { webhooks: { stockUpdate: async () => undefined } },
  });
}

async function withHono(setup: (app: Hono) => void, run: (url: string) => Promise<void>) {
  const app = new Hono();
  setup(app);
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
  if (!server.listening) await new Promise((resolve) => server.once('listening', resolve));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

async function withFastify(setup: (app: FastifyInstance) => Promise<void>, run: (url: string) => Promise<void>) {
  const app = Fastify();
  await setup(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    await run(address);
  } finally {
    await app.close();
  }
}

describe('Hono middleware on @hono/node-server', () => {
  it('handles events below basePath and passes other paths on', async () => {
    await withHono(
      (app) => {
        app.use('/hooks/*', createHonoMiddleware(makeReceiver(), { basePath: '/hooks' }));
        app.post('/hooks/other', async (c) => c.json({ echoed: await c.req.json() }));
      },
      async (url) => {
        expect((await post(`${url}/hooks/webhooks/stockUpdate`, signed(json), json)).status).toBe(200);
        expect((await post(`${url}/hooks/webhooks/nope`, signed(json), json)).status).toBe(404);
        const other = await post(`${url}/hooks/other`, { 'content-type': 'application/json' }, '{"a":1}');
        expect(other.json).toEqual({ echoed: { a: 1 } });
      },
    );
  });

  it('answers problem+json 401 to a tampered body and 405 to a GET', async () => {
    await withHono(
      (app) => void app.use(createHonoMiddleware(makeReceiver())),
      async (url) => {
        const tampered = await post(`${url}/webhooks/stockUpdate`, signed(json), `${json} `);
        expect(tampered.status).toBe(401);
        expect(tampered.contentType).toBe('application/problem+json');
        expect((await post(`${url}/webhooks/stockUpdate`, signed(json), '', 'GET')).status).toBe(405);
      },
    );
  });

  it('answers 413 to a body over maxBodyBytes', async () => {
    await withHono(
      (app) => void app.use(createHonoMiddleware(makeReceiver({ maxBodyBytes: 10 }))),
      async (url) => {
        const answer = await post(`${url}/webhooks/stockUpdate`, signed(json), json);
        expect(answer.status).toBe(413);
        expect(answer.contentType).toBe('application/problem+json');
      },
    );
  });

  it('reads the Fetch Request on runtimes without a Node request (app.fetch)', async () => {
    const app = new Hono();
    app.use(createHonoMiddleware(makeReceiver()));
    const response = await app.fetch(
      new Request('http://receiver.test/webhooks/stockUpdate', { method: 'POST', headers: signed(json), body: json }),
    );
    expect(response.status).toBe(200);
    const tampered = await app.fetch(
      new Request('http://receiver.test/webhooks/stockUpdate', { method: 'POST', headers: signed(json), body: `${json} ` }),
    );
    expect(tampered.status).toBe(401);
  });
});

describe('Fastify plugin', () => {
  it('handles events below its prefix while the rest of the app keeps its JSON parser', async () => {
    await withFastify(
      async (app) => {
        await app.register(createFastifyPlugin(makeReceiver()), { prefix: '/hooks' });
        app.post('/hooks/other', async (request) => ({ echoed: request.body }));
      },
      async (url) => {
        expect((await post(`${url}/hooks/webhooks/stockUpdate`, signed(json), json)).status).toBe(200);
        expect((await post(`${url}/hooks/webhooks/nope`, signed(json), json)).status).toBe(404);
        const other = await post(`${url}/hooks/other`, { 'content-type': 'application/json' }, '{"a":1}');
        expect(other.json).toEqual({ echoed: { a: 1 } });
      },
    );
  });

  it('answers problem+json 401 to a tampered body, 415 to another media type and 405 to a GET', async () => {
    await withFastify(
      async (app) => void (await app.register(createFastifyPlugin(makeReceiver()))),
      async (url) => {
        const tampered = await post(`${url}/webhooks/stockUpdate`, signed(json), `${json} `);
        expect(tampered.status).toBe(401);
        expect(tampered.contentType).toBe('application/problem+json');
        const xml = await post(`${url}/webhooks/stockUpdate`, signed(json, { contentType: 'application/xml' }), json);
        expect(xml.status).toBe(415);
        expect(xml.contentType).toBe('application/problem+json');
        expect((await post(`${url}/webhooks/stockUpdate`, signed(json), '', 'GET')).status).toBe(405);
      },
    );
  });

  it('answers problem+json 413 when Fastify stops reading at maxBodyBytes', async () => {
    await withFastify(
      async (app) => void (await app.register(createFastifyPlugin(makeReceiver({ maxBodyBytes: 10 })))),
      async (url) => {
        const answer = await post(`${url}/webhooks/stockUpdate`, signed(json), json);
        expect(answer.status).toBe(413);
        expect(answer.contentType).toBe('application/problem+json');
        expect(answer.json.detail).toBe('The body is larger than 10 bytes.');
      },
    );
  });

  it('answers the APIError 500 when the receiver fails unexpectedly, and keeps serving', async () => {
    let fail = true;
    const real = makeReceiver();
    const flaky: Receiver = {
      mode: real.mode,
      maxBodyBytes: real.maxBodyBytes,
      handle: (request) => (fail ? Promise.reject(new Error('the disk went away')) : real.handle(request)),
    };
    await withFastify(
      async (app) => {
        app.log.level = 'silent';
        await app.register(createFastifyPlugin(flaky));
      },
      async (url) => {
        const failed = await post(`${url}/webhooks/stockUpdate`, signed(json), json);
        expect(failed.status).toBe(500);
        expect(failed.json).toEqual({ code: 'receiver_failed', message: 'The receiver failed unexpectedly.' });
        fail = false;
        expect((await post(`${url}/webhooks/stockUpdate`, signed(json), json)).status).toBe(200);
      },
    );
  });

  it('serves one event at the prefix with the event option', async () => {
    await withFastify(
      async (app) => void (await app.register(createFastifyPlugin(makeReceiver(), { event: 'webhook.stockUpdate' }), { prefix: '/stock' })),
      async (url) => {
        expect((await post(`${url}/stock`, signed(json), json)).status).toBe(200);
      },
    );
  });
});

describe('Hono and Fastify with any object that has handle()', () => {
  // Not made by createReceiver, so the adapters go through receiver.handle().
  const inner = makeReceiver();
  const wrapped: Receiver = { mode: inner.mode, maxBodyBytes: inner.maxBodyBytes, handle: (request) => inner.handle(request) };

  it('answers through receiver.handle', async () => {
    const check = async (url: string) => {
      expect((await post(`${url}/webhooks/stockUpdate`, signed(json), json)).status).toBe(200);
      expect((await post(`${url}/webhooks/stockUpdate`, signed(json), `${json} `)).status).toBe(401);
    };
    await withHono((app) => app.use(createHonoMiddleware(wrapped)), check);
    await withFastify(async (app) => void (await app.register(createFastifyPlugin(wrapped))), check);
  });
});
