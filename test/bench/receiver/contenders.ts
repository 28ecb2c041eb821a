/**
 * The receivers compared, each on each framework: `bare` reads the body and answers 200 (the
 * framework's own cost), `ours` is @clubnotify/receiver's adapter with everything on
 * (verification, spec validation, dedupe, handler deadline), `ours-v1a` the same adapter holding
 * a public key (`whpk_`) instead of a secret, verifying `v1a` (ed25519) signatures, and the peers verify the way
 * their documentation shows (svix 2.x and standardwebhooks 1.x `Webhook.verify` on the raw
 * body, which also JSON-parses it).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import express from 'express';
import Fastify from 'fastify';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { Webhook as SvixWebhook } from 'svix';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { createExpressMiddleware, createNodeHandler, createReceiver } from '@clubnotify/receiver';
import { createHonoMiddleware } from '@clubnotify/receiver/hono';
import { createFastifyPlugin } from '@clubnotify/receiver/fastify';
import { PATH, PUBLIC_KEY, SECRET } from './message.js';

export const FRAMEWORKS = ['node', 'express', 'hono', 'fastify'] as const;
export const CONTENDERS = ['bare', 'ours', 'ours-v1a', 'svix', 'standardwebhooks'] as const;
export type Framework = (typeof FRAMEWORKS)[number];
export type Contender = (typeof CONTENDERS)[number];

type Verify = (payload: string | Buffer, headers: Record<string, string>) => unknown;

function peer(contender: 'svix' | 'standardwebhooks'): Verify {
  const wh = contender === 'svix' ? new SvixWebhook(SECRET) : new StandardWebhook(SECRET);
  return (payload, headers) => wh.verify(payload, headers);
}

function receiver(contender: 'ours' | 'ours-v1a') {
  let handled = 0;
  const key = contender === 'ours' ? { secret: SECRET } : { publicKeys: [PUBLIC_KEY] };
  return createReceiver({ ...key, handlers: { webhooks: { stockUpdate: () => void handled++ } } });
}

const isOurs = (contender: Contender): contender is 'ours' | 'ours-v1a' => contender === 'ours' || contender === 'ours-v1a';

function readAll(req: IncomingMessage, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => done(Buffer.concat(chunks)));
}

function nodeServer(contender: Contender): Server {
  if (isOurs(contender)) return createServer(createNodeHandler(receiver(contender)));
  const verify = contender === 'bare' ? undefined : peer(contender);
  return createServer((req, res) => {
    readAll(req, (body) => {
      try {
        verify?.(body.toString('utf8'), req.headers as Record<string, string>);
        res.statusCode = 200;
      } catch {
        res.statusCode = 400;
      }
      res.end();
    });
  });
}

function expressServer(contender: Contender): Server {
  const app = express();
  if (isOurs(contender)) {
    app.use(createExpressMiddleware(receiver(contender)));
  } else {
    const verify = contender === 'bare' ? undefined : peer(contender);
    app.post(PATH, express.raw({ type: 'application/json' }), (req, res) => {
      try {
        verify?.(req.body as Buffer, req.headers as Record<string, string>);
      } catch {
        res.status(400).end();
        return;
      }
      res.status(200).end();
    });
  }
  return createServer(app);
}

function honoServer(contender: Contender): Server {
  const app = new Hono();
  if (isOurs(contender)) {
    app.use(createHonoMiddleware(receiver(contender)));
  } else {
    const verify = contender === 'bare' ? undefined : peer(contender);
    app.post(PATH, async (c) => {
      const payload = await c.req.text();
      try {
        verify?.(payload, c.req.header());
      } catch {
        return c.body(null, 400);
      }
      return c.body(null, 200);
    });
  }
  return serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
}

async function fastifyServer(contender: Contender): Promise<Server> {
  const app = Fastify();
  if (isOurs(contender)) {
    await app.register(createFastifyPlugin(receiver(contender)));
  } else {
    const verify = contender === 'bare' ? undefined : peer(contender);
    await app.register((scope, _opts, done) => {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, parsed) => parsed(null, body));
      scope.post(PATH, (request, reply) => {
        try {
          verify?.(request.body as Buffer, request.headers as Record<string, string>);
        } catch {
          return reply.code(400).send();
        }
        return reply.code(200).send();
      });
      done();
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app.server;
}

/** Starts one contender on 127.0.0.1 and resolves with its port. */
export async function start(framework: Framework, contender: Contender): Promise<number> {
  return ((await startServer(framework, contender)).address() as { port: number }).port;
}

/** Starts one contender on 127.0.0.1 and resolves with its server. */
export async function startServer(framework: Framework, contender: Contender): Promise<Server> {
  let server: Server;
  if (framework === 'fastify') server = await fastifyServer(contender);
  else {
    server = framework === 'node' ? nodeServer(contender) : framework === 'express' ? expressServer(contender) : honoServer(contender);
    if (!server.listening) {
      if (framework !== 'hono') server.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
    }
  }
  server.keepAliveTimeout = 60_000;
  return server;
}
