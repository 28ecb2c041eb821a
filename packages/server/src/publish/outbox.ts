import { SpanKind, type Span } from '@opentelemetry/api';
import type { Queryable } from '../db/database.js';
import { insertDeliveries } from '../delivery/sql/insert.js';
import type { DeliveryHandoff, FreshDelivery, OutgoingMessage } from '../delivery/types.js';
import { headersOf } from '../telemetry/trace-context.js';
import { endSpanAfter, tracer } from '../telemetry/tracer.js';
import type { OutgoingGuard } from './outgoing-check.js';
import { StockChangeBatcher } from './stock-batch.js';
import { changeStock, StockFanOut, type StockChange, type StockChanged } from './stock-change.js';

export interface OutboxOptions {
  db: Queryable;
  /**
   * The local delivery worker: handed what committed, it sends what a claim would let it send
   * now, claims for the rest and wakes the processes that serve some of it. Without one, each
   * commit wakes the workers of every process (NOTIFY) and `wake` the local one.
   */
  handoff?: DeliveryHandoff;
  /** Told of every committed delivery: wakes the pull readers waiting on their targets (`PullFeed`). */
  readers?: DeliveryHandoff;
  /** Wakes the local worker for deliveries it was not handed: requeued ones, or all without a handoff. */
  wake?: () => void;
  /** Stock change statements out at once outside a transaction (see {@link StockChangeBatcher}); default 1. */
  stockStatements?: number;
  /** Checks every body against the spec before it is queued: throws (strict) or logs and counts (warn). */
  check?: OutgoingGuard & { readonly refuses: boolean };
}

/**
 * What one publishing operation queues. Its statements run in the operation's transaction
 * (or, for a standalone stock change, are their own): nothing is handed over unless it commits.
 */
export interface Queue {
  /** Queues one message per target (concerts' webhooks and callbacks, test events). */
  messages(tx: Queryable, messages: OutgoingMessage[]): Promise<void>;
  /** Sets two items' stock and queues their stockUpdate webhooks: on `tx`, or gathered with other standalone changes when `alone`. */
  stockChange(tx: Queryable, change: StockChange, alone: boolean): Promise<StockChanged>;
  /** Deliveries already in the table were made due again (replay, recovery): `count` of them. */
  requeued(count: number): void;
}

/**
 * The one way deliveries are queued: every publisher (concerts, stock changes, callbacks,
 * test events, replay and recovery) runs its transaction through {@link publish}, queues
 * through the {@link Queue} it is given, and the deliveries are handed over once the
 * transaction has committed. Whether the local worker takes them or the workers of other
 * processes are woken is decided here (and, for what the local worker is handed, by its
 * `offer`): routes never carry deliveries out of their transactions.
 */
export class Outbox {
  readonly #options: OutboxOptions;
  readonly #stock: StockChangeBatcher;
  readonly #fanOut = new StockFanOut();

  constructor(options: OutboxOptions) {
    this.#options = options;
    this.#stock = new StockChangeBatcher(options.db, this.#notifies, options.stockStatements ?? 1, this.#fanOut);
  }

  /** Runs `work` (which runs and commits its transaction); once it has resolved, hands over what it queued. */
  async publish<T>(work: (queue: Queue) => Promise<T>): Promise<T> {
    return tracer.startActiveSpan('publish', { kind: SpanKind.PRODUCER }, (span) => this.#publish(work, span));
  }

  /** The publish span holds the count queued; its context travels with every delivery it queued. */
  async #publish<T>(work: (queue: Queue) => Promise<T>, span: Span): Promise<T> {
    const fresh: FreshDelivery[] = [];
    let requeued = 0;
    const trace = headersOf(span);
    const queue: Queue = {
      messages: async (tx, messages) => {
        fresh.push(...(await insertDeliveries(tx, this.#checked(messages), this.#notifies, trace)));
      },
      stockChange: async (tx, untraced, alone) => {
        const change = trace ? { ...untraced, trace } : untraced;
        const changed = alone ? await this.#stock.change(change) : await changeStock(tx, change, this.#notifies, this.#fanOut);
        // The statement made the body from the inventory; a refusal here rolls the change back (strict is never `alone`).
        this.#options.check?.({ kind: 'webhook', event: 'stockUpdate' }, 'application/json', JSON.stringify(changed.levels));
        fresh.push(...changed.fresh);
        return changed;
      },
      requeued: (count) => void (requeued += count),
    };
    return endSpanAfter(span, async () => {
      const result = await work(queue);
      span.setAttributes({ 'clubnotify.deliveries.queued': fresh.length, 'clubnotify.deliveries.requeued': requeued });
      this.#handOver(fresh, requeued);
      return result;
    });
  }

  /** Checks one body against the spec as every queued message is (operational events queued outside `publish`). */
  readonly checkPayload = (target: { kind: 'webhook' | 'callback'; event: string }, contentType: string, body: string): void =>
    this.#options.check?.(target, contentType, body);

  /** Whether a body that breaks the spec fails its request: its transaction must then stay open until the body is checked. */
  get refusesBadPayloads(): boolean {
    return this.#options.check?.refuses ?? false;
  }

  /** Every outgoing message passes here before it is inserted. */
  #checked(messages: OutgoingMessage[]): OutgoingMessage[] {
    const check = this.#options.check;
    if (check) for (const m of messages) check({ kind: m.kind, event: m.event }, m.contentType, m.body);
    return messages;
  }

  /** Without a local worker to hand them to, the queueing statements notify every process at commit. */
  get #notifies(): boolean {
    return this.#options.handoff === undefined;
  }

  #handOver(fresh: FreshDelivery[], requeued: number): void {
    const { handoff, wake, readers } = this.#options;
    if (readers && fresh.length > 0) readers.offer(fresh);
    // Once this turn's answers are written: a publish is answered first, and its sends start right after.
    if (handoff && fresh.length > 0) setImmediate(() => handoff.offer(fresh));
    if ((!handoff && fresh.length > 0) || requeued > 0) wake?.();
  }
}
