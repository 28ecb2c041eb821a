import type { AnyHandler } from './handler-run.js';
import type { ContractEvent, EventKind } from './events.js';
import type { HeaderSource, LowerCaseNames } from './headers.js';
import type { ReceiverResponse } from './problems.js';
import type { CheckedHeaders } from './request-checks.js';

/** What `begin` found out before the body: the event, its handler and the checked headers. */
export class Begun {
  constructor(
    readonly event: ContractEvent,
    readonly handler: AnyHandler,
    readonly headers: CheckedHeaders,
  ) {}
}

/**
 * The receiver as this package's adapters drive it: `begin` answers whatever the method, route
 * and headers already decide (without reading the body), `finish` takes the raw body. Both
 * answer synchronously when they can (a synchronous handler on the in-memory store): no
 * promise, no microtask between the last body chunk and the answer.
 */
export interface ReceiverCore {
  readonly maxBodyBytes: number;
  /** `lowerCase`: `headers` is a record whose names are all lower-case (Node's `req.headers`). */
  begin(
    method: string,
    event: { kind: EventKind; name: string } | undefined,
    headers: HeaderSource,
    lowerCase?: LowerCaseNames,
  ): ReceiverResponse | Begun;
  /** `body` as the framework has it: bytes, a string, nothing, or (wrongly) a parsed object. */
  finish(begun: Begun, body: unknown): ReceiverResponse | Promise<ReceiverResponse>;
  /** The answer when reading the body failed: 413 for BodyTooLargeError; any other error is thrown. */
  unread(begun: Begun, error: unknown): ReceiverResponse;
}

const cores = new WeakMap<object, ReceiverCore>();

export function attachCore<R extends object>(receiver: R, core: ReceiverCore): R {
  cores.set(receiver, core);
  return receiver;
}

/** The core of a receiver made by `createReceiver`; undefined for any other object with a `handle`. */
export function coreOf(receiver: object): ReceiverCore | undefined {
  return cores.get(receiver);
}
