import { singleHeader, type HeaderSource, type LowerCaseNames } from './headers.js';

/**
 * Where a message stands in its key's order, as far as this receiver has seen: `first` (no
 * earlier message of its key handled here), `next` (the one after the last handled), `gap`
 * (messages in between were not handled here: they failed for good at the sender, or were
 * skipped), `stale` (its place was already passed: a replay, or a message sent again).
 */
export type OrderingPosition = 'first' | 'next' | 'gap' | 'stale';

/** `ctx.ordering`: the message's ordering key and place, for events that declare one (`x-clubnotify-ordering-key`). */
export interface OrderingContext {
  /** `webhook-ordering-key`, decoded. */
  readonly key: string;
  /** `webhook-ordering-sequence`: 1, 2, 3… per target and key, stable across retries and replays. */
  readonly sequence: number;
  /** The highest sequence of this key answered 2xx here, or undefined. */
  readonly last: number | undefined;
  readonly position: OrderingPosition;
  /** For a `gap`: how many messages of the key came before this one and were never answered 2xx here. */
  readonly missed: number;
}

/** The ordering headers, or the sentence saying what is wrong with them. */
export function readOrderingHeaders(
  headers: HeaderSource,
  lowerCase: LowerCaseNames,
): { key: string; sequence: number } | undefined | string {
  const rawKey = singleHeader(headers, 'webhook-ordering-key', lowerCase);
  const rawSequence = singleHeader(headers, 'webhook-ordering-sequence', lowerCase);
  if (rawKey === undefined && rawSequence === undefined) return undefined;
  if (rawKey === undefined || rawSequence === undefined) return 'webhook-ordering-key and webhook-ordering-sequence come together.';
  if (!/^[1-9][0-9]{0,15}$/.test(rawSequence)) return 'The webhook-ordering-sequence header must be a number from 1.';
  let key;
  try {
    key = decodeURIComponent(rawKey);
  } catch {
    return 'The webhook-ordering-key header must be percent-encoded UTF-8.';
  }
  if (key.length === 0) return 'The webhook-ordering-key header must not be empty.';
  return { key, sequence: Number(rawSequence) };
}

/**
 * The last sequence answered 2xx per event and key, in this process's memory (the most recent
 * `limit` keys): what `ctx.ordering` compares a message with. Several processes behind one URL,
 * or a restart, each start afresh: a message then reads `first`.
 */
export class OrderingTracker {
  readonly #last = new Map<string, number>();

  constructor(readonly limit = 100_000) {}

  context(scope: string, key: string, sequence: number): OrderingContext {
    const last = this.#last.get(`${scope} ${key}`);
    const position: OrderingPosition = last === undefined ? 'first' : sequence <= last ? 'stale' : sequence === last + 1 ? 'next' : 'gap';
    return { key, sequence, last, position, missed: position === 'gap' ? sequence - last! - 1 : 0 };
  }

  /** The message was answered 2xx: its key has passed its place. */
  passed(scope: string, key: string, sequence: number): void {
    const id = `${scope} ${key}`;
    const last = this.#last.get(id);
    if (last !== undefined && last >= sequence) return;
    this.#last.delete(id);
    this.#last.set(id, sequence);
    if (this.#last.size > this.limit) this.#last.delete(this.#last.keys().next().value!);
  }
}
