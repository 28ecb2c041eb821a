import type { ClaimedDelivery, FreshDelivery } from '../types.js';

/** The most (target, key) pairs kept: past it the oldest go, and their outcomes are gathered as others are. */
export const KEPT_KEYS = 10_000;

const pairOf = (d: ClaimedDelivery) => `${d.target_id}\u0000${d.ordering_key}`;

/**
 * The keys with a message waiting behind an earlier one, as this process queued them: for each
 * (target, key), the highest place (`key_seq`) it queued that was not first of its key. An
 * outcome is worth recording at once only when a later message of its key waits: otherwise
 * gathering it with others costs the key nothing, and saves a record statement (most keys, most
 * of the time, have nothing queued behind them). A message queued by another process is not
 * seen here: its predecessor's outcome is gathered as any other, and it goes a few steps later.
 */
export class WaitingKeys {
  readonly #last = new Map<string, number>();

  /** Notes the fresh deliveries that wait behind an earlier message of their key. */
  queued(fresh: FreshDelivery[]): void {
    for (const d of fresh) {
      if (!d.ordering_key || d.first_of_key || typeof d.key_seq !== 'number') continue;
      const pair = pairOf(d);
      const last = this.#last.get(pair);
      if (last !== undefined && last >= d.key_seq) continue;
      this.#last.delete(pair);
      if (this.#last.size >= KEPT_KEYS) this.#last.delete(this.#last.keys().next().value!);
      this.#last.set(pair, d.key_seq);
    }
  }

  /** Whether a later message of this delivery's key waits; an ended delivery at or past the last one noted ends the note. */
  behind(delivery: ClaimedDelivery): boolean {
    if (!delivery.ordering_key || typeof delivery.key_seq !== 'number') return false;
    const pair = pairOf(delivery);
    const last = this.#last.get(pair);
    if (last === undefined) return false;
    if (last > delivery.key_seq) return true;
    this.#last.delete(pair);
    return false;
  }

  get size(): number {
    return this.#last.size;
  }
}
