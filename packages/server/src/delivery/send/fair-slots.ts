/** What the slots need to know about a claimed delivery. */
export interface Slotted {
  id: string;
  target_id: string;
  owner_key_id: string;
  /** At most this many attempts on the wire for the target (1 while its circuit probes). */
  target_cap?: number | null;
  /** Not started before this time (the clock's scale): its send slot under the target's rate limit. */
  not_before?: number;
  /** The target's deliveries per second, if limited: starts here are at least 1 s / rate apart, even after a late one. */
  rate_limit?: number | null;
}

export interface FairSlotsOptions {
  /** Attempts on the wire that owners share; borrowed slots can briefly push it to twice this. */
  concurrency: number;
  /** Attempts on the wire per target. */
  perTarget: number;
  /** The clock `not_before` is read against; default `performance.now()`. */
  now?: () => number;
}

interface Owner<T> {
  /** Targets with waiting deliveries, in round-robin order. */
  targets: Map<string, T[]>;
  active: number;
}

/**
 * The process's delivery slots, shared fairly: deliveries wait here per owner and per
 * target, and `next()` hands out slots round-robin across owners, then across each owner's
 * targets. Each owner with work is entitled to `concurrency / owners` slots; an owner may
 * borrow slots nobody else wants, and an owner below its share never waits for borrowed
 * slots to come back (it may start beyond `concurrency` until they do), so one owner's
 * hanging targets cannot delay another owner's deliveries. A delivery with a send slot
 * (`not_before`) waits for it, and so do the ones behind it for the same target (their slots
 * are later); `dueAt()` says when the earliest comes due.
 */
export class FairSlots<T extends Slotted> {
  readonly #concurrency: number;
  readonly #perTarget: number;
  readonly #now: () => number;
  readonly #owners = new Map<string, Owner<T>>();
  readonly #onWire = new Map<string, number>();
  #active = 0;
  #waiting = 0;
  /** Waiting deliveries with a send slot: `dueAt()` looks only when there are some. */
  #slotted = 0;
  /** When a rate-limited target may start its next delivery here, whatever its slot says. */
  readonly #spacedUntil = new Map<string, number>();

