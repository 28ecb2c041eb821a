import { ClaimPacer } from './claim-pacer.js';
import type { HeldDeliveries } from './held.js';
import { Waker } from './waker.js';

/** Deliveries held per target and per slot of its `perTargetConcurrency`: a claimed one waits behind PREFETCH - 1 attempts at most. */
export const PREFETCH = 8;
/**
 * Deliveries held here (waiting, on the wire, or sent and not yet recorded) per slot of
 * `concurrency`: 2,048 at the default 64, so a burst of fresh deliveries is handed over
 * rather than left to claims. Of those, claims take PREFETCH per slot at most, and at most
 * PREFETCH per slot are on the wire or sent and not yet recorded (what a crash sends again).
 */
const HELD_PER_SLOT = 32;
/** Batch delays between claims on PostgreSQL while a full round of deliveries waits here. */
const DEEP_QUEUE_GAP = 4;
/** Rounds of deliveries (`concurrency`) waiting here that hold back the next claim. */
const FULL_QUEUE_ROUNDS = 4;

export interface ClaimScheduleOptions {
  concurrency: number;
  pollMs: number;
  batchDelayMs: number;
  /** Gather for longer as claims slow (PostgreSQL); see {@link ClaimPacer}. */
  backOff: boolean;
}

/**
 * When the next claim goes and how many it may take. Without a sign of due deliveries (a
 * notification, a wake, what a handoff left, a full claim, a retry or a circuit come due)
 * claims wait for the poll interval: fresh deliveries are handed over. While attempts are on
 * the wire, freed slots are gathered for one claim ({@link ClaimPacer}); between claims the
 * loop sleeps until woken ({@link Waker}).
 */
export class ClaimSchedule {
  readonly #options: ClaimScheduleOptions;
  readonly #waker: Waker;
  readonly #pacer: ClaimPacer;
  readonly #maxHeld: number;
  /** The database may hold deliveries a claim would take now; otherwise claims wait for the poll interval. */
  #due = true;
  #lastClaimAt = -Infinity;

  constructor(options: ClaimScheduleOptions) {
    const { concurrency, batchDelayMs, backOff } = options;
    this.#options = options;
    this.#waker = new Waker(options.pollMs);
    this.#pacer = new ClaimPacer({
      batchDelayMs,
      deepQueueGapMs: DEEP_QUEUE_GAP * batchDelayMs,
      fullQueue: FULL_QUEUE_ROUNDS * concurrency,
      concurrency,
      backOff,
    });
    this.#maxHeld = concurrency * HELD_PER_SLOT;
  }

  /** Deliveries may have become due: claim. */
  due(): void {
    this.#due = true;
    this.#waker.wake();
  }

  /** The loop looks again now, claim due or not (on stop). */
  nudge(): void {
    this.#waker.wake();
  }

  /** Sleeps until nudged, or the poll interval. */
  pause(): Promise<void> {
    return this.#waker.pause();
  }

  /** True while the database may hold older due deliveries: those go first (a claim, oldest first), not a handoff. */
  get claimFirst(): boolean {
    return this.#due;
  }

  /** Whether the loop claims now. */
  claiming(now: number): boolean {
    return this.#due || now - this.#lastClaimAt >= this.#options.pollMs;
  }

  /** How long to gather freed slots before claiming, from now (see {@link ClaimPacer.wait}). */
  gather(now: number, held: HeldDeliveries): number {
    return this.#pacer.wait(now, { active: held.count('sending'), waiting: held.count('waiting') });
  }

  /** How many more deliveries this process may hold now (fresh ones handed over). */
  room(held: HeldDeliveries): number {
    return this.#maxHeld - held.unrecorded - held.count('waiting');
  }

  /**
   * How many a claim may take now: PREFETCH per slot at most with what waits and is on the
   * wire. A larger claim holds up sending while it is read (the delivery benchmark, a queued
   * backlog drained by claims alone: 0.42–0.52 of the bare loop against 0.50–0.55).
   */
  claimSize(held: HeldDeliveries): number {
    return Math.min(this.room(held), PREFETCH * this.#options.concurrency - held.count('sending') - held.count('waiting'));
  }

  /** Half the buffer at most per owner while it is alone, so a newcomer's rows still get claimed. */
  perOwner(held: HeldDeliveries): number {
    return Math.max(PREFETCH, Math.floor(this.#maxHeld / (held.owners + 1)));
  }

  /** A claim goes now. */
  started(now: number): void {
    this.#due = false;
    this.#lastClaimAt = now;
    this.#pacer.start(now);
  }

  /** The claim returned; `more`: the database may hold more it could take now. */
  ended(now: number, more: boolean): void {
    this.#pacer.end(now);
    if (more) this.#due = true;
  }

  /** An attempt ended; `refilled` when a waiting delivery took its slot. */
  attemptEnded(refilled: boolean): void {
    this.#pacer.finished(refilled);
    this.roomOpened();
  }

  /**
   * Slots or room were freed: the loop looks again if a claim is due. Otherwise it has nothing
   * to claim before the poll, and waking it would cost a turn of the loop (and a timer) per attempt.
   */
  roomOpened(): void {
    if (this.#due) this.#waker.wake();
  }
}
