import type { Context } from '@opentelemetry/api';
import type { EventContext, EventKind } from './events.js';
import type { OrderingContext } from './ordering.js';
import type { CheckedHeaders } from './request-checks.js';
import { untracedContext } from './tracing.js';

/**
 * The `ctx` a handler gets. The AbortController and the Date are made on first use: most
 * handlers never read `signal`, and most runs settle long before their deadline.
 */
export class HandlerContext implements EventContext {
  #controller: AbortController | undefined;
  #timestamp: Date | undefined;
  readonly #seconds: number;
  #traceContext: Context | undefined;
  /** The message's ordering key and place, when its event is ordered per key (set by the receiver). */
  ordering: OrderingContext | undefined;

  constructor(
    readonly id: string,
    seconds: number,
    readonly attempt: number,
    readonly kind: EventKind,
    readonly name: string,
    readonly traceparent?: string,
    readonly tracestate?: string,
  ) {
    this.#seconds = seconds;
  }

  /** The context of a request whose headers passed the checks. */
  static of(headers: CheckedHeaders, event: { kind: EventKind; name: string }): HandlerContext {
    const { signed } = headers;
    return new HandlerContext(
      signed.id,
      signed.timestamp,
      headers.attempt,
      event.kind,
      event.name,
      headers.traceparent,
      headers.tracestate,
    );
  }

  /**
   * The context the handler runs in, with its span (tracing.ts): set by the runner when it
   * starts one, else made on first read (no tracer provider and no context manager).
   */
  get traceContext(): Context {
    return (this.#traceContext ??= untracedContext(this.traceparent, this.tracestate));
  }

  set traceContext(value: Context) {
    this.#traceContext = value;
  }

  get timestamp(): Date {
    return (this.#timestamp ??= new Date(this.#seconds * 1000));
  }

  get signal(): AbortSignal {
    return (this.#controller ??= new AbortController()).signal;
  }

  abort(reason: unknown): void {
    (this.#controller ??= new AbortController()).abort(reason);
  }
}