  constructor(options: FairSlotsOptions) {
    this.#concurrency = options.concurrency;
    this.#perTarget = options.perTarget;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Attempts on the wire. */
  get active(): number {
    return this.#active;
  }

  /** Deliveries waiting for a slot. */
  get waiting(): number {
    return this.#waiting;
  }

  /** Owners with deliveries waiting or on the wire. */
  get owners(): number {
    return this.#owners.size;
  }

  /** The slots each owner is entitled to now. */
  share(): number {
    return Math.max(1, Math.floor(this.#concurrency / Math.max(1, this.#owners.size)));
  }

  /** True when no slot is free for anyone. */
  full(): boolean {
    return this.#active >= this.#concurrency;
  }

  add(delivery: T): void {
    const owner = this.#owner(delivery.owner_key_id);
    const queue = owner.targets.get(delivery.target_id);
    if (queue) queue.push(delivery);
    else owner.targets.set(delivery.target_id, [delivery]);
    this.#waiting++;
    if (delivery.not_before !== undefined) this.#slotted++;
  }

  /**
   * The next delivery to start, its slot taken, or undefined. Owners below their share go
   * first; then, while slots are idle, anyone may borrow one.
   */
  next(): T | undefined {
    const share = this.share();
    const now = this.#now();
    const owed = this.#active < 2 * this.#concurrency ? this.#pick(now, (owner) => owner.active < share) : undefined;
    const taken = owed ?? (this.#active < this.#concurrency ? this.#pick(now, () => true) : undefined);
    if (!taken) return undefined;
    this.#active++;
    this.#waiting--;
    if (taken.not_before !== undefined) this.#slotted--;
    this.#bumpWire(taken.target_id, 1);
    this.#space(taken, now);
    return taken;
  }

  /** The earliest send slot still ahead among waiting deliveries, or undefined when none waits for one. */
  dueAt(): number | undefined {
    if (this.#slotted === 0) return undefined;
    const now = this.#now();
    let earliest: number | undefined;
    for (const owner of this.#owners.values()) {
      for (const queue of owner.targets.values()) {
        const at = this.#startAt(queue[0]!);
        if (at !== undefined && at > now && (earliest === undefined || at < earliest)) earliest = at;
      }
    }
    return earliest;
  }

  /** Frees the slot of a delivery that `next()` returned. */
  done(delivery: T): void {
    this.#active--;
    this.#bumpWire(delivery.target_id, -1);
    const owner = this.#owners.get(delivery.owner_key_id);
    if (!owner) return;
    owner.active--;
    this.#forget(delivery.owner_key_id, owner);
  }

  /** Removes and returns what waits for one target (it is gone, or its circuit opened). */
  dropTarget(ownerKeyId: string, targetId: string): T[] {
    const owner = this.#owners.get(ownerKeyId);
    const queue = owner?.targets.get(targetId);
    if (!owner || !queue) return [];
    owner.targets.delete(targetId);
    this.#waiting -= queue.length;
    this.#slotted -= queue.filter((d) => d.not_before !== undefined).length;
    this.#forget(ownerKeyId, owner);
    return queue;
  }

  /** Removes and returns everything waiting (on stop). */
  drain(): T[] {
    const all: T[] = [];
    for (const [key, owner] of this.#owners) {
      for (const queue of owner.targets.values()) all.push(...queue);
      owner.targets.clear();
      this.#forget(key, owner);
    }
    this.#waiting = 0;
    this.#slotted = 0;
    return all;
  }

  #pick(now: number, eligible: (owner: Owner<T>) => boolean): T | undefined {
    for (const [key, owner] of this.#owners) {
      if (owner.targets.size === 0 || !eligible(owner)) continue;
      for (const [targetId, queue] of owner.targets) {
        const cap = Math.min(this.#perTarget, queue[0]!.target_cap ?? this.#perTarget);
        if ((this.#onWire.get(targetId) ?? 0) >= cap || (this.#startAt(queue[0]!) ?? -Infinity) > now) continue;
        const delivery = queue.shift()!;
        // Served owners and targets go to the back of their rings.
        owner.targets.delete(targetId);
        if (queue.length > 0) owner.targets.set(targetId, queue);
        owner.active++;
        this.#owners.delete(key);
        this.#owners.set(key, owner);
        return delivery;
      }
    }
    return undefined;
  }

  /** The delivery's slot, moved later when its target's previous start was late. */
  #startAt(delivery: T): number | undefined {
    const spaced = this.#spacedUntil.get(delivery.target_id);
    if (delivery.not_before === undefined) return undefined;
    return spaced === undefined ? delivery.not_before : Math.max(delivery.not_before, spaced);
  }

  // A start held up (a busy event loop, a claim answered late) must not let the next slot
  // follow it closer than 1 s / rate: the receiver would see more than the rate in a second.
  #space(taken: T, now: number): void {
    if (!taken.rate_limit) return;
    if (this.#spacedUntil.size >= 1024) for (const [id, until] of this.#spacedUntil) if (until <= now) this.#spacedUntil.delete(id);
    this.#spacedUntil.set(taken.target_id, now + 1000 / taken.rate_limit);
  }

  #owner(key: string): Owner<T> {
    let owner = this.#owners.get(key);
    if (!owner) {
      owner = { targets: new Map(), active: 0 };
      this.#owners.set(key, owner);
    }
    return owner;
  }

  #forget(key: string, owner: Owner<T>): void {
    if (owner.active === 0 && owner.targets.size === 0) this.#owners.delete(key);
  }

  #bumpWire(targetId: string, by: number): void {
    const n = (this.#onWire.get(targetId) ?? 0) + by;
    if (n === 0) this.#onWire.delete(targetId);
    else this.#onWire.set(targetId, n);
  }
}
