import { isUtf8 } from 'node:buffer';
import type { IncomingHttpHeaders } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { hasBodyValidator, hasParamValidator, validateBody, validateParams, type FieldError } from '@clubnotify/spec';
import { matchOperation, type MockOperation } from './operations.js';
import { requestedPayloadVersion } from './payload-version-check.js';

/** Request bodies are capped at 64 KiB, as on the server. */
export const BODY_LIMIT = 64 * 1024;
// The server's key format (packages/server/src/ids.ts); the mock cannot know which keys exist.
const API_KEY = /^cn_[A-Za-z0-9_-]{20,200}$/;

/** A refusal, shaped like the server's problem documents. */
export interface Refusal {
  status: number;
  type: string;
  title: string;
  detail: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
  /** With a refused `payloadVersion`: the versions a target may choose now. */
  supportedPayloadVersions?: number[];
}

const refuse = (status: number, type: string, title: string, detail: string, extra: Partial<Refusal> = {}): Refusal => ({
  status,
  type,
  title,
  detail,
  ...extra,
});
const invalid = (errors: FieldError[], type = 'validation', title = 'Invalid request'): Refusal =>
  refuse(400, type, title, errors.map((e) => `${e.pointer} ${e.detail}`).join('; '), { errors });

function charsetOf(contentType: string): string | undefined {
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

function nulErrors(value: unknown, pointer: string): FieldError[] {
  if (typeof value === 'string')
    return value.includes('\u0000') ? [{ pointer, detail: 'must not contain the NUL character (U+0000)' }] : [];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, v]) => nulErrors(v, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  }
  return [];
}

/**
 * Checks a request the way the reference server does, in the server's order: path and
 * method, API key (format only), body size, media type and JSON, then parameters and body
 * against the spec's compiled validators. Returns the operation, or the refusal to send.
 */
export function checkRequest(
  method: string,
  url: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
): { operation: MockOperation; json?: unknown; payloadVersion?: number } | { refusal: Refusal } {
  const [path = '/', search = ''] = url.split(/\?(.*)/s);
  const match = matchOperation(method, path);
  if (!match) return { refusal: refuse(404, 'not-found', 'Not found', `There is no ${path} in this API; see /openapi.json.`) };
  const { operation } = match;
  if (!operation) {
    return {
      refusal: refuse(405, 'method-not-allowed', 'Method not allowed', `${path} accepts ${match.allowed.join(', ')}.`, {
        headers: { Allow: match.allowed.join(', ') },
      }),
    };
  }
  if (operation.secured) {
    const bearer = headers.authorization ? /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization) : null;
    const detail = !bearer
      ? "Send your API key as 'Authorization: Bearer <key>'."
      : !API_KEY.test(bearer[1]!)
        ? "This is not a clubnotify API key: keys start with 'cn_'."
        : undefined;
    if (detail) return { refusal: refuse(401, 'unauthorized', 'Unauthorized', detail, { headers: { 'WWW-Authenticate': 'Bearer' } }) };
  }

  let json: unknown;
  const sent = body.byteLength > 0 || headers['transfer-encoding'] !== undefined;
  if (operation.bodyTypes.length > 0) {
    if (!sent) {
      if (operation.bodyRequired) return { refusal: invalid([{ pointer: '/body', detail: 'is required: send a JSON object' }]) };
    } else {
      if (body.byteLength > BODY_LIMIT)
        return { refusal: refuse(413, 'payload-too-large', 'Payload too large', `The body is larger than ${BODY_LIMIT} bytes.`) };
      const contentType = headers['content-type'] ?? '';
      const type = contentType.split(';')[0]!.trim().toLowerCase();
      if (!operation.bodyTypes.includes(type) && !(type.endsWith('+json') && operation.bodyTypes.includes('application/json'))) {
        return {
          refusal: refuse(415, 'unsupported-media-type', 'Unsupported media type', `Send the body as ${operation.bodyTypes.join(' or ')}.`),
        };
      }
      const charset = charsetOf(contentType);
      if (charset !== undefined && !/^utf-?8$/i.test(charset)) {
        return {
          refusal: refuse(
            415,
            'unsupported-media-type',
            'Unsupported media type',
            `The body's charset is '${charset.slice(0, 40)}'; send UTF-8 (charset=utf-8, or no charset).`,
          ),
        };
      }
      if (!isUtf8(body)) return { refusal: invalid([{ pointer: '/body', detail: 'is not valid UTF-8' }], 'invalid-json', 'Invalid JSON') };
      try {
        json = JSON.parse(body.toString('utf8'));
      } catch (error) {
        return {
          refusal: invalid(
            [{ pointer: '/body', detail: `is not valid JSON (${(error as Error).message})` }],
            'invalid-json',
            'Invalid JSON',
          ),
        };
      }
    }
  }

  const errors: FieldError[] = [];
  const values: Record<string, string> = {};
  for (const [name, raw] of Object.entries(match.params)) {
    try {
      values[name] = decodeURIComponent(raw);
    } catch {
      errors.push({ pointer: `/path/${name}`, detail: 'is not valid percent-encoding' });
    }
  }
  const query: Record<string, unknown> = { ...parseQuery(search) };
  const params: Array<[string, Record<string, unknown>]> = [
    [`${operation.id}.path`, values],
    [`${operation.id}.query`, query],
    [`${operation.id}.header`, { ...headers }],
  ];
  for (const [key, data] of params) {
    if (!hasParamValidator(key) || (data === values && errors.length > 0)) continue;
    const result = validateParams(key, data);
    if (!result.ok) errors.push(...result.errors);
  }
  if (json !== undefined) {
    const key = `${operation.id}.body.${operation.bodyTypes[0]!}`;
    if (hasBodyValidator(key)) {
      const result = validateBody(key, json);
      if (!result.ok) errors.push(...result.errors);
    }
  }
  if (errors.length === 0)
    for (const [pointer, data] of [
      ['/path', values],
      ['/query', query],
      ['/body', json],
    ] as const)
      errors.push(...nulErrors(data, pointer));
  if (errors.length > 0) return { refusal: invalid(errors) };
  const payloadVersion = requestedPayloadVersion(json, query);
  if (typeof payloadVersion === 'object') return { refusal: payloadVersion };
  return { operation, json, payloadVersion };
}
