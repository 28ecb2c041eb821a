import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { RequestContext } from './context.js';
import { traceFieldsOf } from './tracing.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is a sane one, otherwise a fresh UUID; echoed in the answer. */
function requestId(req: IncomingMessage, res: ServerResponse): string {
  const incoming = req.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  res.setHeader('X-Request-Id', id);
  return id;
}

/**
 * Gives every request its id and, when `info` is enabled, one log line when it ends
 * (pino-http logs requests at `info` only). Below `info` the id is all that is needed, and
 * a pino child logger and finish listener per request would cost a busy server for nothing.
 */
/** What a request's line says besides the request and the answer: its operation, the caller's key id, the trace ids. */
function lineFields(res: Response): Record<string, unknown> {
  const ctx = res.locals?.ctx as RequestContext | undefined;
  const trace = traceFieldsOf(res);
  return ctx ? { operation: ctx.operation.id, keyId: ctx.caller?.keyId, ...trace } : trace;
}

export function requestLog(logger: Logger): RequestHandler {
  if (!logger.isLevelEnabled('info')) {
    return (req, res, next) => {
      req.id = requestId(req, res);
      next();
    };
  }
  return pinoHttp({
    logger,
    genReqId: requestId,
    // Keys travel in Authorization; nothing else of the request headers is worth a log line.
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    // The operation, key and trace ids go into the line itself, not into child-logger bindings:
    // pino-http binds its props at the request's start and again at its end, and the pino mixin adds
    // the trace ids too, so bindings gave each key up to three times (JSON that log pipelines refuse).
    // A key of the line itself replaces the mixin's, once.
    customSuccessObject: (_req, res, fields: Record<string, unknown>) => ({ ...fields, ...lineFields(res as Response) }),
    // A 5xx answered on purpose (a problem document) is logged by its status, not with a made-up
    // Error and its stack; a real error (res.err) keeps its stack.
    customErrorObject: (_req, res, error, fields: Record<string, unknown>) => {
      const line = { ...fields, ...lineFields(res as Response) };
      if ((res as { err?: unknown }).err || error.message !== `failed with status code ${res.statusCode}`) return line;
      const { err: _synthetic, ...rest } = line;
      return rest;
    },
  });
}
