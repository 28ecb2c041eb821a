import type { RequestHandler, Response } from 'express';
import { hasBodyValidator, validateBody, type FieldError } from '@clubnotify/spec';
import type { Logger } from 'pino';
import type { RequestContext } from './context.js';
import { HttpProblem } from './problem.js';

/** `strict`: a response that breaks the spec becomes a 500 and an error log (dev, test). `warn`: logged, sent as is. */
export type ResponseValidationMode = 'strict' | 'warn' | 'off';

/**
 * Checks an answer before the work behind it commits: in `strict` mode a broken answer
 * throws, so the transaction rolls back and the 500 leaves nothing behind. A checked
 * answer is not checked again on the way out. Returns the body.
 */
export type ResponseCheck = (<T>(res: Response, status: number, body: T) => T) & {
  /** Whether a broken answer throws (strict), so that the work behind it must stay uncommitted until checked. */
  readonly rollsBack: boolean;
};

/** What is wrong with a body sent for an operation with a status, against the spec. */
export function responseErrors(operationId: string, status: number, type: string, body: unknown): FieldError[] {
  const key = `${operationId}.response.${status}.${type}`;
  if (!hasBodyValidator(key))
    return [{ pointer: '/response', detail: `status ${status} with ${type} is not documented for ${operationId}` }];
  const result = validateBody(key, body, '/response');
  return result.ok ? [] : result.errors;
}

const brokeSpec = (operationId: string, errors: FieldError[]) =>
  `The ${operationId} response broke the spec: ${errors
    .slice(0, 3)
    .map((e) => `${e.pointer} ${e.detail}`)
    .join('; ')}${errors.length > 3 ? `; and ${errors.length - 3} more in the log` : ''}`;

export function createResponseCheck(mode: ResponseValidationMode, logger: Logger): ResponseCheck {
  const check = <T>(res: Response, status: number, body: T): T => {
    const ctx = res.locals.ctx as RequestContext | undefined;
    if (mode === 'off' || !ctx) return body;
    const errors = responseErrors(ctx.operation.id, status, 'application/json', body);
    if (errors.length > 0) {
      logger.error({ operation: ctx.operation.id, status, errors }, 'response violates the spec; the work was rolled back');
      if (mode === 'strict') throw new HttpProblem('response-validation', brokeSpec(ctx.operation.id, errors));
    }
    res.locals.responseChecked = true;
    return body;
  };
  return Object.assign(check, { rollsBack: mode === 'strict' });
}

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
      const type = String(res.get('Content-Type') ?? 'application/json')
        .split(';')[0]!
        .trim();
      // Our own 5xx problems are already the loud failure; they need no second check.
      if (status >= 500 && type === 'application/problem+json') return send(body);
      const errors = responseErrors(ctx.operation.id, status, type, body);
      if (errors.length === 0) return send(body);
      logger.error({ operation: ctx.operation.id, status, errors }, 'response violates the spec');
      if (mode === 'warn') return send(body);
      res.status(500).type('application/problem+json');
      return send({
        type: 'https://clubnotify.dev/problems/response-validation',
        title: 'Response violates the contract',
        status: 500,
        detail: brokeSpec(ctx.operation.id, errors),
        instance: res.req.path,
        requestId: String(res.req.id ?? ''),
      });
    };
    next();
  };
}
