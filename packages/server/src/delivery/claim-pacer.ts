export interface ClaimPacerOptions {
  /** The shortest gather while attempts are on the wire. */
  batchDelayMs: number;
  /** The gather while a full round (`concurrency`) already waits here; 0 for none. */
  deepQueueGapMs: number;
  /** No claim while this many deliveries wait here (unless a slot sat empty for want of work): the next one may as well take more. */
  fullQueue: number;
  concurrency: number;
  /** Gather for longer as claims slow, and for the deep-queue gap; otherwise one batch delay (PGlite: a claim is a local read). */
  backOff: boolean;
}

/** What the worker holds when it asks whether to claim. */
export interface SlotCounts {
  /** Attempts on the wire. */
  active: number;
  /** Claimed deliveries waiting for a slot. */
  waiting: number;
}

/** While attempts are on the wire, claims take about this share of the time at most: a slower claim gathers more freed slots. */
const CLAIM_SHARE = 0.2;
/** The longest a freed slot waits for a claim, however slow claims have become. */
export const MAX_CLAIM_GAP_MS = 50;

/**
 * When the worker's next claim goes. A claim costs the database about a millisecond of
 * planning whatever it returns, and more under load: while attempts are on the wire, freed
 * slots are gathered for one claim instead of one claim each, for longer as claims slow
 * (five round trips of the last claims, up to {@link MAX_CLAIM_GAP_MS}), and for a few batch
 * delays while a full round already waits, and not at all while several rounds wait (what
 * a claim skips, the rows held here, grows with them). A slot left empty for want of work cuts the
 * gather to one batch delay (a quick owner beside slow ones is not kept waiting); a claim
 * goes sooner when what waits here would run out before it could return, and at once when
 * nothing is on the wire.
 */
export class ClaimPacer {
  readonly #options: ClaimPacerOptions;
  /** A claim's round trip, averaged over the last few. */
  #claimMs = 0;
  #startedAt = -Infinity;
  /** Attempts finished since the last claim started. */
  #finished = 0;
  /** Slots left empty since then: an attempt finished and nothing waiting here could take its place. */
  #idled = 0;

  constructor(options: ClaimPacerOptions) {
    this.#options = options;
  }

  /** A claim starts now. */
  start(now: number): void {
    this.#startedAt = now;
    this.#finished = 0;
    this.#idled = 0;
  }

  /** The claim started last returned now. */
  end(now: number): void {
    this.#claimMs += (now - this.#startedAt - this.#claimMs) / 4;
  }

  /** An attempt finished; `refilled` when a waiting delivery took its slot. */
  finished(refilled: boolean): void {
    this.#finished++;
    if (!refilled) this.#idled++;
  }

  /** How long to gather before the next claim, from now; 0 claims now. */
  wait(now: number, slots: SlotCounts): number {
    if (slots.active === 0) return 0;
    const elapsed = now - this.#startedAt;
    if (slots.waiting < (this.#finished / elapsed) * this.#claimMs) return 0;
    return Math.max(0, this.#gap(slots) - elapsed);
  }

  #gap(slots: SlotCounts): number {
    const { batchDelayMs, deepQueueGapMs, concurrency, backOff, fullQueue } = this.#options;
    // A slot sits empty for want of work: gather for one batch delay only.
    if (this.#idled > 0) return batchDelayMs;
    if (slots.waiting >= fullQueue) return Infinity;
    if (!backOff) return batchDelayMs;
    const gap = Math.min(MAX_CLAIM_GAP_MS, Math.max(batchDelayMs, this.#claimMs / CLAIM_SHARE));
    return slots.waiting >= concurrency ? Math.max(gap, deepQueueGapMs) : gap;
  }
}
