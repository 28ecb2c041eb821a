import { OrderingTracker } from './ordering.js';
import { isUtf8 } from 'node:buffer';
import { currentPayloadVersion, validateBody, validateBodyWith, type BodyValidatorKey, type PayloadVersion } from '@clubnotify/spec';
import { BodyTooLargeError, type RawBody } from './body.js';
import { HandlerContext } from './context.js';
import { attachCore, Begun, type ReceiverCore } from './core.js';
import {
  eventFinder,
  findEvent,
  type ContractEvent,
  type CurrentPayloadVersion,
  type EventContract,
  type EventKind,
  type Handler,
  type Handlers,
} from './events.js';
import { createRunner, type AnyHandler } from './handler-run.js';
import { headerValue, type HeaderSource, type LowerCaseNames } from './headers.js';
import { apiError, problem, type ReceiverResponse } from './problems.js';
import { checkResponse, ResponseContractError } from './response-check.js';
import { signatureCheck } from './signature-check.js';
import { receiverSettings, type ReceiverLimits } from './settings.js';
import { FIRST_OPERATIONAL_EVENT, OPERATIONAL_ROUTE, operationalEventOf } from './operational-route.js';
import { headerProblem, mediaTypeError, verificationProblem } from './request-checks.js';
import { receiverVersion, versionEvents } from './payload-version.js';
import { versionProblem } from './version-header.js';

/** What `createReceiver` takes: the handlers, the checks' mode, and the limits every receiver reads (settings.ts). */
export interface ReceiverOptions<V extends PayloadVersion = CurrentPayloadVersion> extends ReceiverLimits {
  /**
   * The payload version (a major of the contract) this receiver is built for; default the
   * current one. Payloads are validated against that version's schemas, handlers are typed
   * for it, and a delivery whose `webhook-version` header names another version is refused
   * with a 400 (`payload-version-mismatch`). A delivery without the header (a sender that
   * predates payload versions) is judged by its payload alone.
   */
  payloadVersion?: V;
  handlers: Handlers<V>;
  /**
   * `development` (default unless NODE_ENV is `production`) checks every answer against the
   * responses the spec declares for the event and fails loudly when one is not.
   */
  mode?: 'development' | 'production';
}

/** A request as every adapter hands it over. */
export interface ReceiverRequest {
  method: string;
  /** The event this request is for, or undefined when the route names none (404). */
  event: { kind: EventKind; name: string } | undefined;
  headers: Headers | Record<string, string | string[] | undefined>;
  /** The raw body. Anything else (a parsed object) answers 500 with how to fix it. */
  body: RawBody | unknown;
}

export interface Receiver {
  /** Handles one request, whatever the framework; adapters wrap this. */
  handle(request: ReceiverRequest): Promise<ReceiverResponse>;
  readonly mode: 'development' | 'production';
  readonly maxBodyBytes: number;
}

const RAW_BODY_HINT =
  'The receiver got an already parsed body (an object), so it cannot check the signature. Are you passing the raw request body? ' +
  'Mount the receiver before express.json() (or any body parser), or pass the body as a Buffer or string.';

const bodyKeys = new WeakMap<ContractEvent, BodyValidatorKey>();

function bodyKey(event: ContractEvent): BodyValidatorKey {
  let key = bodyKeys.get(event);
  if (key === undefined) bodyKeys.set(event, (key = `${event.kind}.${event.name}.body.${event.contentType}` as BodyValidatorKey));
  return key;
}

/**
 * The options of a receiver for another spec's events: `contract` holds what
 * scripts/generate.ts wrote for that spec (`events`, `bodyValidators`), and handlers are keyed
 * by its event names, their payloads typed by `W` and `C` (its generated `WebhookPayloads`, `CallbackPayloads`).
 */
export interface ContractReceiverOptions<W = Record<string, any>, C = Record<string, any>> extends Omit<
  ReceiverOptions,
  'handlers' | 'payloadVersion'
> {
  contract: EventContract;
  handlers: {
    webhooks?: { [N in keyof W & string]?: Handler<W[N], 'webhook', string> };
    callbacks?: { [N in keyof C & string]?: Handler<C[N], 'callback', string> };
  };
}

/**
 * Creates a transport-agnostic receiver: verifies the Standard Webhooks signature, checks
 * the content type, size and payload against the spec, drops duplicates and calls the typed
 * handler. Wrap it with `createNodeHandler`, `createExpressMiddleware` or `createFetchHandler`.
 */
export function createReceiver<V extends PayloadVersion = CurrentPayloadVersion>(options: ReceiverOptions<V>): Receiver {
  return receiverFor(options as unknown as ReceiverOptions, undefined);
}

/**
 * A receiver for another spec run through scripts/generate.ts: `contract` is its generated
 * `events` and `bodyValidators`; everything else is as `createReceiver`.
 */
export function createContractReceiver<W = Record<string, any>, C = Record<string, any>>(options: ContractReceiverOptions<W, C>): Receiver {
  return receiverFor(options as unknown as ReceiverOptions, options.contract);
}

