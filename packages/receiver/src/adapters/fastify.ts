import { events } from '@clubnotify/spec';
import type { FastifyError, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { parseEventKey, type EventKey, type EventKind } from '../events.js';
import { apiError, problem, type ReceiverResponse } from '../problems.js';
import { Begun, coreOf, type ReceiverCore } from '../core.js';
import type { Receiver } from '../receiver.js';

export interface FastifyRouteOptions {
  /** Serve one event at the plugin's prefix, for example `'webhook.stockUpdate'`. Without it the routes are `/webhooks/:name` and `/callbacks/:name`. */
  event?: EventKey;
}

const EMPTY = new Uint8Array(0);

function keepRaw(_request: FastifyRequest, body: Buffer, parsed: (error: Error | null, body?: unknown) => void): void {
  parsed(null, body);
}

function send(reply: FastifyReply, response: ReceiverResponse): FastifyReply {
  reply.code(response.status);
  for (const name in response.headers) reply.header(name, response.headers[name]);
  // A Buffer, so Fastify sends the content type as given (it adds a charset to strings).
  return reply.send(response.body === '' ? undefined : Buffer.from(response.body, 'utf8'));
}

function fastifyProblem(error: FastifyError, maxBodyBytes: number): ReceiverResponse {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return {
      ...problem(413, `The body is larger than ${maxBodyBytes} bytes.`),
      headers: { 'content-type': 'application/problem+json', connection: 'close' },
    };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return problem(status, error.message);
  return apiError(500, 'receiver_failed', 'The receiver failed unexpectedly.');
}

function failed(reply: FastifyReply, error: unknown): void {
  reply.send(error);
}

function sendOrFail(reply: FastifyReply, response: ReceiverResponse): void {
  try {
    send(reply, response);
  } catch (error) {
    failed(reply, error);
  }
}

function answer(core: ReceiverCore, request: FastifyRequest, reply: FastifyReply, event: { kind: EventKind; name: string }): void {
  // Fastify's `request.headers` are Node's, every name in lower case.
  const begun = core.begin(request.method, event, request.headers, true);
  const response = begun instanceof Begun ? core.finish(begun, request.body ?? EMPTY) : begun;
  if (response instanceof Promise)
    response.then(
      (r) => sendOrFail(reply, r),
      (error: unknown) => failed(reply, error),
    );
  else send(reply, response);
}

// Sends on the reply and returns nothing, rather than a promise for Fastify to wait on; with a
// synchronous handler the answer is sent from the route itself, no promise at all. A failure
// goes through reply.send(error) to the error handler.
function handler(receiver: Receiver, kind: EventKind, fixedName?: string) {
  const core = coreOf(receiver);
  const fixed = fixedName === undefined ? undefined : { kind, name: fixedName };
  return (request: FastifyRequest, reply: FastifyReply): void => {
    const event = fixed ?? { kind, name: (request.params as { name: string }).name };
    if (core) {
      try {
        answer(core, request, reply, event);
      } catch (error) {
        failed(reply, error);
      }
      return;
    }
    receiver.handle({ method: request.method, event, headers: request.headers, body: request.body ?? EMPTY }).then(
      (response) => sendOrFail(reply, response),
      (error: unknown) => failed(reply, error),
    );
  };
}

/**
 * A Fastify plugin: `app.register(createFastifyPlugin(receiver), { prefix: '/hooks' })`. It
 * is encapsulated: inside it every content type is read as a raw Buffer (Fastify's own
 * content-type parsing, limited to `maxBodyBytes`), so the signature can be checked, while
 * the rest of the app keeps its JSON parser.
 */
export function createFastifyPlugin(receiver: Receiver, options: FastifyRouteOptions = {}): FastifyPluginCallback {
  return (fastify, _opts, done) => {
    fastify.removeAllContentTypeParsers();
    // The spec's own media types by exact name (Fastify's fast lookup), any other through '*'
    // so that the receiver answers it with its 415.
    for (const type of new Set(['*', ...events.map((e) => e.contentType)])) {
      fastify.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: receiver.maxBodyBytes }, keepRaw);
    }
    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      if ((error.statusCode ?? 500) >= 500) request.log.error(error);
      return send(reply, fastifyProblem(error, receiver.maxBodyBytes));
    });
    if (options.event) {
      const { kind, name } = parseEventKey(options.event);
      fastify.all('/', handler(receiver, kind, name));
    } else {
      // The spec's events as static routes (Fastify's quickest lookup); other names reach the receiver's 404.
      for (const event of events) fastify.all(`/${event.kind}s/${event.name}`, handler(receiver, event.kind, event.name));
      fastify.all('/webhooks/:name', handler(receiver, 'webhook'));
      fastify.all('/callbacks/:name', handler(receiver, 'callback'));
    }
    done();
  };
}
