import type { RequestHandler } from 'express';
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
      const since = dateOf(operation['x-deprecated-at']);
      const sunset = dateOf(operation['x-sunset']);
      if (!since) continue;
      notices.set(operation.operationId, { deprecation: `@${Math.floor(since.getTime() / 1000)}`, ...(sunset ? { sunset: sunset.toUTCString() } : {}) });
    }
  }
  return notices;
}

/** Sets `Deprecation` and `Sunset` on every answer of a deprecated operation, errors included. */
export function deprecationHeaders(notices: ReadonlyMap<string, DeprecationNotice>): RequestHandler {
  return (_req, res, next) => {
    const notice = notices.size > 0 ? notices.get(contextOf(res).operation.id) : undefined;
    if (notice) {
      res.setHeader('Deprecation', notice.deprecation);
      if (notice.sunset) res.setHeader('Sunset', notice.sunset);
    }
    next();
  };
}
