import type { Request, RequestHandler } from 'express';
import { contextOf } from './context.js';

type Json = Record<string, any>;

/** The headers every answer of one deprecated operation carries. */
export interface DeprecationNotice {
  /** RFC 9745 structured-field date: `@` and Unix seconds. */
  deprecation: string;
  /** RFC 8594 HTTP-date; absent when the operation names no sunset. */
  sunset?: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function dateOf(value: unknown): Date | undefined {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined;
}

function noticeOf(node: Json): DeprecationNotice | undefined {
  const since = dateOf(node['x-deprecated-at']);
  const sunset = dateOf(node['x-sunset']);
  return since ? { deprecation: `@${Math.floor(since.getTime() / 1000)}`, ...(sunset ? { sunset: sunset.toUTCString() } : {}) } : undefined;
}

/** A deprecated query or header parameter of one operation: its answers carry the notice when a request sends it. */
export interface DeprecatedParameter {
  in: 'query' | 'header';
  name: string;
  notice: DeprecationNotice;
}

function resolve(document: Json, node: Json): Json {
  const ref = node.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
  return ref
    .slice(2)
    .split('/')
    .reduce((at: Json, key) => at?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document);
}

/**
 * Reads the deprecated query and header parameters (`deprecated: true` with `x-deprecated-at`,
 * `x-sunset`) of each operation, by operationId, path-level parameters included.
 */
export function deprecatedParameters(document: Json): Map<string, DeprecatedParameter[]> {
  const found = new Map<string, DeprecatedParameter[]>();
  for (const item of Object.values((document.paths ?? {}) as Json)) {
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (!operation || typeof operation.operationId !== 'string') continue;
      const parameters = [...((item as Json).parameters ?? []), ...(operation.parameters ?? [])].map((p: Json) => resolve(document, p));
      const deprecated = parameters.flatMap((p) => {
        const notice = p?.deprecated === true && (p.in === 'query' || p.in === 'header') ? noticeOf(p) : undefined;
        return notice ? [{ in: p.in as 'query' | 'header', name: String(p.name), notice }] : [];
      });
      if (deprecated.length > 0) found.set(operation.operationId, deprecated);
    }
  }
  return found;
}

/**
 * Reads the deprecated operations of a document (`deprecated: true`, `x-deprecated-at`,
 * `x-sunset`), by operationId. One without a valid `x-deprecated-at` is skipped: `npm run
 * spec:diff` refuses such a contract, and a made-up date would mislead clients.
 */
export function deprecationNotices(document: Json): Map<string, DeprecationNotice> {
  const notices = new Map<string, DeprecationNotice>();
  for (const item of Object.values((document.paths ?? {}) as Json)) {
    for (const method of METHODS) {
      const operation = (item as Json)[method] as Json | undefined;
      if (operation?.deprecated !== true || typeof operation.operationId !== 'string') continue;
      const notice = noticeOf(operation);
      if (notice) notices.set(operation.operationId, notice);
    }
  }
  return notices;
}

function sent(req: Request, parameter: DeprecatedParameter): boolean {
  return parameter.in === 'header' ? req.get(parameter.name) !== undefined : Object.hasOwn(req.query as object, parameter.name);
}

/**
 * Sets `Deprecation` and `Sunset` on every answer of a deprecated operation, errors included,
 * and on every answer to a request that sends a deprecated parameter.
 */
export function deprecationHeaders(
  notices: ReadonlyMap<string, DeprecationNotice>,
  parameters: ReadonlyMap<string, readonly DeprecatedParameter[]> = new Map(),
): RequestHandler {
  return (req, res, next) => {
    const id = notices.size + parameters.size > 0 ? contextOf(res).operation.id : undefined;
    const notice = id === undefined ? undefined : (notices.get(id) ?? parameters.get(id)?.find((p) => sent(req, p))?.notice);
    if (notice) {
      res.setHeader('Deprecation', notice.deprecation);
      if (notice.sunset) res.setHeader('Sunset', notice.sunset);
    }
    next();
  };
}