function eventsOf(options: ReceiverOptions, contract: EventContract | undefined) {
  if (contract) {
    const validate = (event: ContractEvent, data: unknown) => validateBodyWith(contract.bodyValidators, bodyKey(event), data);
    return { version: undefined, find: eventFinder(contract.events), validate };
  }
  const version = receiverVersion(options.payloadVersion ?? currentPayloadVersion, 'createReceiver');
  if (version !== currentPayloadVersion) return { version, ...versionEvents(version) };
  return { version, find: findEvent, validate: (event: ContractEvent, data: unknown) => validateBody(bodyKey(event), data) };
}

function receiverFor(options: ReceiverOptions, contract: EventContract | undefined): Receiver {
  const { version, find, validate } = eventsOf(options, contract);
  const settings = receiverSettings(options, 'createReceiver');
  const { ttlSec, leaseSec, handlerTimeoutSec, maxBodyBytes, store, logger } = settings;
  const verifySignature = signatureCheck(settings);
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  const mode = options.mode ?? (env?.NODE_ENV === 'production' ? 'production' : 'development');
  // Concurrent duplicates in this process share one run, but only while its lease holds.
  const inflight = new Map<string, { answer: Promise<ReceiverResponse>; leaseEnds: number }>();
  const run = createRunner({ store, logger, leaseSec, ttlSec, handlerTimeoutSec });
  // Per event and key, the last sequence answered 2xx here: what ctx.ordering compares with.
  const orderings = new OrderingTracker();

  function handlerFor(kind: EventKind, name: string) {
    const table = (kind === 'webhook' ? options.handlers.webhooks : options.handlers.callbacks) as Record<string, unknown> | undefined;
    const handler = table && Object.hasOwn(table, name) ? table[name] : undefined;
    return typeof handler === 'function' ? (handler as AnyHandler) : undefined;
  }

  // Stands for the handler of whichever operational event the payload names (see operational-route.ts).
  const byType: AnyHandler = () => undefined;
  const servesOperational = !contract && FIRST_OPERATIONAL_EVENT !== undefined;

  function routes(): string {
    return [
      ...(servesOperational ? [`/webhooks/${OPERATIONAL_ROUTE}`] : []),
      ...Object.keys(options.handlers.webhooks ?? {}).map((n) => `/webhooks/${n}`),
      ...Object.keys(options.handlers.callbacks ?? {}).map((n) => `/callbacks/${n}`),
    ].join(', ');
  }

  function tooLarge(): ReceiverResponse {
    return {
      ...problem(413, `The body is larger than ${maxBodyBytes} bytes.`),
      headers: { 'content-type': 'application/problem+json', connection: 'close' },
    };
  }

  function rawOf(body: unknown): Uint8Array | ReceiverResponse {
    if (body === undefined || body === null) return new Uint8Array(0);
    if (typeof body === 'string') return Buffer.from(body, 'utf8');
    if (body instanceof Uint8Array) return body;
    logger.error(`@clubnotify/receiver: ${RAW_BODY_HINT}`);
    return apiError(500, 'raw_body_required', RAW_BODY_HINT);
  }

  function begin(
    method: string,
    routed: ReceiverRequest['event'],
    headerSource: HeaderSource,
    lowerCase: LowerCaseNames = false,
  ): ReceiverResponse | Begun {
    const operational = servesOperational && routed?.kind === 'webhook' && routed.name === OPERATIONAL_ROUTE;
    const event = operational ? find('webhook', FIRST_OPERATIONAL_EVENT!) : routed && find(routed.kind, routed.name);
    const handler = operational ? byType : event && handlerFor(event.kind, event.name);
    if (!event || !handler) {
      const asked = routed ? `${routed.kind} "${routed.name}"` : 'this path';
      return problem(404, `No event handler for ${asked}. Routes here: ${routes() || 'none'} (names are case-sensitive).`);
    }
    if (method !== 'POST')
      return {
        ...problem(405, `${event.kind} ${event.name} is delivered with POST.`),
        headers: { 'content-type': 'application/problem+json', allow: 'POST' },
      };
    const headers = headerProblem(headerSource, lowerCase);
    if ('status' in headers) return checked(event, headers);
    const otherVersion = version === undefined ? undefined : versionProblem(headerSource, lowerCase, version, event);
    if (otherVersion) return checked(event, otherVersion);
    const mediaError = mediaTypeError(event, headerValue(headerSource, 'content-type', lowerCase));
    if (mediaError) return checked(event, problem(415, mediaError));
    const declaredLength = Number(headerValue(headerSource, 'content-length', lowerCase));
    if (declaredLength > maxBodyBytes) return checked(event, tooLarge());
    return new Begun(event, handler, headers);
  }

  function finish(begun: Begun, body: unknown): ReceiverResponse | Promise<ReceiverResponse> {
    const raw = rawOf(body);
    const answer = raw instanceof Uint8Array ? withBody(begun, raw) : raw;
    if (!(answer instanceof Promise)) return checked(begun.event, answer);
    return mode === 'development' ? answer.then((response) => checked(begun.event, response)) : answer;
  }

  function unread(begun: Begun, error: unknown): ReceiverResponse {
    if (error instanceof BodyTooLargeError) return checked(begun.event, tooLarge());
    throw error;
  }

  function withBody(begun: Begun, raw: Uint8Array): ReceiverResponse | Promise<ReceiverResponse> {
    if (raw.byteLength > maxBodyBytes) return problem(413, `The body is larger than ${maxBodyBytes} bytes.`);
    const refusal = verifySignature(begun.headers, raw);
    if (refusal instanceof Promise) return refusal.then((refused) => (refused ? verificationProblem(refused) : verified(begun, raw)));
    return refusal ? verificationProblem(refusal) : verified(begun, raw);
  }

  function verified(begun: Begun, raw: Uint8Array): ReceiverResponse | Promise<ReceiverResponse> {
    let { event, handler } = begun;
    const { headers } = begun;
    const { signed } = headers;

    // A Buffer (what the Node adapters read) decodes itself; a view over any other Uint8Array costs a Buffer.
    const text = raw instanceof Buffer ? raw.toString() : Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('utf8');
    // Decoding turns every invalid sequence into U+FFFD, so a text without one came from valid
    // UTF-8 (found without a scan when the text is one byte a character), and only a text with one needs the check.
    if (text.includes('\uFFFD') && !isUtf8(raw))
      return problem(400, 'The body is not valid UTF-8.', { type: 'invalid-encoding', title: 'Invalid encoding' });
    let payload: unknown = text;
    if (event.contentType === 'application/json') {
      try {
        payload = JSON.parse(text);
      } catch {
        return problem(400, 'The body is not valid JSON.', { type: 'invalid-json', title: 'Invalid JSON' });
      }
    }
    if (handler === byType) {
      const name = operationalEventOf(payload);
      const found = name === undefined ? undefined : find('webhook', name);
      const named = found && handlerFor('webhook', found.name);
      if (!found)
        return problem(400, 'The payload names no operational event in `type`.', { type: 'validation', title: 'Invalid payload' });
      if (!named) return unrouted(problem(404, `No event handler for operational event "${found.name}".`));
      [event, handler] = [found, named];
    }
    const validation = validate(event, payload);
    if (!validation.ok)
      return problem(400, `The ${event.name} payload does not match the spec.`, {
        type: 'validation',
        title: 'Invalid payload',
        errors: validation.errors,
      });

    // Nothing in flight (every handler so far answered synchronously): no lookup of the id.
    const pending = inflight.size === 0 ? undefined : inflight.get(signed.id);
    if (pending && pending.leaseEnds > Date.now()) return pending.answer;
    const ctx = HandlerContext.of(headers, event);
    const ordering = headers.ordering;
    const scope = `${event.kind}.${event.name}`;
    if (ordering) ctx.ordering = orderings.context(scope, ordering.key, ordering.sequence);
    const ran = run(event, handler, payload, ctx);
    const passed = (response: ReceiverResponse) => {
      if (ordering && response.status >= 200 && response.status < 300) orderings.passed(scope, ordering.key, ordering.sequence);
      return response;
    };
    const answer = ran instanceof Promise ? ran.then(passed) : passed(ran);
    if (!(answer instanceof Promise)) return answer;
    const own = { answer, leaseEnds: Date.now() + leaseSec * 1000 };
    inflight.set(signed.id, own);
    const forget = () => {
      if (inflight.get(signed.id) === own) inflight.delete(signed.id);
    };
    answer.then(forget, forget);
    return answer;
  }

  // A 404 for an event without a handler is the kit's routing answer, as for an unknown path, not the handler's.
  const routing = new WeakSet<ReceiverResponse>();
  function unrouted(response: ReceiverResponse): ReceiverResponse {
    routing.add(response);
    return response;
  }

  function checked(event: ContractEvent, response: ReceiverResponse): ReceiverResponse {
    if (mode !== 'development' || routing.has(response)) return response;
    const problems = checkResponse(event, response.status, response.headers['content-type'], response.body, contract?.bodyValidators);
    if (problems.length === 0) return response;
    const error = new ResponseContractError(`@clubnotify/receiver: this answer is not in the spec's contract: ${problems.join(' ')}`);
    logger.error(`\n!!! ${error.message}\n`);
    return apiError(500, 'response_not_in_contract', error.message);
  }

  const core: ReceiverCore = { maxBodyBytes, begin, finish, unread };
  return attachCore(
    {
      mode,
      maxBodyBytes,
      handle(request) {
        try {
          const begun = begin(request.method, request.event, request.headers);
          if (!(begun instanceof Begun)) return Promise.resolve(begun);
          const body = request.body;
          if (typeof body !== 'function') return Promise.resolve(finish(begun, body));
          let reading;
          try {
            reading = (body as (limit: number) => Promise<Uint8Array>)(maxBodyBytes);
          } catch (error) {
            return Promise.resolve(unread(begun, error));
          }
          return Promise.resolve(reading).then(
            (read) => finish(begun, read),
            (error: unknown) => unread(begun, error),
          );
        } catch (error) {
          return Promise.reject(error);
        }
      },
    },
    core,
  );
}
