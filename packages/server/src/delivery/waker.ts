/**
 * The claim loop's sleep: `pause()` resolves after the poll interval, or at once when
 * `wake()` was called since the last pause (new deliveries, a freed slot, a notification).
 */
export class Waker {
  readonly #pollMs: number;
  #woken = false;
  #resolve: (() => void) | undefined;

  constructor(pollMs: number) {
    this.#pollMs = pollMs;
  }

  wake(): void {
    this.#woken = true;
    this.#resolve?.();
  }

  pause(): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#resolve = undefined;
        this.#woken = false;
        resolve();
      };
      const timer = setTimeout(done, this.#pollMs);
      this.#resolve = done;
    });
  }
}
