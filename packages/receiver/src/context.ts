import type { EventContext, EventKind } from './events.js';

/**
 * The `ctx` a handler gets. The AbortController and the Date are made on first use: most
 * handlers never read `signal`, and most runs settle long before their deadline.
 */
export class HandlerContext implements EventContext {
  #controller: AbortController | undefined;
  #timestamp: Date | undefined;
  readonly #seconds: number;

  constructor(
    readonly id: string,
    seconds: number,
    readonly attempt: number,
    readonly kind: EventKind,
    readonly name: string,
  ) {
    this.#seconds = seconds;
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
