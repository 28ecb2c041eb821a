import { document } from '@clubnotify/spec';
import express from 'express';
import type { ErrorRequestHandler, Express, RequestHandler, Response, Router } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { Database } from './db/database.js';
import { identify, createKeyLookup, requireScope } from './http/auth.js';
import { contextOf, type Caller, type Handler } from './http/context.js';
import { consoleRoutes } from './http/console.js';
import {
  deprecatedParameters,
  deprecationHeaders,
  deprecationNotices,
  type DeprecatedParameter,
  type DeprecationNotice,
} from './http/deprecation.js';
import { defaultDocsCacheDir, docsRoutes } from './http/docs.js';
import { createLogger } from './http/logger.js';
import { requestLog } from './http/request-log.js';
import { readGate } from './http/read-gate.js';
import { ReadBudget, defaultReadBudget } from './db/read-budget.js';
import { traceRequests } from './http/tracing.js';
import { onlyUnder, pipeline } from './http/pipeline.js';
import { deliveryHandlers } from './routes/deliveries.js';
import type { DeliveryHandoff, Outcome } from './delivery/types.js';
import { createOutgoingGuard, type OutgoingValidationMode } from './publish/outgoing-check.js';
import { HttpProblem, sendProblem } from './http/problem.js';
import { databaseUnavailable } from './http/unavailable.js';
import { isDatabaseUnavailable } from './db/unavailable.js';
import { bodyErrors, readBody, routeToOperation, validateRequest } from './http/request.js';
import { createResponseCheck, validateResponses, type ResponseValidationMode } from './http/response-validation.js';
import type { LookupFn, UrlPolicy } from './net/url-policy.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import { countRequests, metricsRoutes } from './metrics/routes.js';
import { conversionFailures } from './metrics/conversion-failures.js';
import { createCursorCodec } from './pagination/cursor.js';
import { adminHandlers } from './routes/admin.js';
import { itemHandlers } from './routes/items.js';
import { publishingHandlers } from './routes/publishing.js';
import { operationalEventHandlers } from './routes/operational-events.js';
import { operationalSubscriptionHandlers } from './routes/operational-subscriptions.js';
import { registrationHandlers } from './routes/registrations.js';
import { Outbox } from './publish/outbox.js';
import { PullFeed, type PullFeedOptions } from './delivery/pull/pull-feed.js';
import { pullHandlers } from './routes/pull.js';
import { subscriptionHandlers } from './routes/subscriptions.js';
import type { Services, TargetLimits } from './services.js';
import type { SigningKey } from './delivery/send/signing-keys.js';
import { contractVersions, type PayloadVersioning } from './delivery/payload-versions.js';

/** Everything `createApp` needs; nothing here listens or opens anything. */
export interface AppDeps {
  db: Database;
  /** Key that signs pagination cursors (see `serverSecret`). */
  cursorKey: Buffer;
  /** The operator's `v1a` key (SIGNING_KEY, SIGNING_KEY_FILE); give the worker the same. */
  signingKey?: SigningKey;
  urlPolicy: UrlPolicy;
  /** DNS resolver for the registration URL check; the system resolver by default. */
  lookup?: LookupFn;
  /** Made with `createLogger` (pino-http accepts only loggers of its own pino copy). */
  logger?: Logger;
  /** Requests per minute per API key (per IP without a key). Default 600. */
  rateLimitPerMinute?: number;
  /** Default `strict` (a response that breaks the spec is a 500 and an error log). */
  responseValidation?: ResponseValidationMode;
  /** Default `strict` (a webhook or callback body that breaks the spec is a 500 and nothing is queued); `warn` logs and counts it. */
  outgoingValidation?: OutgoingValidationMode;
  /** Only for benchmarks: `false` skips request validation, or replaces it with these middlewares. */
  requestValidation?: boolean | RequestHandler[];
  /** Where the Redoc HTML of `/docs` is cached. */
  docsCacheDir?: string;
  /** The built web console served at `/console`; default the package's `dist/console`. */
  consoleDir?: string;
  /** `trust proxy` setting, for `req.ip` and absolute links behind a proxy. */
  trustProxy?: boolean | number | string;
  /** PUBLIC_BASE_URL: the base of absolute `Link` header URLs (otherwise they are relative, or from a trusted proxy). */
  publicBaseUrl?: string;
  /**
   * Replaces the delivery engine's routes (listDeliveries, replayDelivery, recoverDeliveries)
   * mounted after matching, auth, rate limiting and validation. Default: the app's own (`deliveryHandlers`).
   */
  deliveryRoutes?: RequestHandler;
  /** Prometheus instruments behind `GET /metrics` (share them with the worker's `onOutcome`); a fresh set by default. */
  metrics?: Metrics;
  /** METRICS_TOKEN: a bearer token accepted by `GET /metrics` besides admin keys. */
  metricsToken?: string;
  /** Scrapes of `GET /metrics` per address and minute; 120 by default. */
  metricsScrapesPerMinute?: number;
  /**
   * The local delivery worker, handed what publishing queued once it has committed (it claims what it does not take)
   * and woken for what replay and recovery requeued. Without one, every such commit wakes the workers of every process.
   */
  deliveryHandoff?: DeliveryHandoff;
  /** The pull feed's schedule, policy and lease (pull-feed.ts); by default the engine's defaults and a 60 s lease. */
  pull?: Omit<PullFeedOptions, 'db'>;
  /** Live registrations and subscriptions per API key; 100 each by default. */
  limits?: Partial<TargetLimits>;
  /** How long the delivery history is kept (DELIVERY_RETENTION; the worker prunes it); recovery reaches no further back. */
  deliveryRetentionMs?: number;
  /** `Deprecation`/`Sunset` headers by operationId; by default read from the spec's deprecated operations. */
  deprecations?: ReadonlyMap<string, DeprecationNotice>;
  /** Deprecated query and header parameters by operationId; by default read from the spec. */
  deprecatedParameters?: ReadonlyMap<string, readonly DeprecatedParameter[]>;
  /**
   * The reads' bulkhead (keyed `GET`s and `GET /metrics`): how many run at once and wait.
   * Default `defaultReadBudget(db.kind)`; on PostgreSQL keep `concurrency` at the read pool's size.
   */
  readBudget?: ReadBudget;
  /**
   * The payload versions targets may choose and messages are converted to; the contract's by
   * default. Tests give a test contract (two versions and their converters): give the worker the same.
   */
  payloadVersions?: PayloadVersioning;
  /** The time payload versions' sunsets are judged against; the system clock by default. */
  clock?: () => Date;
}

