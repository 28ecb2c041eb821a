import type { Database } from '../db/database.js';
import { rateClaimCap, reserveSendSlots } from './rate-limit.js';
import { cancelClaimed, claimDue, type ClaimedDelivery } from './store.js';
import { TargetHolds } from './target-holds.js';

export interface ClaimerOptions {
  db: Database;
  /** The worker's id, the holder of the targets it serves. */
  workerId: string;
  leaseMs: number;
  /** Deliveries held here per target (waiting or on the wire); on PostgreSQL only of targets this process serves (one at a time per target). */
  perTarget: number;
  onError: (error: unknown) => void;
}

/**
 * Claims due deliveries for this worker and keeps count of what it holds: per target and
 * per owner until an attempt ends (claims stop at the caps), and by id until its outcome is
 * recorded (a single-owner claim reads past those; they are still pending in the database).
 * Deliveries of rate-limited targets come with their send slot (`not_before`).
 */
export class Claimer {
  readonly #options: ClaimerOptions;
  readonly #byTarget = new Map<string, number>();
  readonly #byOwner = new Map<string, number>();
  /** Claim caps of rate-limited targets held here (from the last claim: a rate change applies at the next). */
  readonly #caps = new Map<string, number>();
  /** Claimed and not yet recorded, by id: their targets' holds are kept, and claims skip them. */
  readonly #ids = new Map<string, string>();
  /** PostgreSQL: the targets this worker serves, and those other processes serve. */
  readonly #holds = new TargetHolds();

  constructor(options: ClaimerOptions) {
    this.#options = options;
  }

  /** Deliveries claimed and not yet recorded. */
  get held(): number {
    return this.#ids.size;
  }

  /**
   * Claims up to `limit` deliveries, at most `perOwner` held per owner; deliveries whose
   * target is gone are cancelled, not returned.
   */
  async claim(limit: number, perOwner: number): Promise<ClaimedDelivery[]> {
    const { db, workerId, leaseMs, perTarget, onError } = this.#options;
    let claimed: ClaimedDelivery[] = [];
    try {
      claimed = await claimDue(db, { owner: workerId, limit, leaseMs, perTarget, caps: this.#caps, inFlight: this.#byTarget, held: this.#ids, perOwner, ownerHeld: this.#byOwner, holds: this.#holds });
    } catch (error) {
      onError(error);
    }
    const gone = claimed.filter((d) => !d.target_active || !d.secret);
    if (gone.length > 0) await cancelClaimed(db, gone.map((d) => d.id)).catch(onError);
    let sendable = gone.length > 0 ? claimed.filter((d) => d.target_active && d.secret) : claimed;
    if (sendable.some((d) => d.rate_limit !== null)) sendable = await this.#reserve(sendable);
    for (const d of sendable) {
      if (d.rate_limit === null) this.#caps.delete(d.target_id);
      else this.#caps.set(d.target_id, rateClaimCap(d.rate_limit));
      bump(this.#byTarget, d.target_id, 1);
      bump(this.#byOwner, d.owner_key_id, 1);
      this.#ids.set(d.id, d.target_id);
    }
    return sendable;
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

  /** The delivery's attempt ended (or it will not be sent): it no longer counts against its caps. */
  release(delivery: ClaimedDelivery): void {
    if (this.#byTarget.get(delivery.target_id) === 1) this.#caps.delete(delivery.target_id);
    bump(this.#byTarget, delivery.target_id, -1);
    bump(this.#byOwner, delivery.owner_key_id, -1);
  }

  /** The outcomes of these deliveries are in the database (or they were given back). */
  forget(ids: Iterable<string>): void {
    for (const id of ids) this.#ids.delete(id);
  }
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const n = (map.get(key) ?? 0) + by;
  if (n === 0) map.delete(key);
  else map.set(key, n);
}
