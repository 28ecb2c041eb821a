import type { RequestHandler } from 'express';

/**
 * Runs middlewares in order as one, as Express would (a throw or a rejected promise goes to
 * the error handlers), without the router's per-layer matching and bookkeeping: every API
 * request passes through all of them, so that cost was paid a dozen times per request.
 */
export function pipeline(...handlers: RequestHandler[]): RequestHandler {
  return (req, res, done) => {
    let at = 0;
    const next = (error?: unknown): void => {
      if (error !== undefined && error !== null) return done(error);
      const handler = handlers[at++];
      if (!handler) return done();
      try {
        const result = handler(req, res, next) as unknown;
        if (result && typeof (result as Promise<void>).then === 'function') {
          (result as Promise<void>).then(undefined, (e: unknown) => next(e ?? new Error('Rejected promise')));
        }
      } catch (e) {
        next(e ?? new Error('Thrown undefined'));
      }
    };
    next();
  };
}

/**
 * Hands a request to `handler` only when its path starts with one of `prefixes` (any case,
 * as Express matches): the routers of the docs, the console and `/metrics` serve nothing else.
 */
export function onlyUnder(prefixes: readonly string[], handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const path = req.path.toLowerCase();
    return prefixes.some((prefix) => path.startsWith(prefix)) ? handler(req, res, next) : next();
  };
}
