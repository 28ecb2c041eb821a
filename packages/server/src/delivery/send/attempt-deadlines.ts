/** An attempt whose answer must be read by its deadline. */
export interface Deadlined {
  /** `performance.now()` clock. */
  readonly deadline: number;
  /** Called once the deadline has passed, unless the attempt ended first: it stops reading. */
  expire(): void;
  readonly ended: boolean;
}

/**
 * The deadlines of attempts sent with one time limit, in the order they were sent, which is
 * also the order of their deadlines: one timer for the earliest, where a timer per attempt
 * (set when its headers came, cleared when its body ended) cost a tenth of a send.
 */
class DeadlineQueue {
  readonly #queue: Deadlined[] = [];
  #head = 0;
  #timer: NodeJS.Timeout | undefined;

  add(attempt: Deadlined): void {
    this.#dropEnded();
    this.#queue.push(attempt);
    if (this.#timer === undefined) this.#arm();
  }

  #dropEnded(): void {
    const queue = this.#queue;
    while (this.#head < queue.length && queue[this.#head]!.ended) queue[this.#head++] = undefined as unknown as Deadlined;
    if (this.#head === queue.length) {
      queue.length = 0;
      this.#head = 0;
    } else if (this.#head > 1024 && this.#head * 2 > queue.length) {
      queue.splice(0, this.#head);
      this.#head = 0;
    }
  }

  #arm(): void {
    const next = this.#queue[this.#head];
    if (next === undefined) return;
    this.#timer = setTimeout(() => this.#fire(), Math.max(0, Math.ceil(next.deadline - performance.now())));
    // An attempt on the wire keeps the process alive by its socket; this timer need not.
    this.#timer.unref();
  }

  #fire(): void {
    this.#timer = undefined;
    const now = performance.now();
    const queue = this.#queue;
    while (this.#head < queue.length && queue[this.#head]!.deadline <= now) {
      const attempt = queue[this.#head]!;
      queue[this.#head++] = undefined as unknown as Deadlined;
      if (!attempt.ended) attempt.expire();
    }
    this.#dropEnded();
    this.#arm();
  }
}

const queues = new Map<number, DeadlineQueue>();

/** Watches `attempt`, sent with the time limit `timeoutMs`, until its deadline. */
export function watchDeadline(timeoutMs: number, attempt: Deadlined): void {
  let queue = queues.get(timeoutMs);
  if (queue === undefined) {
    queue = new DeadlineQueue();
    queues.set(timeoutMs, queue);
  }
  queue.add(attempt);
}
