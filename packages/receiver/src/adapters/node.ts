import type { IncomingMessage, ServerResponse } from 'node:http';
import { DRAIN_FACTOR, drainRest, readNodeBody, readNodeStream, type BodySink } from '../body.js';
import { Begun, coreOf, type ReceiverCore } from '../core.js';
import type { Receiver } from '../receiver.js';
import type { ReceiverResponse } from '../problems.js';
import { route, type RouteOptions } from './route.js';

export function send(res: ServerResponse, response: ReceiverResponse): void {
  if (!response.body && isEmpty(response.headers)) {
    // The common 200 with no body and no headers: nothing to copy or merge.
    res.statusCode = response.status;
    res.end();
    return;
  }
  res.writeHead(
    response.status,
    response.body ? { ...response.headers, 'content-length': Buffer.byteLength(response.body) } : response.headers,
  );
  res.end(response.body);
}

function isEmpty(headers: Record<string, string>): boolean {
  for (const _ in headers) return false;
  return true;
}

/** A 413 keeps the connection: the body reader drains what is left of the body (see DRAIN_FACTOR). */
function lingering(response: ReceiverResponse): ReceiverResponse {
  if (response.status !== 413 || !('connection' in response.headers)) return response;
  const { connection: _close, ...headers } = response.headers;
  return { ...response, headers };
}

function failed(res: ServerResponse, error: unknown): void {
  console.error('@clubnotify/receiver: unexpected failure', error);
  if (!res.headersSent)
    send(res, {
      status: 500,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: 'receiver_failed', message: 'The receiver failed unexpectedly.' }),
    });
  else res.destroy();
}

/**
 * One request on its way through the core: it takes the body from `readNodeBody` and sends the
 * answer on `res`; an unexpected error goes to `next` (Express) or answers 500 (node:http).
 * One object a request, its methods on the prototype: no closures on the synchronous path.
 */
class NodeExchange implements BodySink {
  constructor(
    readonly core: ReceiverCore,
    readonly begun: Begun,
    readonly res: ServerResponse,
    readonly next: ((error: unknown) => void) | undefined,
    readonly done: (() => void) | undefined,
  ) {}

  body(raw: Uint8Array): void {
    try {
      const answer = this.core.finish(this.begun, raw);
      if (answer instanceof Promise)
        answer.then(
          (response) => this.send(response),
          (error: unknown) => this.error(error),
        );
      else this.send(answer);
    } catch (error) {
      this.error(error);
    }
  }

  fail(error: unknown): void {
    try {
      this.send(lingering(this.core.unread(this.begun, error)));
    } catch (other) {
      this.error(other);
    }
  }

  send(response: ReceiverResponse): void {
    try {
      send(this.res, response);
    } catch (error) {
      return this.error(error);
    }
    this.done?.();
  }

  error(error: unknown): void {
    if (this.next) this.next(error);
    else failed(this.res, error);
    this.done?.();
  }
}

/**
 * Answers one Node request through the core: at once when the route or headers decide, else
 * after reading the body (or taking `req.body` when a body parser already read it).
 */
function exchange(
  core: ReceiverCore,
  options: RouteOptions,
  req: IncomingMessage & { body?: unknown },
  res: ServerResponse,
  url: string,
  next: ((error: unknown) => void) | undefined,
  done: (() => void) | undefined,
): void {
  // Node writes every name of `req.headers` in lower case.
  const begun = core.begin(req.method ?? 'GET', route(options, url) ?? undefined, req.headers, true);
  if (!(begun instanceof Begun)) {
    if (begun.status === 413 && req.body === undefined) {
      drainRest(req, core.maxBodyBytes * DRAIN_FACTOR);
      send(res, lingering(begun));
    } else send(res, begun);
    done?.();
    return;
  }
  const ex = new NodeExchange(core, begun, res, next, done);
  if (req.body !== undefined) ex.body(req.body as Uint8Array);
  else readNodeBody(req, core.maxBodyBytes, ex);
}

/** The adapters' path for a receiver without a core (any other object with `handle`). */
export function handleNode(
  receiver: Receiver,
  options: RouteOptions,
  req: IncomingMessage & { body?: unknown },
  url: string,
): Promise<ReceiverResponse> {
  return receiver.handle({
    method: req.method ?? 'GET',
    event: route(options, url) ?? undefined,
    headers: req.headers,
    body: req.body !== undefined ? req.body : (limit: number) => readNodeStream(req, limit),
  });
}

/** Drives one request to its answer, with the core when the receiver has one. */
export function answerNode(
  receiver: Receiver,
  core: ReceiverCore | undefined,
  options: RouteOptions,
  req: IncomingMessage & { body?: unknown },
  res: ServerResponse,
  url: string,
  next: ((error: unknown) => void) | undefined,
  done: (() => void) | undefined,
): void {
  if (!core) {
    handleNode(receiver, options, req, url).then(
      (response) => (send(res, response), done?.()),
      (error: unknown) => (next ? next(error) : failed(res, error), done?.()),
    );
    return;
  }
  try {
    exchange(core, options, req, res, url, next, done);
  } catch (error) {
    if (next) next(error);
    else failed(res, error);
    done?.();
  }
}

/**
 * A plain Node `http` request handler: `http.createServer(createNodeHandler(receiver))`.
 * Paths name the events (`/webhooks/stockUpdate`); any other path answers 404. The promise
 * resolves once the answer is sent.
 */
export function createNodeHandler(
  receiver: Receiver,
  options: RouteOptions = {},
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const core = coreOf(receiver);
  return (req, res) => new Promise<void>((done) => answerNode(receiver, core, options, req, res, req.url ?? '/', undefined, done));
}
