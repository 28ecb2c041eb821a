/**
 * How long a process keeps serving a target it has had no deliveries of: a target with a
 * message every few seconds keeps its hold, instead of two more statements (take, give
 * back) around each of its claims (one every 1.5 s: median latency 10-14 ms against 22 ms
 * with 1 s, 264 statements against 370).
 */
export const HOLD_IDLE_MS = 5_000;

/** How long claims skip a target another process serves (its rows would fill the claim's candidates). */
export const ELSEWHERE_SKIP_MS = 1_000;

/**
 * How long a hold lasts: a claim takes a target's rows only while its hold outlasts
 * `leaseMs` (how long a claimed row may stay claimed), so a hold of exactly that would be
 * renewed at every claim; this one is renewed once per `min(10 s, leaseMs)`.
 */
export const holdMs = (leaseMs: number): number => leaseMs + Math.min(10_000, leaseMs);

/**
 * On PostgreSQL one process at a time serves a target (its worker holds the target's
 * `delivery_targets` row), so the per-target cap and the one probe of a half-open circuit
 * hold across processes. This is one worker's view: the targets it serves and when it last
 * had deliveries of each, and the targets other processes serve, which its claims skip for
 * a while. Times are on the `now` clock.
 */
export class TargetHolds {
  readonly #serving = new Map<string, number>();
  readonly #elsewhere = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Targets served elsewhere, for claims to skip. */
  skipped(): string[] {
    const now = this.#now();
    for (const [id, until] of this.#elsewhere) if (until <= now) this.#elsewhere.delete(id);
    return [...this.#elsewhere.keys()];
  }

  /** Served targets this worker has had no deliveries of (`inFlight`, or claimed) for HOLD_IDLE_MS: to give back. */
  idle(inFlight: ReadonlyMap<string, number>): string[] {
    const now = this.#now();
    const idle: string[] = [];
    for (const [id, busyAt] of this.#serving) {
      if (inFlight.has(id)) this.#serving.set(id, now);
      else if (now - busyAt >= HOLD_IDLE_MS) idle.push(id);
    }
    return idle;
  }

  /** Targets this worker now holds, or claimed deliveries of. */
  taken(ids: Iterable<string>): void {
    for (const id of ids) this.#serving.set(id, this.#now());
  }

  released(ids: readonly string[]): void {
    for (const id of ids) this.#serving.delete(id);
  }

  /** Another process gave back its targets: claims stop skipping what it served. */
  releasedElsewhere(): void {
    this.#elsewhere.clear();
  }

  servedElsewhere(ids: readonly string[]): void {
    const until = this.#now() + ELSEWHERE_SKIP_MS;
    for (const id of ids) {
      this.#serving.delete(id);
      this.#elsewhere.set(id, until);
    }
  }
}
