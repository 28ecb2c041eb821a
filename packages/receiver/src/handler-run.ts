import type { HandlerContext } from './context.js';
import { Deadlines } from './deadline.js';
import { MemoryDedupeStore } from './dedupe/memory.js';
import type { ClaimResult, DedupeStore } from './dedupe/store.js';
import type { ContractEvent, HandlerResult } from './events.js';
import { apiError, ok, type ReceiverResponse } from './problems.js';
import { traced } from './tracing.js';

export type AnyHandler = (payload: unknown, ctx: HandlerContext) => Promise<void | HandlerResult> | void | HandlerResult;
type Maybe<T> = T | Promise<T>;

export interface RunnerOptions {
  store: DedupeStore;
  logger: Pick<Console, 'error'>;
  leaseSec: number;
  ttlSec: number;
  handlerTimeoutSec: number;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}

function then<T, R>(value: Maybe<T>, next: (value: T) => Maybe<R>): Maybe<R> {
  return value instanceof Promise ? value.then(next) : next(value as T);
}

/**
 * Claims the message id, runs the handler under the deadline and records the outcome. When
 * the store answers at once (the in-memory store) and the handler settles synchronously, the
 * answer is too: no promise, no timer.
 */
export function createRunner(options: RunnerOptions) {
  const { store, logger, leaseSec, ttlSec, handlerTimeoutSec } = options;
  const memory = store instanceof MemoryDedupeStore && store.claim === MemoryDedupeStore.prototype.claim ? store : undefined;
  const deadlines = new Deadlines(handlerTimeoutSec * 1000);

  function release(id: string): Maybe<void> {
    if (memory) return memory.releaseNow(id);
    return store.release(id).catch((e: unknown) => logger.error('@clubnotify/receiver: release failed', e));
  }

  function complete(id: string): Maybe<void> {
    if (memory) return memory.completeNow(id, ttlSec);
    return store.complete(id, ttlSec).catch((e: unknown) => logger.error(`@clubnotify/receiver: could not mark ${id} handled`, e));
  }

  function failed(event: ContractEvent, ctx: HandlerContext, error: unknown): Maybe<ReceiverResponse> {
    logger.error(`@clubnotify/receiver: the ${event.name} ${event.kind} handler failed for ${ctx.id}`, error);
    return then(release(ctx.id), () =>
      apiError(500, 'handler_failed', `The ${event.name} ${event.kind} handler failed; see the receiver's logs.`),
    );
  }

  function timedOut(event: ContractEvent, ctx: HandlerContext, work: PromiseLike<unknown>): Maybe<ReceiverResponse> {
    ctx.abort(new DOMException(`The handler did not finish within ${handlerTimeoutSec * 1000} ms.`, 'TimeoutError'));
    work.then(undefined, (error: unknown) =>
      logger.error(`@clubnotify/receiver: the ${event.name} ${event.kind} handler failed for ${ctx.id} after its timeout`, error),
    );
    logger.error(
      `@clubnotify/receiver: the ${event.name} ${event.kind} handler did not finish within ${handlerTimeoutSec} s for ${ctx.id}; ` +
        'answered 503 so the sender retries (handlerTimeoutSec).',
    );
    return then(release(ctx.id), () =>
      apiError(
        503,
        'handler_timeout',
        `The ${event.name} ${event.kind} handler did not finish within ${handlerTimeoutSec} s; retry later.`,
      ),
    );
  }

  function settled(event: ContractEvent, ctx: HandlerContext, result: void | HandlerResult): Maybe<ReceiverResponse> {
    const status = result?.status ?? 200;
    const recorded = status >= 200 && status < 300 ? complete(ctx.id) : release(ctx.id);
    return then(recorded, () => {
      if (result?.body !== undefined) return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(result.body) };
      if (status >= 500) return apiError(status, 'handler_declined', `The ${event.name} ${event.kind} handler answered ${status}.`);
      return status === 200 ? ok() : { status, headers: {}, body: '' };
    });
  }

  function underDeadline(event: ContractEvent, ctx: HandlerContext, work: PromiseLike<void | HandlerResult>): Promise<ReceiverResponse> {
    return new Promise((resolve) => {
      let done = false;
      const cancel = deadlines.watch(() => {
        done = true;
        resolve(timedOut(event, ctx, work));
      });
      work.then(
        (result) => {
          if (done) return;
          done = true;
          cancel();
          resolve(settled(event, ctx, result));
        },
        (error: unknown) => {
          if (done) return;
          done = true;
          cancel();
          resolve(failed(event, ctx, error));
        },
      );
    });
  }

  function claimed(
    event: ContractEvent,
    handler: AnyHandler,
    payload: unknown,
    ctx: HandlerContext,
    claim: ClaimResult,
  ): Maybe<ReceiverResponse> {
    if (claim === 'handled') return ok();
    if (claim === 'in-progress') return apiError(503, 'in_progress', `Message ${ctx.id} is being handled by another worker; retry later.`);
    let result;
    try {
      result = traced(ctx, () => handler(payload, ctx));
    } catch (error) {
      return failed(event, ctx, error);
    }
    return isThenable(result) ? underDeadline(event, ctx, result) : settled(event, ctx, result);
  }

  function dedupeFailed(ctx: HandlerContext, error: unknown): ReceiverResponse {
    logger.error(`@clubnotify/receiver: the dedupe store failed for ${ctx.id}`, error);
    return apiError(503, 'dedupe_unavailable', 'The receiver cannot check for duplicates right now; retry later.');
  }

  return function run(event: ContractEvent, handler: AnyHandler, payload: unknown, ctx: HandlerContext): Maybe<ReceiverResponse> {
    let claim: Maybe<ClaimResult>;
    try {
      claim = memory ? memory.claimNow(ctx.id, leaseSec) : store.claim(ctx.id, leaseSec);
    } catch (error) {
      return dedupeFailed(ctx, error);
    }
    if (!isThenable(claim)) return claimed(event, handler, payload, ctx, claim);
    return Promise.resolve(claim).then(
      (c) => claimed(event, handler, payload, ctx, c),
      (error: unknown) => dedupeFailed(ctx, error),
    );
  };
}
