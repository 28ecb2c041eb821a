import { isUtf8 } from 'node:buffer';
import express from 'express';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { hasBodyValidator, hasParamValidator, validateBody, validateParams, type FieldError } from '@clubnotify/spec';
import { contextOf } from './context.js';
import { matchOperation } from './operations.js';
import { HttpProblem, problems } from './problem.js';

/** Request bodies are capped at 64 KiB. */
export const BODY_LIMIT = 64 * 1024;

/** Finds the spec operation of the request: unknown paths are 404, known paths with another method 405. */
export const routeToOperation: RequestHandler = (req, res, next) => {
  const match = matchOperation(req.method, req.path);
  if (!match) throw new HttpProblem('not-found', `There is no ${req.path} in this API; see /openapi.json.`);
  if (!match.operation) {
    throw new HttpProblem('method-not-allowed', `${req.path} accepts ${match.allowed.join(', ')}.`, undefined, {
      Allow: match.allowed.join(', '),
    });
  }
  res.locals.ctx = { operation: match.operation, rawPath: match.params, path: {}, query: {}, headers: {}, body: undefined };
  next();
};

function hasBody(req: express.Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

class InvalidUtf8 extends Error {}

const parseJson = express.json({
  limit: BODY_LIMIT,
  type: () => true,
  strict: false,
  // The decoder would silently turn invalid bytes into U+FFFD and store them.
  verify: (_req, _res, buf) => {
    if (!isUtf8(buf)) throw new InvalidUtf8('is not valid UTF-8');
  },
});

/** Checks presence, size and media type of the body, then parses it as JSON. */
export const readBody: RequestHandler = (req, res, next) => {
  const { operation } = contextOf(res);
  if (operation.bodyTypes.length === 0) return next();
  if (!hasBody(req)) {
    if (operation.bodyRequired) throw problems.field('/body', 'is required: send a JSON object');
    return next();
  }
  if (Number(req.headers['content-length']) > BODY_LIMIT) {
    throw new HttpProblem('payload-too-large', `The body is larger than ${BODY_LIMIT} bytes.`);
  }
  if (!req.is(operation.bodyTypes)) {
    throw new HttpProblem('unsupported-media-type', `Send the body as ${operation.bodyTypes.join(' or ')}.`);
  }
  const charset = charsetOf(req.headers['content-type'] ?? '');
  if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
    throw new HttpProblem(
      'unsupported-media-type',
      `The body's charset is '${charset.slice(0, 40)}'; send UTF-8 (charset=utf-8, or no charset).`,
    );
  }
  // body-parser knows UTF-8 only by the name utf-8; the bytes are checked as UTF-8 anyway.
  if (charset !== undefined) req.headers['content-type'] = String(req.headers['content-type']).split(';')[0];
  parseJson(req, res, next);
};

/** The `charset` parameter of a Content-Type (quotes removed), or undefined without one. */
export function charsetOf(contentType: string): string | undefined {
  for (const param of contentType.split(';').slice(1)) {
    const [name, ...value] = param.split('=');
    if (name?.trim().toLowerCase() === 'charset')
      return value
        .join('=')
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  return undefined;
}

/** Turns body-parser's errors into problems: 413, 415 or 400. */
export const bodyErrors: ErrorRequestHandler = (error, _req, _res, next) => {
  switch (error?.type) {
    case 'entity.too.large':
      return next(new HttpProblem('payload-too-large', `The body is larger than ${BODY_LIMIT} bytes.`));
    case 'entity.verify.failed':
      if (error instanceof InvalidUtf8) return next(problems.field('/body', 'is not valid UTF-8', 'invalid-json'));
      return next(error);
    case 'entity.parse.failed':
      return next(problems.field('/body', `is not valid JSON (${String(error.message)})`, 'invalid-json'));
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return next(new HttpProblem('unsupported-media-type', `${String(error.message)}; send UTF-8 JSON.`));
    case 'request.aborted':
    case 'request.size.invalid':
      return next(problems.field('/body', 'was not received completely'));
    default:
      return next(error);
  }
};

function decodePath(raw: Record<string, string>): { values: Record<string, string>; errors: FieldError[] } {
  const values: Record<string, string> = {};
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(raw)) {
    try {
      values[name] = decodeURIComponent(value);
    } catch {
      errors.push({ pointer: `/path/${name}`, detail: 'is not valid percent-encoding' });
    }
  }
  return { values, errors };
}

/** Validates path, query, headers and body against the operation; coerced values land in the context. */
export const validateRequest: RequestHandler = (req, res, next) => {
  const ctx = contextOf(res);
  const id = ctx.operation.id;
  const { values, errors } = decodePath(ctx.rawPath);
  const query: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
  const headers: Record<string, unknown> = { ...req.headers };
  for (const [key, data] of [
    [`${id}.path`, values],
    [`${id}.query`, query],
    [`${id}.header`, headers],
  ] as const) {
    if (!hasParamValidator(key) || (data === values && errors.length > 0)) continue;
    const result = validateParams(key, data);
    if (!result.ok) errors.push(...result.errors);
  }
  if (req.body !== undefined && ctx.operation.bodyTypes.length > 0) {
    const key = `${id}.body.${ctx.operation.bodyTypes[0]}`;
    if (hasBodyValidator(key)) {
      const result = validateBody(key, req.body);
      if (!result.ok) errors.push(...result.errors);
    }
  }
  if (errors.length === 0) {
    // PostgreSQL text cannot hold U+0000: refuse it here rather than fail in the database.
    for (const [pointer, data] of [
      ['/path', values],
      ['/query', query],
      ['/body', req.body],
    ] as const)
      errors.push(...nulErrors(data, pointer));
  }
  if (errors.length > 0) throw problems.validation(errors);
  ctx.path = wellFormed(values);
  ctx.query = wellFormed(query);
  ctx.headers = headers;
  ctx.body = wellFormed(req.body);
  next();
};

// ES2024's String methods (Node 20 has them; the project's lib is ES2023).
interface WellFormedString {
  isWellFormed(): boolean;
  toWellFormed(): string;
}

/**
 * A JSON string may escape half of a surrogate pair (`"\ud800"`), which UTF-8 cannot carry:
 * such a code unit becomes U+FFFD here, once, so every statement (text parameters and JSON
 * documents alike) stores the same text. Paired surrogates are left as they are.
 */
function wellFormed<T>(value: T): T {
  if (typeof value === 'string') {
    const text = value as unknown as WellFormedString;
    return (text.isWellFormed() ? value : text.toWellFormed()) as T;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = wellFormed(value[i]);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      const inner = wellFormed(record[key]);
      const fixed = wellFormed(key);
      if (fixed !== key) delete record[key];
      // defineProperty: a key such as `__proto__` stays a plain property.
      if (fixed !== key || inner !== record[key])
        Object.defineProperty(record, fixed, { value: inner, writable: true, enumerable: true, configurable: true });
    }
  }
  return value;
}

function nulErrors(value: unknown, pointer: string): FieldError[] {
  if (typeof value === 'string')
    return value.includes('\u0000') ? [{ pointer, detail: 'must not contain the NUL character (U+0000)' }] : [];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, v]) => nulErrors(v, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  }
  return [];
}
