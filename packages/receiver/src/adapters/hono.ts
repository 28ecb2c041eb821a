import type { IncomingMessage } from 'node:http';
import type { MiddlewareHandler } from 'hono';
import { readNodeStream, readWebStream } from '../body.js';
import type { Receiver } from '../receiver.js';
import { route, type RouteOptions } from './route.js';

function nodeRequest(env: unknown): IncomingMessage | undefined {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming && typeof incoming.on === 'function' && !incoming.readableDidRead ? incoming : undefined;
}

/**
 * Hono middleware: `app.use(createHonoMiddleware(receiver))` answers `/webhooks/<name>` and
 * `/callbacks/<name>` (below `basePath`) and passes every other path to `next()`. On
 * `@hono/node-server` it reads the Node request underneath (no Web stream in between); on
 * other runtimes it reads the Fetch `Request`.
 */
export function createHonoMiddleware(receiver: Receiver, options: RouteOptions = {}): MiddlewareHandler {
  return async (c, next) => {
    const event = route(options, c.req.path);
    if (event === null || (event === undefined && !options.event && !/\/(webhooks|callbacks)\//.test(c.req.path))) return next();
    const node = nodeRequest(c.env);
    const response = await receiver.handle({
      method: c.req.method,
      event,
      headers: node ? node.headers : c.req.raw.headers,
      body: node ? (limit: number) => readNodeStream(node, limit) : (limit: number) => readWebStream(c.req.raw.body, limit),
    });
    return new Response(response.body === '' ? null : response.body, { status: response.status, headers: response.headers });
  };
}