/** Builds the Express app for every operation of the spec. It never listens. */
export function createApp(deps: AppDeps): Express {
  const logger = deps.logger ?? createLogger('silent');
  const checkResponse = createResponseCheck(deps.responseValidation ?? 'strict', logger);
  const keys = createKeyLookup(deps.db);
  const limits = { registrationsPerKey: 100, subscriptionsPerKey: 100, ...deps.limits };
  // Reads run on their own connections (PostgreSQL) and budget, so they never hold up publishing or delivery.
  const reads = deps.db.reads ?? deps.db;
  const budget = deps.readBudget ?? new ReadBudget(defaultReadBudget(deps.db.kind));
  const metrics = deps.metrics ?? createMetrics(deps.db, { reads });
  const check = createOutgoingGuard(deps.outgoingValidation ?? 'strict', logger, metrics.countOutgoingViolation);
  const versions = deps.payloadVersions ?? contractVersions;
  const unconverted = conversionFailures(metrics, logger);
  // Pull outcomes count in /metrics as the worker's do (server.ts wires its onOutcome alike).
  const onOutcome = (outcome: Outcome) => {
    metrics.onOutcome(outcome);
    unconverted(outcome);
  };
  const pull = new PullFeed({ onOutcome, ...deps.pull, db: deps.db, versions });
  const outbox = new Outbox({
    db: deps.db,
    handoff: deps.deliveryHandoff,
    readers: pull,
    check,
    versions,
    onError: (error) => logger.warn({ err: error }, 'outbox: waking the delivery workers'),
  });
  const services: Services = {
    db: deps.db,
    cursors: createCursorCodec(deps.cursorKey),
    urlPolicy: deps.urlPolicy,
    lookup: deps.lookup,
    outbox,
    pull,
    links: { publicBaseUrl: deps.publicBaseUrl, trustProxy: deps.trustProxy !== undefined && deps.trustProxy !== false },
    keys,
    limits,
    checkResponse,
    retentionMs: deps.deliveryRetentionMs,
    versions,
    clock: deps.clock ?? (() => new Date()),
    signingKey: deps.signingKey,
  };
  // Reads and writes part once: each operation's handler is made over the reads' connections or the others.
  const served = { deliveries: deps.deliveryRoutes === undefined };
  const handlers = { read: operationHandlers({ ...services, db: reads }, served), write: operationHandlers(services, served) };
  const isRead = (res: Response) => contextOf(res).operation.read;

  const app = express();
  // Tells observers (spec coverage in tests) which server answers for the contract.
  app.locals.servesContract = true;
  app.disable('x-powered-by');
  // The contract declares no conditional requests: no ETag, so no 304.
  app.set('etag', false);
  app.set('query parser', 'simple');
  endJsonWithNewline(app);
  if (deps.trustProxy !== undefined) app.set('trust proxy', deps.trustProxy);

  // Every middleware of a request, one Express layer (pipeline.ts): tracing, request id, counting,
  // the docs, console and `/metrics` (their routers see only their paths), then the operations:
  // matching, auth, rate limiting, validation, the handler.
  app.use(
    pipeline(
      traceRequests(),
      requestLog(logger),
      countRequests(metrics),
      onlyUnder(['/openapi.', '/docs'], docsRoutes(deps.docsCacheDir ?? defaultDocsCacheDir)),
      onlyUnder(['/favicon.ico', '/console'], consoleRoutes(deps.consoleDir)),
      onlyUnder(
        ['/metrics'],
        metricsRouter(deps, metrics, budget, (token) => keys(token, reads)),
      ),
      routeToOperation,
      deprecationHeaders(deps.deprecations ?? deprecationNotices(document), deps.deprecatedParameters ?? deprecatedParameters(document)),
      validateResponses(deps.responseValidation ?? 'strict', logger),
      readGate(budget, isRead),
      identify((token, res) => keys(token, isRead(res) ? reads : undefined)),
      rateLimit({
        windowMs: 60_000,
        limit: deps.rateLimitPerMinute ?? 600,
        standardHeaders: 'draft-7',
        legacyHeaders: false,
        skip: (_req, res) => contextOf(res).operation.scope === null,
        keyGenerator: (req, res) => contextOf(res).caller?.keyId ?? ipKeyGenerator(req.ip ?? 'unknown'),
        handler: (_req, res, _next, options) => {
          const retry = res.getHeader('Retry-After');
          sendProblem(
            res,
            new HttpProblem(
              'rate-limited',
              `This API key made more than ${String(options.limit)} requests in a minute. Retry after ${String(retry)} seconds.`,
            ),
          );
        },
      }),
      requireScope,
      readBody,
      ...requestValidation(deps.requestValidation),
      (req, res, next) => {
        const ctx = contextOf(res);
        const handler = handlers[ctx.operation.read ? 'read' : 'write'][ctx.operation.id];
        if (!handler) return next();
        return handler(req, res, ctx);
      },
      // An embedder's own delivery routes (listDeliveries, replayDelivery, recoverDeliveries), when it gave them.
      ...(deps.deliveryRoutes ? [deps.deliveryRoutes] : []),
      (_req, res) => {
        const ctx = contextOf(res);
        // Not a contract violation of the response but a missing mount: say so plainly.
        res.locals.responseChecked = true;
        throw new HttpProblem('not-found', `${ctx.operation.id} is not served by this server.`);
      },
    ),
  );
  app.use(bodyErrors);
  app.use(errorHandler(logger));
  return app;
}

