import express from 'express';
import { describe, expect, it, vi } from 'vitest';
import { createExpressMiddleware, createFetchHandler, createNodeHandler, createReceiver, type Receiver } from '../src/index.js';
import { listen, post, SECRET, signed, stockUpdate } from './helpers.js';

const json = JSON.stringify(stockUpdate);
const seen: unknown[] = [];

function makeReceiver(): Receiver {
  return createReceiver({
    secret: SECRET,
    logger: { error: () => undefined },
    handlers: { webhooks: { stockUpdate: async (payload) => void seen.push(payload) } },
  });
}

async function withExpress(setup: (app: express.Express) => void, run: (url: string) => Promise<void>) {
  const app = express();
  setup(app);
  const server = await listen(app);
  try {
    await run(server.url);
  } finally {
    await server.close();
  }
}

describe('Express middleware', () => {
  it('handles events below its mount path and passes other paths on', async () => {
    await withExpress(
      (app) => {
        app.use('/hooks', createExpressMiddleware(makeReceiver()));
        app.use(express.json());
        app.post('/hooks/other', (req, res) => void res.json({ echoed: req.body }));
      },
      async (url) => {
        expect((await post(`${url}/hooks/webhooks/stockUpdate`, signed(json), json)).status).toBe(200);
        expect((await post(`${url}/hooks/webhooks/nope`, signed(json), json)).status).toBe(404);
        const other = await post(`${url}/hooks/other`, { 'content-type': 'application/json' }, '{"a":1}');
        expect(other.json).toEqual({ echoed: { a: 1 } });
      },
    );
  });

  it('says how to fix it when express.json() parsed the body first', async () => {
    await withExpress(
      (app) => {
        app.use(express.json());
        app.use(createExpressMiddleware(makeReceiver()));
      },
      async (url) => {
        const answer = await post(`${url}/webhooks/stockUpdate`, signed(json), json);
        expect(answer.status).toBe(500);
        expect(answer.json.code).toBe('raw_body_required');
        expect(answer.json.message).toMatch(/are you passing the raw request body\? Mount the receiver before express\.json\(\)/i);
      },
    );
  });

  it('accepts a body that express.raw() kept as a Buffer', async () => {
    await withExpress(
      (app) => {
        app.use(express.raw({ type: '*/*' }));
        app.use(createExpressMiddleware(makeReceiver()));
      },
      async (url) => {
        expect((await post(`${url}/webhooks/stockUpdate`, signed(json), json)).status).toBe(200);
      },
    );
  });
});

describe('Node handler', () => {
  it('serves one event at any path with the event option', async () => {
    const server = await listen(createNodeHandler(makeReceiver(), { event: 'webhook.stockUpdate' }));
    try {
      expect((await post(`${server.url}/anything/here?x=1`, signed(json), json)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('routes below basePath and answers 404 outside it', async () => {
    const server = await listen(createNodeHandler(makeReceiver(), { basePath: '/hooks/' }));
    try {
      expect((await post(`${server.url}/hooks/webhooks/stockUpdate`, signed(json), json)).status).toBe(200);
      expect((await post(`${server.url}/webhooks/stockUpdate`, signed(json), json)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('Node adapters with any object that has handle()', () => {
  // Not made by createReceiver, so the adapters go through receiver.handle().
  const inner = makeReceiver();
  const wrapped: Receiver = { mode: inner.mode, maxBodyBytes: inner.maxBodyBytes, handle: (request) => inner.handle(request) };

  it('answers through receiver.handle on node:http and Express', async () => {
    const node = await listen(createNodeHandler(wrapped));
    try {
      expect((await post(`${node.url}/webhooks/stockUpdate`, signed(json), json)).status).toBe(200);
      expect((await post(`${node.url}/webhooks/stockUpdate`, signed(json), `${json} `)).status).toBe(401);
    } finally {
      await node.close();
    }
    await withExpress(
      (app) => app.use(createExpressMiddleware(wrapped)),
      async (url) => {
        expect((await post(`${url}/webhooks/stockUpdate`, signed(json), json)).status).toBe(200);
        expect((await post(`${url}/webhooks/stockUpdate`, signed(json), `${json} `)).status).toBe(401);
      },
    );
  });
});

describe('Node handler, an answer node:http refuses to send', () => {
  it('answers 500 when the handler returns a status outside 100-999, and serves the next request', async () => {
    let status = 1000;
    const receiver = createReceiver({
      secret: SECRET,
      mode: 'production',
      logger: { error: () => undefined },
      handlers: { webhooks: { stockUpdate: () => ({ status }) } },
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await listen(createNodeHandler(receiver));
    try {
      const refused = await post(`${server.url}/webhooks/stockUpdate`, signed(json), json);
      expect(refused.status).toBe(500);
      expect(refused.json).toMatchObject({ code: 'receiver_failed' });
      expect(logged).toHaveBeenCalledWith('@clubnotify/receiver: unexpected failure', expect.any(RangeError));
      status = 200;
      expect((await post(`${server.url}/webhooks/stockUpdate`, signed(json), json)).status).toBe(200);
    } finally {
      logged.mockRestore();
      await server.close();
    }
  });
});

describe('Fetch handler', () => {
  const handler = createFetchHandler(makeReceiver());

  it('answers a signed Request with 200', async () => {
    const response = await handler(
      new Request('http://receiver.test/webhooks/stockUpdate', { method: 'POST', headers: signed(json), body: json }),
    );
    expect(response.status).toBe(200);
  });

  it('answers problem+json 401 to a tampered Request', async () => {
    const response = await handler(
      new Request('http://receiver.test/webhooks/stockUpdate', { method: 'POST', headers: signed(json), body: `${json} ` }),
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
  });

  it('answers 413 while reading a body over the limit', async () => {
    const small = createFetchHandler(
      createReceiver({ secret: SECRET, maxBodyBytes: 10, handlers: { webhooks: { stockUpdate: () => undefined } } }),
    );
    const response = await small(
      new Request('http://receiver.test/webhooks/stockUpdate', { method: 'POST', headers: signed(json), body: json }),
    );
    expect(response.status).toBe(413);
  });
});
