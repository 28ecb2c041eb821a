import type { RequestHandler } from 'express';
import { READ_RETRY_AFTER_SECONDS, ReadBudgetExceeded, type ReadBudget } from '../db/read-budget.js';
import { HttpProblem, sendProblem } from './problem.js';

/** The 503 of a read the budget refused; publishing and deliveries are not affected. */
export function readsBusy(reason: string): HttpProblem {
  return new HttpProblem(
    'unavailable',
    `Too many reads at once (${reason}). Retry after ${READ_RETRY_AFTER_SECONDS} second; publishing and deliveries are not affected.`,
    undefined,
    { 'Retry-After': String(READ_RETRY_AFTER_SECONDS) },
  );
}

/**
 * Holds a read request until the budget gives it a turn, for the rest of the request (its
 * key lookup included); `isRead` says which requests are reads. Refused reads answer 503.
 */
export function readGate(budget: ReadBudget, isRead: (res: Parameters<RequestHandler>[1]) => boolean): RequestHandler {
  return (_req, res, next) => {
    if (!isRead(res)) return next();
    const { turn, abandon } = budget.acquire();
    let release: (() => void) | undefined;
    // 'close' comes once the answer is sent, or when the client leaves first.
    res.once('close', () => (release ? release() : abandon()));
    turn.then(
      (r) => {
        release = r;
        if (res.writableEnded || res.destroyed) return release();
        next();
      },
      (error: unknown) => {
        if (res.destroyed) return;
        if (error instanceof ReadBudgetExceeded) return sendProblem(res, readsBusy(error.message));
        next(error);
      },
    );
  };
}