/** `GET /metrics` behind the reads' budget. */
function metricsRouter(
  deps: AppDeps,
  metrics: Metrics,
  budget: ReadBudget,
  lookup: (token: string) => Promise<Caller | undefined>,
): Router {
  const router = express.Router();
  router.get(
    '/metrics',
    readGate(budget, () => true),
  );
  router.use(metricsRoutes({ metrics, lookup, token: deps.metricsToken, limitPerMinute: deps.metricsScrapesPerMinute }));
  return router;
}

/** Request validation, or what a benchmark puts in its place (`requestValidation`). */
function requestValidation(option: AppDeps['requestValidation']): RequestHandler[] {
  if (option === undefined || option === true) return [validateRequest];
  return [...(Array.isArray(option) ? option : []), passThroughContext];
}

/** The handlers of the spec's operations, by operationId (`GET /metrics` is mounted apart; the delivery log unless `deliveries` is false). */
export function operationHandlers(services: Services, { deliveries = true } = {}): Record<string, Handler> {
  return {
    ...(deliveries ? deliveryHandlers(services) : {}),
    ...registrationHandlers(services),
    ...subscriptionHandlers(services),
    ...pullHandlers(services),
    ...operationalSubscriptionHandlers(services),
    ...operationalEventHandlers(services),
    ...itemHandlers(services),
    ...publishingHandlers(services),
    ...adminHandlers(services),
  };
}

/** Without validation (benchmark baseline) the handlers still need coerced parameters. */
const passThroughContext: RequestHandler = (req, res, next) => {
  const ctx = contextOf(res);
  const query: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
  for (const name of ['limit', 'page', 'size', 'offset']) if (query[name] !== undefined) query[name] = Number(query[name]);
  query.limit ??= 20;
  query.page ??= 1;
  query.size ??= 20;
  query.offset ??= 0;
  ctx.query = query;
  ctx.path = Object.fromEntries(Object.entries(ctx.rawPath).map(([k, v]) => [k, decodeURIComponent(v)]));
  ctx.headers = req.headers;
  ctx.body = req.body;
  next();
};

/**
 * JSON answers end with a newline, as text files do, so `curl` output does not run into the
 * shell prompt. Applied where Express writes JSON, so Content-Length counts the newline and
 * response validation (which sees the value, not the text) is unaffected.
 */
function endJsonWithNewline(app: Express): void {
  app.response.json = function json(this: Response, body: unknown) {
    const text = JSON.stringify(body, app.get('json replacer') as undefined, app.get('json spaces') as undefined);
    if (!this.get('Content-Type')) this.type('application/json');
    return this.send(text === undefined ? text : `${text}\n`);
  };
}

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) {
      logger.error({ err: error, requestId: req.id }, 'error after the response started');
      res.destroy();
      return;
    }
    if (error instanceof HttpProblem) return sendProblem(res, error);
    if (isDatabaseUnavailable(error)) {
      logger.warn({ reason: (error as Error).message, requestId: req.id }, 'database unavailable');
      return sendProblem(res, databaseUnavailable());
    }
    logger.error({ err: error, requestId: req.id }, 'unhandled error');
    sendProblem(res, new HttpProblem('internal', 'Something went wrong on our side; the request id identifies it in our logs.'));
  };
}
