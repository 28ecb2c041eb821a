import createOpenApiClient, { type Client, type ParamsOption, type RequestBodyOption } from 'openapi-fetch';
import { PaginationContractError, PaginationError } from './errors.js';
import type { components, paths } from './generated/openapi.js';
import {
  idempotencyKeyOperations,
  idempotentOperations,
  webhookRegistrations,
  type PayloadVersion,
  type RegistrableWebhook,
} from './generated/operations.js';
import { pagination as specPagination } from './generated/pagination.js';
import { execute, type AttemptResult, type ExecuteOptions } from './internal/execute.js';
import { createTransport, type Fetch, type SendInit } from './internal/transport.js';
import type { CollectionPath, ItemOf, ListBody, QueryOf } from './internal/types.js';
import { Paginator, type PageSource, type PaginateOptions, type Query } from './pagination.js';
import { missingFields, type PaginationContract, type PaginationTable } from './pagination-contract.js';
import { retryPolicy, type RetryOptions } from './retry.js';

type Schemas = components['schemas'];

/** A request body whose `payloadVersion` is one of this contract's versions, not any number. */
type Versioned<T> = Omit<T, 'payloadVersion'> & { payloadVersion?: PayloadVersion };

export interface ClientOptions {
  /** The service's root URL, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>` on every request. */
  apiKey?: string;
  /** A fetch to use instead of `globalThis.fetch` (a proxy agent, a test transport, a browser polyfill). */
  fetch?: Fetch;
  /** Time allowed for one attempt, body included. Default 30 s; 0 disables. */
  timeoutMs?: number;
  /** Retries of idempotent requests; `false` disables them. */
  retry?: RetryOptions | false;
  /** Extra headers sent on every request. */
  headers?: Record<string, string>;
  /**
   * A page whose envelope is not the one the spec declares for its collection throws a
   * PaginationContractError instead of warning once. Default false.
   */
  strictPagination?: boolean;
  /** How each collection pages. Default: the table generated from this spec's `x-pagination`. */
  pagination?: PaginationTable;
}

/** Options of the calls that make a target: every call's, and how it is delivered to. */
export interface TargetOptions extends RequestOptions {
  /** `push` (default): the server sends to the URL. `pull`: the owner leases the messages (`client.pull`). */
  delivery?: Schemas['DeliveryMode'];
  /**
   * The payload version its webhooks or callbacks are sent in (default: the server's current
   * one): the version the receiver is built for. Switch later with `update`.
   */
  payloadVersion?: PayloadVersion;
  /** How its messages are signed: `v1` (default, HMAC with its secret), `v1a` (ed25519, verified with the server's published keys), or both. */
  signature?: Schemas['SignatureScheme'];
}

type TargetFields = { delivery?: Schemas['DeliveryMode']; payloadVersion?: PayloadVersion; signature?: Schemas['SignatureScheme'] };

/** A target call's body fields from its options, and the rest of its options. */
function splitTarget(opts: TargetOptions | undefined): [TargetFields, RequestOptions | undefined] {
  if (opts === undefined) return [{}, undefined];
  const { delivery, payloadVersion, signature, ...rest } = opts;
  const fields = { delivery, payloadVersion, signature };
  return [Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as TargetFields, rest];
}

