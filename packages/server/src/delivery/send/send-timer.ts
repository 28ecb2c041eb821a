/**
 * One timer at a time, set for the earliest send slot ahead of rate-limited deliveries that
 * wait (none while none waits): when it fires, the slots are looked at again.
 */
export class SendSlotTimer {
  readonly #onDue: () => void;
  #armed: { at: number; timer: NodeJS.Timeout } | undefined;

  constructor(onDue: () => void) {
    this.#onDue = onDue;
  }

  /** Sets the timer for `at` (the clock of `performance.now()`), unless it already fires by then. */
  arm(at: number | undefined): void {
    if (this.#armed && (at === undefined || this.#armed.at <= at)) return;
    if (this.#armed) clearTimeout(this.#armed.timer);
    if (at === undefined) return;
    const timer = setTimeout(
      () => {
        this.#armed = undefined;
        this.#onDue();
      },
      Math.max(0, Math.ceil(at - performance.now())),
    );
    this.#armed = { at, timer };
  }

  clear(): void {
    if (this.#armed) clearTimeout(this.#armed.timer);
    this.#armed = undefined;
  }
}
