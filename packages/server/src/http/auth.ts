import type { RequestHandler, Response } from 'express';
import type { Queryable } from '../db/database.js';
import { apiKeyPattern, hashApiKey } from '../ids.js';
import type { Caller } from './context.js';
import { contextOf } from './context.js';
import { HttpProblem } from './problem.js';

/** How long another process may still accept a revoked key (documented in the spec). */
export const KEY_CACHE_TTL_MS = 5_000;
const CACHE_MAX = 10_000;

/** Finds the caller of a bearer key; `forget` drops a revoked key from this process's cache at once. */
export interface KeyLookup {
  /** `via`: the connections to ask on a cache miss (the reads' for a read); default those of `createKeyLookup`. */
  (token: string, via?: Queryable): Promise<Caller | undefined>;
  forget(keyId: string): void;
}

/**
 * Looks up bearer keys by their SHA-256. Known keys are cached for 5 s (by the key itself,
 * so a cached key costs no hashing), which bounds how long a key revoked by another process
 * still works here; unknown and revoked keys always hit the database.
 */
export function createKeyLookup(db: Queryable): KeyLookup {
  const cache = new Map<string, { caller: Caller; until: number }>();
  const lookup = async (token: string, via: Queryable = db) => {
    const hit = cache.get(token);
    if (hit && hit.until > Date.now()) return hit.caller;
    const hash = hashApiKey(token);
    const rows = await via.query<{ id: string; name: string; scope: Caller['scope'] }>(
      'SELECT id, name, scope FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL',
      [hash],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (cache.size >= CACHE_MAX) cache.clear();
    const caller: Caller = { keyId: row.id, name: row.name, scope: row.scope };
    cache.set(token, { caller, until: Date.now() + KEY_CACHE_TTL_MS });
    return caller;
  };
  const forget = (keyId: string) => {
    for (const [token, entry] of cache) if (entry.caller.keyId === keyId) cache.delete(token);
  };
  return Object.assign(lookup, { forget });
}

const unauthorized = (detail: string) => new HttpProblem('unauthorized', detail, undefined, { 'WWW-Authenticate': 'Bearer' });

/** Identifies the caller; failures are recorded and raised later by `requireScope`, after rate limiting. */
export function identify(lookup: (token: string, res: Response) => Promise<Caller | undefined>): RequestHandler {
  return async (req, res, next) => {
    const ctx = contextOf(res);
    if (ctx.operation.scope === null) return next();
    const header = req.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (!match) {
      ctx.authProblem = unauthorized("Send your API key as 'Authorization: Bearer <key>'.");
    } else if (!apiKeyPattern.test(match[1]!)) {
      ctx.authProblem = unauthorized("This is not a clubnotify API key: keys start with 'cn_'.");
    } else {
      ctx.caller = await lookup(match[1]!, res);
      if (!ctx.caller) ctx.authProblem = unauthorized('Unknown API key.');
    }
    next();
  };
}

/** Raises the recorded 401, or 403 when the key lacks the operation's scope. */
export const requireScope: RequestHandler = (_req, res, next) => {
  const ctx = contextOf(res);
  if (ctx.authProblem) throw ctx.authProblem;
  if (ctx.operation.scope === 'admin' && ctx.caller?.scope !== 'admin') {
    throw new HttpProblem('forbidden', 'This operation needs an API key with the admin scope.');
  }
  next();
};
