import { FairSlots } from './fair-slots.js';
import { rateClaimCap } from './rate-limit.js';
import type { ClaimedDelivery } from '../types.js';

/**
 * Where a held delivery is: `waiting` for a slot, `sending` (on the wire), `sent` (its outcome
 * not yet recorded), or `cancelled` with its target (recorded with a sibling's outcome). It
 * leaves when its outcome is recorded, or when it is given back unsent (`release`).
 */
export type HeldState = 'waiting' | 'sending' | 'sent' | 'cancelled';

export interface HeldDeliveriesOptions {
  /** Attempts on the wire that owners share (see {@link FairSlots}). */
  concurrency: number;
  /** Attempts on the wire per target. */
  perTarget: number;
}

/**
 * Every delivery this process holds, each in one place and one state. Claims and handoffs
 * bring deliveries in (`take`), the slots start them fairly across owners and targets
 * (`start`), attempts end (`sent`) and outcomes are recorded (`recorded`). Claims read from
 * here what is held per target and per owner (waiting or on the wire: the caps), and which
 * ids are held until their outcome is recorded (claims skip them; they are still pending in
 * the database).
 */
export class HeldDeliveries {
  readonly #slots: FairSlots<ClaimedDelivery>;
  /** Each held delivery's state, and its target (what claims read), by id: one set of ids, two columns. */
  readonly #states = new Map<string, HeldState>();
  readonly #targets = new Map<string, string>();
  readonly #count: Record<HeldState, number> = { waiting: 0, sending: 0, sent: 0, cancelled: 0 };
  /** Waiting or on the wire, per target and per owner: what the claim caps count. */
  readonly #byTarget = new Map<string, number>();
  readonly #byOwner = new Map<string, number>();
  /** Claim caps of rate-limited targets held here (from the last claim: a rate change applies at the next). */
  readonly #caps = new Map<string, number>();

  constructor(options: HeldDeliveriesOptions) {
    this.#slots = new FairSlots({ concurrency: options.concurrency, perTarget: options.perTarget });
  }

  /** Deliveries in one state. */
  count(state: HeldState): number {
    return this.#count[state];
  }

  /** On the wire or sent, outcome not yet recorded: what a crash would send again. */
  get unrecorded(): number {
    return this.#count.sending + this.#count.sent;
  }

  /** Held until recorded or given back, in any state. */
  get size(): number {
    return this.#states.size;
  }

  /** Owners with deliveries waiting or on the wire. */
  get owners(): number {
    return this.#slots.owners;
  }

  /** True when no slot is free for anyone. */
  full(): boolean {
    return this.#slots.full();
  }

  /** The earliest send slot still ahead among waiting deliveries (see {@link FairSlots.dueAt}). */
  dueAt(): number | undefined {
    return this.#slots.dueAt();
  }

  /** Held per target, waiting or on the wire. */
  get byTarget(): ReadonlyMap<string, number> {
    return this.#byTarget;
  }

  /** Held per owner, waiting or on the wire. */
  get byOwner(): ReadonlyMap<string, number> {
    return this.#byOwner;
  }

  /** Claim caps of rate-limited targets. */
  get caps(): ReadonlyMap<string, number> {
    return this.#caps;
  }

  /** Every delivery held until its outcome is recorded, by id, with its target: claims skip them. */
  get ids(): ReadonlyMap<string, string> {
    return this.#targets;
  }

  has(id: string): boolean {
    return this.#states.has(id);
  }

  /** A claimed or handed-over delivery waits for a slot; a claimed one's rate (or none) sets its target's claim cap. */
  take(delivery: ClaimedDelivery, claimed: boolean): void {
    if (claimed && delivery.rate_limit === null) this.#caps.delete(delivery.target_id);
    else if (claimed) this.#caps.set(delivery.target_id, rateClaimCap(delivery.rate_limit!));
    this.#states.set(delivery.id, 'waiting');
    this.#targets.set(delivery.id, delivery.target_id);
    this.#count.waiting++;
    bump(this.#byTarget, delivery.target_id, 1);
    bump(this.#byOwner, delivery.owner_key_id, 1);
    this.#slots.add(delivery);
  }

  /** The next delivery to send, its slot taken (see {@link FairSlots.next}), or undefined. */
  start(): ClaimedDelivery | undefined {
    const delivery = this.#slots.next();
    if (delivery) this.#move(delivery.id, 'sending');
    return delivery;
  }

  /** Its attempt ended: the slot is free and it no longer counts against its caps; its outcome is to be recorded. */
  sent(delivery: ClaimedDelivery): void {
    this.#slots.done(delivery);
    this.#move(delivery.id, 'sent');
    this.#uncount(delivery);
  }

  /** What waits for a target that is gone: cancelled with it, to be recorded with `by`'s outcome. */
  cancelTarget(by: ClaimedDelivery): ClaimedDelivery[] {
    const dropped = this.#slots.dropTarget(by.owner_key_id, by.target_id);
    for (const d of dropped) {
      this.#move(d.id, 'cancelled');
      this.#uncount(d);
    }
    return dropped;
  }

  /** What waits for one target goes back to the database unsent (its circuit opened). */
  giveBackTarget(ownerKeyId: string, targetId: string): void {
    this.#release(this.#slots.dropTarget(ownerKeyId, targetId));
  }

  /** Everything waiting goes back to the database unsent (on stop). */
  giveBackAll(): void {
    this.#release(this.#slots.drain());
  }

  /** These outcomes (and the cancellations recorded with them) are in the database: they leave. */
  recorded(ids: Iterable<string>): void {
    for (const id of ids) this.#forget(id);
  }

  #release(deliveries: ClaimedDelivery[]): void {
    for (const d of deliveries) if (this.#forget(d.id)) this.#uncount(d);
  }

  #forget(id: string): boolean {
    const state = this.#states.get(id);
    if (state === undefined) return false;
    this.#count[state]--;
    this.#states.delete(id);
    this.#targets.delete(id);
    return true;
  }

  #move(id: string, state: HeldState): void {
    this.#count[this.#states.get(id)!]--;
    this.#count[state]++;
    this.#states.set(id, state);
  }

  #uncount(delivery: ClaimedDelivery): void {
    if (this.#byTarget.get(delivery.target_id) === 1) this.#caps.delete(delivery.target_id);
    bump(this.#byTarget, delivery.target_id, -1);
    bump(this.#byOwner, delivery.owner_key_id, -1);
  }
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const n = (map.get(key) ?? 0) + by;
  if (n === 0) map.delete(key);
  else map.set(key, n);
}
