import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler, Router } from 'express';
import express from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Caller, RequestContext } from '../http/context.js';
import { HttpProblem, sendProblem } from '../http/problem.js';
import { apiKeyPattern } from '../ids.js';
import type { Metrics } from './metrics.js';

export interface MetricsRouteOptions {
  metrics: Metrics;
  lookup: (token: string) => Promise<Caller | undefined>;
  /** METRICS_TOKEN: a bearer token for scrapers, accepted besides admin keys. */
  token?: string;
  /** Scrapes per minute per client address; default 120 (a scraper needs a few). */
  limitPerMinute?: number;
}

const unauthorized = () =>
  new HttpProblem('unauthorized', 'Send an admin API key or the METRICS_TOKEN as "Authorization: Bearer <token>".', undefined, {
    'WWW-Authenticate': 'Bearer',
  });

/** `GET /metrics`: Prometheus text, for an admin key or the METRICS_TOKEN bearer. */
export function metricsRoutes(options: MetricsRouteOptions): Router {
  const router = express.Router();
  // Served before the route table, so it names its operation for countRequests itself.
  router.get('/metrics', (_req, res, next) => {
    res.locals.operationId = 'getMetrics';
    next();
  });
  router.get(
    '/metrics',
    rateLimit({
      windowMs: 60_000,
      limit: options.limitPerMinute ?? 120,
      standardHeaders: 'draft-7',
      legacyHeaders: false,
      keyGenerator: (req) => ipKeyGenerator(req.ip ?? 'unknown'),
      handler: (_req, res) =>
        sendProblem(
          res,
          new HttpProblem('rate-limited', `More than ${options.limitPerMinute ?? 120} scrapes a minute from this address; slow down.`),
        ),
    }),
  );
  router.get('/metrics', async (req, res) => {
    const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
    if (!token) return sendProblem(res, unauthorized());
    if (!(options.token && sameSecret(token, options.token))) {
      const caller = apiKeyPattern.test(token) ? await options.lookup(token) : undefined;
      if (!caller) return sendProblem(res, unauthorized());
      if (caller.scope !== 'admin')
        return sendProblem(res, new HttpProblem('forbidden', 'Metrics need an admin API key or the METRICS_TOKEN.'));
    }
    const unknown = Object.keys(req.query as object);
    if (unknown.length > 0) {
      const errors = unknown.map((name) => ({ pointer: `/query/${name}`, detail: 'is not a parameter of GET /metrics' }));
      return sendProblem(res, new HttpProblem('validation', 'GET /metrics takes no query parameters.', errors));
    }
    const text = await options.metrics.scrape();
    res.set('Cache-Control', 'no-store').type(options.metrics.registry.contentType).send(text);
  });
  // Any other method (OPTIONS included, which a Router would otherwise answer itself) is a 405, as everywhere else.
  router.all('/metrics', (req, res) => {
    sendProblem(res, new HttpProblem('method-not-allowed', `${req.path} accepts GET.`, undefined, { Allow: 'GET' }));
  });
  return router;
}

/** Counts every answered request under its operationId (read when it finishes); mount first. */
export function countRequests(metrics: Metrics): RequestHandler {
  return (_req, res, next) => {
    res.on('finish', () => {
      const operation = (res.locals.ctx as RequestContext | undefined)?.operation.id ?? (res.locals.operationId as string | undefined);
      metrics.countRequest(operation ?? 'unmatched', res.statusCode);
    });
    next();
  };
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
