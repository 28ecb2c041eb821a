import type { RequestHandler } from 'express';
import { hasBodyValidator, validateBody } from '@clubnotify/spec';
import type { Logger } from 'pino';
import type { RequestContext } from './context.js';

/** `strict`: a response that breaks the spec becomes a 500 and an error log (dev, test). `warn`: logged, sent as is. */
export type ResponseValidationMode = 'strict' | 'warn' | 'off';

/** Checks every JSON response of a matched operation against the documented status and schema. */
export function validateResponses(mode: ResponseValidationMode, logger: Logger): RequestHandler {
  return (_req, res, next) => {
    if (mode === 'off') return next();
    const send = res.json.bind(res);
    res.json = (body: unknown) => {
      const ctx = res.locals.ctx as RequestContext | undefined;
      if (!ctx || res.locals.responseChecked) return send(body);
      res.locals.responseChecked = true;
      const status = res.statusCode;
      const type = String(res.get('Content-Type') ?? 'application/json').split(';')[0]!.trim();
      // Our own 5xx problems are already the loud failure; they need no second check.
      if (status >= 500 && type === 'application/problem+json') return send(body);
      const key = `${ctx.operation.id}.response.${status}.${type}`;
      const errors = hasBodyValidator(key)
        ? (() => {
            const result = validateBody(key, body, '/response');
            return result.ok ? [] : result.errors;
          })()
        : [{ pointer: '/response', detail: `status ${status} with ${type} is not documented for ${ctx.operation.id}` }];
      if (errors.length === 0) return send(body);
      logger.error({ operation: ctx.operation.id, status, errors }, 'response violates the spec');
      if (mode === 'warn') return send(body);
      res.status(500).type('application/problem+json');
      return send({
        type: 'https://clubnotify.dev/problems/response-validation',
        title: 'Response violates the contract',
        status: 500,
        detail: `The ${ctx.operation.id} response broke the spec: ${errors.map((e) => `${e.pointer} ${e.detail}`).join('; ')}`,
        instance: res.req.path,
        requestId: String(res.req.id ?? ''),
      });
    };
    next();
  };
}