/** Options every call accepts. */
export interface RequestOptions {
  /** Cancels the call, retries and backoff waits included; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Overrides the client's timeoutMs for this call. */
  timeoutMs?: number;
  /** Makes a publishing call retryable: the server answers a repeat with the first result. */
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

type Method = 'get' | 'post' | 'patch' | 'delete';
type PathsWith<M extends Method> = { [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never }[keyof paths];
type Operation<P extends keyof paths, M extends Method> = paths[P] extends { [K in M]: infer O } ? O : never;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The init of a typed call: `params` and `body` exactly as the spec says, plus RequestOptions. */
export type CallInit<O> = ParamsOption<O> & RequestBodyOption<O> & RequestOptions;
type CallArgs<O> = RequiredKeys<CallInit<O>> extends never ? [init?: CallInit<O>] : [init: CallInit<O>];
type SuccessStatus = 200 | 201 | 202 | 204;
/** The body of the operation's 2xx response (`undefined` for 204). */
export type SuccessData<O> = O extends { responses: infer R }
  ? {
      [S in keyof R]: S extends SuccessStatus ? (R[S] extends { content: { 'application/json': infer B } } ? B : undefined) : never;
    }[keyof R]
  : never;

/** A typed call that resolves with the response body or throws an ApiError. */
export type TypedCall<M extends Method> = <P extends PathsWith<M>>(
  path: P,
  ...init: CallArgs<Operation<P, M>>
) => Promise<SuccessData<Operation<P, M>>>;

/** Options of `client.paginate`: the collection's own query parameters, and limits. */
export type PaginateParams<P extends CollectionPath> = { query?: QueryOf<P>; timeoutMs?: number } & PaginateOptions;

/** A paginator typed for one collection. */
export type CollectionPaginator<P extends CollectionPath> = Paginator<ItemOf<P>, ListBody<P>>;

const registrationPaths: ReadonlyMap<string, string> = new Map(webhookRegistrations.map((r) => [r.webhook, r.path]));
const methods = { get: 'GET', post: 'POST', patch: 'PATCH', delete: 'DELETE' } as const;
const noInit: SendInit = {};
const dataOf = (result: AttemptResult) => result.data;

/** Creates a typed client for every operation of the clubnotify API. */
export function createClient(options: ClientOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const base = new URL(baseUrl, typeof location === 'undefined' ? undefined : location.href);
  const basePath = base.pathname.replace(/\/+$/, '');
  const policy = retryPolicy(options.retry);
  const defaultTimeout = options.timeoutMs ?? 30_000;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;
  const userFetch = options.fetch;
  const transport = createTransport(baseUrl, headers, userFetch);

  /** The underlying openapi-fetch client: `{ data, error, response }`, auth and fetch set, no retries or timeout. */
  const raw: Client<paths> = createOpenApiClient<paths>({
    baseUrl,
    headers,
    ...(userFetch && { fetch: (request: Request) => userFetch(request) }),
  });

  function call(method: Method, path: string, init: (RequestOptions & SendInit) | undefined): Promise<unknown> {
    const upper = methods[method];
    // Which calls may be sent again comes from the spec (src/generated/operations.ts).
    const safe = method === 'get' || method === 'delete' || idempotentOperations.has(`${upper} ${path}`);
    if (init === undefined)
      return execute(
        () => transport.send(upper, baseUrl + path, noInit, undefined),
        attemptOptions(upper, path, safe, defaultTimeout, undefined),
      ).then(dataOf);
    const { signal, timeoutMs, idempotencyKey, headers: extra, ...rest } = init;
    const keyed = idempotencyKey !== undefined || rest.params?.header?.['Idempotency-Key'] !== undefined;
    const idempotent = safe || (keyed && idempotencyKeyOperations.has(`${upper} ${path}`));
    const sendInit: SendInit = { ...rest, headers: idempotencyKey === undefined ? extra : { ...extra, 'idempotency-key': idempotencyKey } };
    const url = transport.url(path, rest.params);
    return execute(
      () => transport.send(upper, url, sendInit, signal),
      attemptOptions(upper, path, idempotent, timeoutMs ?? defaultTimeout, signal),
    ).then(dataOf);
  }

  function attemptOptions(
    method: string,
    url: string,
    idempotent: boolean,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): ExecuteOptions {
    return { method, url, idempotent, timeoutMs, retry: policy, signal };
  }

  const typed = <M extends Method>(method: M) =>
    ((path: string, init?: RequestOptions & SendInit) => call(method, path, init)) as unknown as TypedCall<M>;
  const get = typed('get');
  const post = typed('post');
  const patch = typed('patch');
  const del = typed('delete');

  const contracts: PaginationTable = options.pagination ?? specPagination;
  const warned = new Set<string>();

  function checkEnvelope(path: string, contract: PaginationContract, body: unknown, response: Response): void {
    const missing = missingFields(contract, body, response.headers);
    if (missing.length === 0) return;
    const message =
      `${contract.operation} (GET ${path}) answered a page without ${missing.join(', ')}, ` +
      `which the spec declares for its ${contract.strategy} pagination; the walk may end early. Is the SDK generated from the server's spec?`;
    if (options.strictPagination === true) throw new PaginationContractError(message, contract.operation, missing);
    const key = `${path} ${missing.join(',')}`;
    if (warned.has(key)) return;
    warned.add(key);
    console.warn(`@clubnotify/sdk: ${message} (strictPagination: true makes this an error)`);
  }

  function pageSource<P extends CollectionPath>(path: P, timeoutMs: number | undefined): PageSource<ItemOf<P>, ListBody<P>> {
    const collection = new URL(`${base.href.replace(/\/+$/, '')}${path}`);
    const contract = Object.hasOwn(contracts, path) ? contracts[path] : undefined;
    if (contract === undefined)
      throw new PaginationError(
        `${path}: the spec declares no pagination for this path (x-pagination); known collections: ${Object.keys(contracts).join(', ')}`,
      );
    return {
      path,
      contract,
      check: (body, response) => checkEnvelope(path, contract, body, response),
      urlOf: (query) => transport.url(path, { query }),
      fetch: (url, signal) =>
        execute(
          () => transport.send('GET', url, noInit, signal ?? undefined),
          attemptOptions('GET', path, true, timeoutMs ?? defaultTimeout, signal ?? undefined),
        ).then(({ data, response }) => ({ body: data as ListBody<P>, response })),
      resolveLink: (link) => {
        const url = new URL(link, collection);
        if (url.origin !== base.origin)
          throw new PaginationError(`${path}: refusing to follow a next link to another origin (${url.origin})`);
        if (url.pathname !== path && url.pathname !== basePath + path)
          throw new PaginationError(`${path}: the next link leaves the collection (${url.pathname})`);
        return url;
      },
    };
  }

  /**
   * Every item of a collection, page after page, whatever its pagination style: for
   * `for await (const item of client.paginate('/items', { query: { limit: 50 } }))`.
   * `.pages()` iterates pages; `.firstPage()` fetches one.
   */
  function paginate<P extends CollectionPath>(path: P, params: PaginateParams<P> = {}): CollectionPaginator<P> {
    const { query, timeoutMs, ...limits } = params;
    return new Paginator(pageSource(path, timeoutMs), { ...query }, limits);
  }

  return {
    raw,
    /** Typed GET of any path: resolves with the body, throws an ApiError on a non-2xx status. */
    get,
    post,
    patch,
    delete: del,
    paginate,

    /** Registers `url` for any webhook of the spec, through its registration operation. Idempotent. */
    register: (webhook: RegistrableWebhook, url: string, opts?: TargetOptions): Promise<Schemas['Registration']> => {
      const path = registrationPaths.get(webhook);
      if (path === undefined) return Promise.reject(new TypeError(`No registration operation for the webhook "${String(webhook)}".`));
      const [fields, rest] = splitTarget(opts);
      return call('post', path, { body: { url, ...fields }, ...rest }) as Promise<Schemas['Registration']>;
    },
    /**
     * Registers `url` for the `concertAlert` webhook. Idempotent: the same URL gives the same registration.
     * `{ delivery: 'pull' }` makes a pull target: its messages wait for `pull.lease` (or `clubnotify-receiver listen`).
     */
    registerForAlert: (url: string, opts?: TargetOptions) => {
      const [mode, rest] = splitTarget(opts);
      return post('/registerForAlert', { body: { url, ...mode }, ...rest });
    },
    /** Registers `url` for the `stockUpdate` webhook. Idempotent. `{ delivery: 'pull' }` makes a pull target. */
    registerForStockUpdates: (url: string, opts?: TargetOptions) => {
      const [mode, rest] = splitTarget(opts);
      return post('/registerForStockUpdates', { body: { url, ...mode }, ...rest });
    },
    /** Subscribes `callbackUrl` to the `concertAlert` callbacks of one concert. Idempotent. `{ delivery: 'pull' }` makes a pull target. */
    subscribeToConcert: (concertId: string, callbackUrl: string, opts?: TargetOptions) => {
      const [mode, rest] = splitTarget(opts);
      return post('/concertUpdates', { body: { concertId, callbackUrl, ...mode }, ...rest });
    },
    /** A pull target's feed: lease its waiting messages (a long poll), then report each attempt's outcome. */
    pull: {
      /** Waits up to `waitSeconds` (default 20) for due messages and leases up to `limit` of them. */
      lease: (targetId: string, query?: { waitSeconds?: number; limit?: number }, opts?: RequestOptions) =>
        post('/targets/{targetId}/lease', {
          params: { path: { targetId }, query },
          // The long poll outlasts the default attempt timeout.
          timeoutMs: ((query?.waitSeconds ?? 20) + 10) * 1000,
          ...opts,
        }),
      /** Reports what the receiver answered to a leased attempt (`statusCode: null` with `error` when it did not). */
      report: (targetId: string, deliveryId: string, report: Schemas['PullAttemptReport'], opts?: RequestOptions) =>
        post('/targets/{targetId}/deliveries/{deliveryId}/outcome', { params: { path: { targetId, deliveryId } }, body: report, ...opts }),
    },
    registrations: {
      list: (query?: QueryOf<'/registrations'>, opts?: PaginateOptions) => paginate('/registrations', { query, ...opts }),
      remove: (registrationId: string, opts?: RequestOptions) =>
        del('/registrations/{registrationId}', { params: { path: { registrationId } }, ...opts }),
      get: (registrationId: string, opts?: RequestOptions) =>
        get('/registrations/{registrationId}', { params: { path: { registrationId } }, ...opts }),
      /** Pause (`{ status: 'paused' }`), resume or re-enable (`{ status: 'active', recoverSince }`), move (`{ url }`), rate-limit. */
      /** Switch the payload version with `{ payloadVersion }`: messages queued from then on go out in it. */
      update: (registrationId: string, changes: Versioned<Schemas['RegistrationUpdate']>, opts?: RequestOptions) =>
        patch('/registrations/{registrationId}', { params: { path: { registrationId } }, body: changes, ...opts }),
      /** A new secret; the previous one stays valid for `overlapSeconds` (default one day). */
      rotateSecret: (registrationId: string, rotation: Schemas['SecretRotation'] = {}, opts?: RequestOptions) =>
        post('/registrations/{registrationId}/rotateSecret', { params: { path: { registrationId } }, body: rotation, ...opts }),
      /** Sends the example, in `payloadVersion` when given (try a version before switching to it). */
      sendTest: (registrationId: string, opts?: RequestOptions & { payloadVersion?: PayloadVersion }) => {
        const { payloadVersion, ...rest } = opts ?? {};
        const query = payloadVersion === undefined ? undefined : { payloadVersion };
        return post('/registrations/{registrationId}/test', { params: { path: { registrationId }, query }, ...rest });
      },
    },
    subscriptions: {
      list: (query?: QueryOf<'/concertUpdates'>, opts?: PaginateOptions) => paginate('/concertUpdates', { query, ...opts }),
      remove: (subscriptionId: string, opts?: RequestOptions) =>
        del('/concertUpdates/{subscriptionId}', { params: { path: { subscriptionId } }, ...opts }),
      get: (subscriptionId: string, opts?: RequestOptions) =>
        get('/concertUpdates/{subscriptionId}', { params: { path: { subscriptionId } }, ...opts }),
      update: (subscriptionId: string, changes: Versioned<Schemas['SubscriptionUpdate']>, opts?: RequestOptions) =>
        patch('/concertUpdates/{subscriptionId}', { params: { path: { subscriptionId } }, body: changes, ...opts }),
      rotateSecret: (subscriptionId: string, rotation: Schemas['SecretRotation'] = {}, opts?: RequestOptions) =>
        post('/concertUpdates/{subscriptionId}/rotateSecret', { params: { path: { subscriptionId } }, body: rotation, ...opts }),
      /** Sends the example, in `payloadVersion` when given (try a version before switching to it). */
      sendTest: (subscriptionId: string, opts?: RequestOptions & { payloadVersion?: PayloadVersion }) => {
        const { payloadVersion, ...rest } = opts ?? {};
        const query = payloadVersion === undefined ? undefined : { payloadVersion };
        return post('/concertUpdates/{subscriptionId}/test', { params: { path: { subscriptionId }, query }, ...rest });
      },
    },
    concerts: {
      /** Schedules a concert; pass `idempotencyKey` to make it safe to retry. */
      schedule: (concert: Schemas['ConcertCreate'], opts?: RequestOptions) => post('/concerts', { body: concert, ...opts }),
      get: (concertId: string, opts?: RequestOptions) => get('/concerts/{concertId}', { params: { path: { concertId } }, ...opts }),
      update: (concertId: string, changes: Schemas['ConcertUpdate'], opts?: RequestOptions) =>
        patch('/concerts/{concertId}', { params: { path: { concertId } }, body: changes, ...opts }),
      cancel: (concertId: string, cancel: Schemas['ConcertCancel'] = {}, opts?: RequestOptions) =>
        post('/concerts/{concertId}/cancel', { params: { path: { concertId } }, body: cancel, ...opts }),
    },
    stock: {
      change: (change: Schemas['StockChange'], opts?: RequestOptions) => post('/stockChanges', { body: change, ...opts }),
    },
    deliveries: {
      list: (query?: QueryOf<'/deliveries'>, opts?: PaginateOptions) => paginate('/deliveries', { query, ...opts }),
      /** One delivery with its payload and attempts; another owner's is a 404 `ApiError`. */
      get: (deliveryId: string, opts?: RequestOptions) => get('/deliveries/{deliveryId}', { params: { path: { deliveryId } }, ...opts }),
      replay: (deliveryId: string, opts?: RequestOptions) =>
        post('/deliveries/{deliveryId}/replay', { params: { path: { deliveryId } }, ...opts }),
      /** Queues again what a filter selects (at most 10,000 a call; `more` says to call again); `dryRun: true` only counts. */
      replayMatching: (request: Schemas['DeliveryReplayRequest'], opts?: RequestOptions) =>
        post('/deliveries/replay', { body: request, ...opts }),
      recover: (request: Schemas['RecoverRequest'], opts?: RequestOptions) => post('/deliveries/recover', { body: request, ...opts }),
    },
    apiKeys: {
      create: (key: Schemas['ApiKeyCreate'], opts?: RequestOptions) => post('/apiKeys', { body: key, ...opts }),
      list: (query?: QueryOf<'/apiKeys'>, opts?: PaginateOptions) => paginate('/apiKeys', { query, ...opts }),
      /** Revokes a key for good; its registrations and subscriptions stop receiving. */
      revoke: (apiKeyId: string, opts?: RequestOptions) => del('/apiKeys/{apiKeyId}', { params: { path: { apiKeyId } }, ...opts }),
    },
    /** The server's ed25519 keys for `v1a` signatures. */
    signingKeys: {
      /** The published key set (`/.well-known/jwks.json`, no API key needed): the key that signs, one waiting to, and retired ones within their overlap. */
      list: (opts?: RequestOptions) => get('/.well-known/jwks.json', opts),
      /** Admin: every key the server has had, newest first, with its state (`pending`, `signing`, `overlap`, `retired`), dates and source (`server` or `operator`); public keys only. */
      listAll: (query?: QueryOf<'/signingKeys'>, opts?: PaginateOptions) => paginate('/signingKeys', { query, ...opts }),
      /** Admin: a new key, published now and signing from `signsFrom`; a `ConflictError` while an earlier rotation's key waits to sign. */
      rotate: (opts?: RequestOptions) => post('/signingKeys/rotate', opts),
    },
    health: (opts?: RequestOptions) => get('/healthz', opts),
    ready: (opts?: RequestOptions) => get('/readyz', opts),
  };
}

/** The client `createClient` returns. */
export type ClubnotifyClient = ReturnType<typeof createClient>;

/** Options of `createPaginator`: a client's options, with the table generated from another spec. */
export type PaginatorOptions<T extends PaginationTable> = Omit<ClientOptions, 'pagination'> & { pagination: T };

/** Options of one walk of `createPaginator(...).paginate`. */
export type UntypedPaginateParams = { query?: Query; timeoutMs?: number } & PaginateOptions;

/**
 * Pages through the collections of any OpenAPI document run through `scripts/generate.ts`
 * (`--spec their.yaml --out dir`): pass its generated `pagination` table, then
 * `paginate('/orders', { query: { pageSize: 50 } })`. Same retries, timeouts and checks as
 * `client.paginate`; items are typed by the caller.
 */
export function createPaginator<T extends PaginationTable>(options: PaginatorOptions<T>) {
  const walk = createClient(options).paginate as unknown as <Item>(path: string, params: UntypedPaginateParams) => Paginator<Item>;
  return {
    paginate: <Item = unknown>(path: keyof T & string, params: UntypedPaginateParams = {}): Paginator<Item> => walk<Item>(path, params),
  };
}
