/** What `withinDeadline` gives when the time ran out before the work settled. */
export const TIMED_OUT: unique symbol = Symbol('timed out');

/**
 * Settles like `work`, or with `TIMED_OUT` after `ms`, aborting `controller` so the work can
 * stop. Work that ignores the signal keeps running; its late outcome is dropped.
 */
export function withinDeadline<T>(work: Promise<T>, ms: number, controller: AbortController): Promise<T | typeof TIMED_OUT> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new DOMException(`The handler did not finish within ${ms} ms.`, 'TimeoutError'));
      resolve(TIMED_OUT);
    }, ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
