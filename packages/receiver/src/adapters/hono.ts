import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { readNodeBody, readNodeStream, readWebStream, type BodySink } from '../body.js';
import { Begun, coreOf, type ReceiverCore } from '../core.js';
import type { ReceiverResponse } from '../problems.js';
import type { Receiver } from '../receiver.js';
import { route, type RouteOptions } from './route.js';

function nodeRequest(env: unknown): IncomingMessage | undefined {
  const incoming = (env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming && typeof incoming.on === 'function' && !incoming.readableDidRead ? incoming : undefined;
}

function toResponse(response: ReceiverResponse): Response {
  return new Response(response.body === '' ? null : response.body, { status: response.status, headers: response.headers });
}

/** Takes the Node body from `readNodeBody` and settles the middleware's promise with the answer. */
class HonoExchange implements BodySink {
  constructor(
    readonly core: ReceiverCore,
    readonly begun: Begun,
    readonly resolve: (response: Response | Promise<Response>) => void,
    readonly reject: (error: unknown) => void,
  ) {}

  body(raw: Uint8Array): void {
    try {
      const answer = this.core.finish(this.begun, raw);
      this.resolve(answer instanceof Promise ? answer.then(toResponse) : toResponse(answer));
    } catch (error) {
      this.reject(error);
    }
  }

  fail(error: unknown): void {
    try {
      this.resolve(toResponse(this.core.unread(this.begun, error)));
    } catch (other) {
      this.reject(other);
    }
  }
}

function viaCore(core: ReceiverCore, c: Context, event: ReturnType<typeof route>): Promise<Response> {
  const node = nodeRequest(c.env);
  // Node's `headers` has every name in lower case; Web `Headers` look names up case-insensitively.
  const begun = core.begin(c.req.method, event ?? undefined, node ? node.headers : c.req.raw.headers, true);
  if (!(begun instanceof Begun)) return Promise.resolve(toResponse(begun));
  if (node) return new Promise((resolve, reject) => readNodeBody(node, core.maxBodyBytes, new HonoExchange(core, begun, resolve, reject)));
  return readWebStream(c.req.raw.body, core.maxBodyBytes)
    .then(
      (raw) => core.finish(begun, raw),
      (error: unknown) => core.unread(begun, error),
    )
    .then(toResponse);
}

async function viaHandle(receiver: Receiver, c: Context, event: ReturnType<typeof route>): Promise<Response> {
  const node = nodeRequest(c.env);
  const response = await receiver.handle({
    method: c.req.method,
    event: event ?? undefined,
    headers: node ? node.headers : c.req.raw.headers,
    body: node ? (limit: number) => readNodeStream(node, limit) : (limit: number) => readWebStream(c.req.raw.body, limit),
  });
  return toResponse(response);
}

/**
 * Hono middleware: `app.use(createHonoMiddleware(receiver))` answers `/webhooks/<name>` and
 * `/callbacks/<name>` (below `basePath`) and passes every other path to `next()`. On
 * `@hono/node-server` it reads the Node request underneath (no Web stream in between); on
 * other runtimes it reads the Fetch `Request`.
 */
export function createHonoMiddleware(receiver: Receiver, options: RouteOptions = {}): MiddlewareHandler {
  const core = coreOf(receiver);
  return (c, next) => {
    const event = route(options, c.req.path);
    if (event === null || (event === undefined && !options.event && !/\/(webhooks|callbacks)\//.test(c.req.path))) return next();
    try {
      return core ? viaCore(core, c, event) : viaHandle(receiver, c, event);
    } catch (error) {
      return Promise.reject(error);
    }
  };
}
