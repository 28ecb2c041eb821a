import assert from 'node:assert/strict';
import type { HeldDeliveries } from '../send/held.js';

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
/** While attempts are on the wire, claims take about this share of the time at most: a slower claim gathers more freed slots. */
const CLAIM_SHARE = 0.2;
/** The longest a freed slot waits for a claim, however slow claims have become. */
export const MAX_CLAIM_GAP_MS = 50;

export interface ClaimPolicyOptions {
  concurrency: number;
  pollMs: number;
  /** The shortest gather while attempts are on the wire, and the gathering loop's step. */
  batchDelayMs: number;
  /** Gather for longer as claims slow, and for the deep-queue gap (PostgreSQL); otherwise one batch delay (PGlite: a claim is a local read). */
  backOff: boolean;
}

/** What the policy reads of the deliveries held here. */
export type Holding = Pick<HeldDeliveries, 'count' | 'unrecorded' | 'owners'>;

/** The next claim, as planned at `now`. */
export interface NextClaim {
  /** A claim is due (something said so, or the poll interval has passed): it goes at `at`. Otherwise the poll is at `at`. */
  due: boolean;
  /** When it goes (`performance.now()` scale); Infinity: not before a slot sits empty or what waits here drains. */
  at: number;
  /** How many it may take. */
  size: number;
  /** How many may be held per owner once it has taken them. */
  perOwner: number;
}

/**
 * When the next claim goes and how big it is: the one place that decides. Without a sign of
 * due deliveries (a notification, a wake, what a handoff left, a full claim, a retry or a
 * circuit come due) claims wait for the poll interval: fresh deliveries are handed over.
 *
 * A claim costs the database about a millisecond of planning whatever it returns, and more
 * under load: while attempts are on the wire, freed slots are gathered for one claim instead
 * of one claim each, for longer as claims slow (five round trips of the last claims, up to
 * {@link MAX_CLAIM_GAP_MS}), and for a few batch delays while a full round already waits, and
 * not at all while several rounds wait (what a claim skips, the rows held here, grows with
 * them). A slot left empty for want of work cuts the gather to one batch delay (a quick owner
 * beside slow ones is not kept waiting); a claim goes sooner when what waits here would run
 * out before it could return, and at once when nothing is on the wire.
 */
export class ClaimPolicy {
  readonly #options: ClaimPolicyOptions;
  readonly #maxHeld: number;
  /** The database may hold deliveries a claim would take now; otherwise claims wait for the poll interval. */
  #due = true;
  #startedAt = -Infinity;
  /** A claim's round trip, averaged over the last few. */
  #claimMs = 0;
  /** Attempts finished since the last claim started. */
  #finished = 0;
  /** Slots left empty since then: an attempt finished and nothing waiting here could take its place. */
  #idled = 0;

  constructor(options: ClaimPolicyOptions) {
    this.#options = options;
    this.#maxHeld = options.concurrency * HELD_PER_SLOT;
  }

  /** True while the database may hold older due deliveries: those go first (a claim, oldest first), not a handoff. */
  get due(): boolean {
    return this.#due;
  }

  /** Deliveries may have become due. */
  becameDue(): void {
    this.#due = true;
  }

