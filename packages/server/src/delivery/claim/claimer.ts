import type { Database } from '../../db/database.js';
import { HeldDeliveries } from '../send/held.js';
import { reserveSendSlots } from '../send/rate-limit.js';
import { singleOwner } from './single-owner.js';
import { cancelClaimed } from '../queue/cancel.sql.js';
import { claimDue } from './claim-due.js';
import { TargetHolds } from './target-holds.js';
import type { ClaimedDelivery, FreshDelivery } from '../types.js';

/** A fresh delivery is taken only while its target's hold outlasts the lease by this much (the hold was read before the commit). */
const HOLD_MARGIN_MS = 1_000;

export interface ClaimerOptions {
  db: Database;
  /** The worker's id, the holder of the targets it serves. */
  workerId: string;
  leaseMs: number;
  /** Deliveries held here per target (waiting or on the wire); on PostgreSQL only of targets this process serves (one at a time per target). */
  perTarget: number;
  onError: (error: unknown) => void;
  /** Where what it takes is held; a set of its own by default (tests). */
  held?: HeldDeliveries;
}

/**
 * Takes deliveries into {@link HeldDeliveries}: claims due ones from the database, or takes
 * fresh ones its process hands over, as many as it is asked for and for whom its caps allow
 * (per target and per owner, as held counts them). Deliveries of rate-limited targets come
 * with their send slot (`not_before`). It counts nothing itself.
 */
export class Claimer {
  readonly #options: ClaimerOptions;
  readonly #held: HeldDeliveries;
  /** PostgreSQL: the targets this worker serves, and those other processes serve. */
  readonly #holds = new TargetHolds();
  /** Ids taken by {@link adopt} while a claim is out: the claim may have read them too. */
  #adoptedDuringClaim: Set<string> | undefined;
  #more = true;

  constructor(options: ClaimerOptions) {
    this.#options = options;
    this.#held = options.held ?? new HeldDeliveries({ concurrency: 64, perTarget: options.perTarget });
  }

  /** Deliveries held until their outcome is recorded. */
  get held(): number {
    return this.#held.size;
  }

  /**
   * The database may hold due deliveries this worker could take now: the last claim failed,
   * or says so (`Claim.more`: it read as many as it asked for, left some, or skipped a target
   * or owner at its cap).
   */
  get more(): boolean {
    return this.#more;
  }

  /**
   * Claims up to `limit` deliveries, at most `perOwner` held per owner; deliveries whose
   * target is gone are cancelled, not returned. What it returns waits in the held set.
   */
  async claim(limit: number, perOwner: number): Promise<ClaimedDelivery[]> {
    const { db, workerId, leaseMs, perTarget, onError } = this.#options;
    const held = this.#held;
    let claimed: ClaimedDelivery[] = [];
    this.#adoptedDuringClaim = new Set();
    this.#more = true;
    try {
      const claim = await claimDue(db, {
        owner: workerId,
        limit,
        leaseMs,
        perTarget,
        caps: held.caps,
        inFlight: held.byTarget,
        held: held.ids,
        perOwner,
        ownerHeld: held.byOwner,
        holds: this.#holds,
      });
      claimed = claim.rows;
      this.#more = claim.more;
    } catch (error) {
      onError(error);
    }
    const adopted = this.#adoptedDuringClaim;
    this.#adoptedDuringClaim = undefined;
    if (adopted.size > 0) claimed = claimed.filter((d) => !adopted.has(d.id));
    const gone = claimed.filter((d) => !d.target_active || !d.secret);
    if (gone.length > 0)
      await cancelClaimed(
        db,
        gone.map((d) => d.id),
      ).catch(onError);
    let sendable = gone.length > 0 ? claimed.filter((d) => d.target_active && d.secret) : claimed;
    if (sendable.some((d) => d.rate_limit !== null)) sendable = await this.#reserve(sendable);
    for (const d of sendable) held.take(d, true);
    return sendable;
  }

  /** Another process gave back its targets: the next claim may serve them. */
  releasedElsewhere(): void {
    this.#holds.releasedElsewhere();
  }

  /**
   * Takes up to `room` of the deliveries this process just committed, those a claim would take
   * now: their target active, its circuit closed, not rate-limited, below its cap and its
   * owner's, on PostgreSQL served by this worker with a hold that outlasts the lease, and without
   * an ordering key or the first of its key (`first_of_key`).
   */
  adopt(fresh: FreshDelivery[], room: number, perOwner: number): ClaimedDelivery[] {
    const taken: ClaimedDelivery[] = [];
    for (const d of fresh) {
      if (taken.length >= room || this.#held.has(d.id) || !this.#mayTake(d, perOwner)) continue;
      this.#held.take(d, false);
      this.#adoptedDuringClaim?.add(d.id);
      taken.push(d);
    }
    if (taken.length > 0 && !singleOwner(this.#options.db)) this.#holds.taken(new Set(taken.map((d) => d.target_id)));
    return taken;
  }

  #mayTake(d: FreshDelivery, perOwner: number): boolean {
    const { db, workerId, leaseMs, perTarget } = this.#options;
    // A keyed delivery is taken only when the insert found no earlier one of its key: the claim knows the rest.
    if (!d.target_active || !d.secret || d.rate_limit !== null || d.circuit || (d.ordering_key && !d.first_of_key)) return false;
    if ((this.#held.byTarget.get(d.target_id) ?? 0) >= perTarget || (this.#held.byOwner.get(d.owner_key_id) ?? 0) >= perOwner) return false;
    return singleOwner(db) || (d.holder === workerId && (d.hold_left_ms ?? 0) >= leaseMs + HOLD_MARGIN_MS);
  }

  /** Reserves the send slots of rate-limited deliveries; without slots they stay pending, unsent. */
  async #reserve(claimed: ClaimedDelivery[]): Promise<ClaimedDelivery[]> {
    const { db, onError } = this.#options;
    try {
      await reserveSendSlots(db, claimed);
      return claimed;
    } catch (error) {
      onError(error);
      return claimed.filter((d) => d.rate_limit === null);
    }
  }
}