  next(now: number, held: Holding): NextClaim {
    const size = Math.min(this.#room(held), PREFETCH * this.#options.concurrency - held.count('sending') - held.count('waiting'));
    const perOwner = this.#perOwner(held);
    if (!this.#due && now - this.#startedAt < this.#options.pollMs)
      return { due: false, at: this.#startedAt + this.#options.pollMs, size, perOwner };
    return { due: true, at: now + this.#wait(now, held), size, perOwner };
  }

  /** How many fresh deliveries a handoff may take now, and per owner; undefined while a claim must go first. */
  handoff(held: Holding): { room: number; perOwner: number } | undefined {
    return this.#due ? undefined : this.limits(held);
  }

  /** How many more deliveries this process may hold now, and per owner. */
  limits(held: Holding): { room: number; perOwner: number } {
    return { room: this.#room(held), perOwner: this.#perOwner(held) };
  }

  /** A claim goes now. */
  started(now: number): void {
    this.#due = false;
    this.#startedAt = now;
    this.#finished = 0;
    this.#idled = 0;
  }

  /** The claim returned; `more`: the database may hold more it could take now. */
  ended(now: number, more: boolean): void {
    this.#claimMs += (now - this.#startedAt - this.#claimMs) / 4;
    if (more) this.#due = true;
  }

  /** An attempt ended; `refilled` when a waiting delivery took its slot. */
  attemptEnded(refilled: boolean): void {
    this.#finished++;
    if (!refilled) this.#idled++;
  }

  /** How many more deliveries this process may hold now (fresh ones handed over). */
  #room(held: Holding): number {
    return this.#maxHeld - held.unrecorded - held.count('waiting');
  }

  /** Half the buffer at most per owner while it is alone, so a newcomer's rows still get claimed. */
  #perOwner(held: Holding): number {
    return Math.max(PREFETCH, Math.floor(this.#maxHeld / (held.owners + 1)));
  }

  /** How long to gather freed slots before the claim, from now; 0 claims now. */
  #wait(now: number, held: Holding): number {
    const active = held.count('sending');
    const waiting = held.count('waiting');
    if (active === 0) return 0;
    const elapsed = now - this.#startedAt;
    if (waiting < (this.#finished / elapsed) * this.#claimMs) return 0;
    return Math.max(0, this.#gap(waiting) - elapsed);
  }

  #gap(waiting: number): number {
    const { batchDelayMs, concurrency, backOff } = this.#options;
    // A slot sits empty for want of work: gather for one batch delay only.
    if (this.#idled > 0) return batchDelayMs;
    if (waiting >= FULL_QUEUE_ROUNDS * concurrency) return Infinity;
    if (!backOff) return batchDelayMs;
    const gap = Math.min(MAX_CLAIM_GAP_MS, Math.max(batchDelayMs, this.#claimMs / CLAIM_SHARE));
    return waiting >= concurrency ? Math.max(gap, DEEP_QUEUE_GAP * batchDelayMs) : gap;
  }
}

/**
 * Where the claim loop is:
 *
 * - `stopped`: not running (before `start`, after `stop`);
 * - `starting`: started, before its first turn;
 * - `asleep`: no claim is due; it sleeps until woken (a claim became due) or the poll interval;
 * - `gathering`: a claim is due, and waits for freed slots to take more at once (the policy's `at`);
 * - `claiming`: the claim is out;
 * - `full`: a claim is due but may take nothing (this process holds all it may, or caps cut
 *   the last one short); it sleeps until room opens (a slot freed, a batch recorded) or the poll.
 *
 * Each turn, upkeep runs, then it gathers and claims if a claim is due, then sleeps, unless the
 * claim took all it asked for (a backlog) and a slot is free: then it turns again at once.
 */
export type ClaimMode = 'stopped' | 'starting' | 'asleep' | 'gathering' | 'claiming' | 'full';

const MOVES: Record<ClaimMode, readonly ClaimMode[]> = {
  stopped: ['starting'],
  starting: ['gathering', 'asleep', 'stopped'],
  asleep: ['gathering', 'asleep', 'full', 'stopped'],
  gathering: ['claiming', 'asleep', 'full', 'stopped'],
  claiming: ['gathering', 'asleep', 'full', 'stopped'],
  full: ['gathering', 'asleep', 'full', 'stopped'],
};

export interface ClaimLoopOptions extends ClaimPolicyOptions {
  held: HeldDeliveries;
  /** Each turn, before it plans: upkeep; `crowded`: the last claim found a backlog. */
  turn(now: number, crowded: boolean): void;
  /** Claims up to `size`, at most `perOwner` held per owner; `more`: the database may hold more it could take now. */
  claim(size: number, perOwner: number): Promise<{ taken: number; more: boolean }>;
  /** What a claim took waits for slots: start what may start. */
  claimed(): void;
  /** A turn claimed nothing and nothing is held. */
  idle(): void;
}

/** The worker's claim loop: its modes ({@link ClaimMode}), its sleep, and the {@link ClaimPolicy} it asks. */
export class ClaimLoop {
  readonly #options: ClaimLoopOptions;
  readonly #policy: ClaimPolicy;
  #mode: ClaimMode = 'stopped';
  #loop: Promise<void> = Promise.resolve();
  /** Woken since its last sleep began: the next sleep returns at once. */
  #woken = false;
  #endSleep: (() => void) | undefined;

  constructor(options: ClaimLoopOptions) {
    this.#options = options;
    this.#policy = new ClaimPolicy(options);
  }

  get mode(): ClaimMode {
    return this.#mode;
  }

  start(): void {
    this.#enter('starting');
    this.#loop = this.#run();
  }

  /** Stops after the turn in progress (a claim out is awaited). */
  stop(): Promise<void> {
    if (this.#mode !== 'stopped') this.#enter('stopped');
    this.#wake();
    return this.#loop;
  }

  /** Deliveries may have become due: claim. */
  due(): void {
    this.#policy.becameDue();
    this.#wake();
  }

  /** How many fresh deliveries a handoff may take now, and per owner; undefined while a claim must go first (or stopped). */
  handoff(): { room: number; perOwner: number } | undefined {
    return this.#mode === 'stopped' ? undefined : this.#policy.handoff(this.#options.held);
  }

  /** How many more this process may hold now, and per owner, whether or not a claim is due; undefined when stopped. */
  room(): { room: number; perOwner: number } | undefined {
    return this.#mode === 'stopped' ? undefined : this.#policy.limits(this.#options.held);
  }

  /** An attempt ended; `refilled` when a waiting delivery took its slot. */
  attemptEnded(refilled: boolean): void {
    this.#policy.attemptEnded(refilled);
    this.roomOpened();
  }

  /**
   * Slots or room were freed: the loop looks again if a claim is due. Otherwise it has nothing
   * to claim before the poll, and waking it would cost a turn of the loop (and a timer) per attempt.
   */
  roomOpened(): void {
    if (this.#policy.due) this.#wake();
  }

  async #run(): Promise<void> {
    const { held, concurrency } = this.#options;
    let crowded = false;
    while (this.#running) {
      this.#options.turn(performance.now(), crowded);
      const claimed = await this.#turn();
      const backlog = claimed.taken > 0 && claimed.taken >= claimed.size;
      // Per-target and per-owner caps cut claims short of `size`: a full round waiting here also means a backlog.
      crowded = backlog || (claimed.taken > 0 && held.count('waiting') >= concurrency);
      if (!this.#running) return;
      // A full batch means more may be due; a short one means the rest waits for a slot or a poll.
      if (backlog && !held.full()) continue;
      if (claimed.taken === 0 && held.size === 0) this.#options.idle();
      this.#enter(this.#policy.due ? 'full' : 'asleep');
      await this.#sleep();
    }
  }

  /** Gathers and claims if a claim is due: what it took, of how many it asked for. */
  async #turn(): Promise<{ taken: number; size: number }> {
    let now = performance.now();
    let next = this.#policy.next(now, this.#options.held);
    if (!next.due) return { taken: 0, size: next.size };
    this.#enter('gathering');
    while (next.at > now && this.#running) {
      await new Promise((r) => setTimeout(r, Math.min(this.#options.batchDelayMs, next.at - now)));
      now = performance.now();
      next = this.#policy.next(now, this.#options.held);
    }
    if (next.size <= 0 || !this.#running) return { taken: 0, size: next.size };
    this.#enter('claiming');
    this.#policy.started(performance.now());
    const { taken, more } = await this.#options.claim(next.size, next.perOwner);
    this.#policy.ended(performance.now(), more);
    this.#options.claimed();
    return { taken, size: next.size };
  }

  get #running(): boolean {
    return this.#mode !== 'stopped';
  }

  #enter(mode: ClaimMode): void {
    assert.ok(MOVES[this.#mode].includes(mode), `the claim loop cannot go from ${this.#mode} to ${mode}`);
    this.#mode = mode;
  }

  #wake(): void {
    this.#woken = true;
    this.#endSleep?.();
  }

  /** Until woken, or the poll interval; at once when woken since the last sleep. */
  #sleep(): Promise<void> {
    if (this.#woken) {
      this.#woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#endSleep = undefined;
        this.#woken = false;
        resolve();
      };
      const timer = setTimeout(done, this.#options.pollMs);
      this.#endSleep = done;
    });
  }
}
