import { withOrderingKeys } from './ordering-key.js';
import { SpanKind, type Span } from '@opentelemetry/api';
import type { Database, Queryable } from '../db/database.js';
import { insertDeliveries } from '../delivery/queue/insert.sql.js';
import type { OperationalEvent } from '../delivery/record/operational-events.js';
import { queueOperationalEvents } from '../delivery/record/operational.sql.js';
import type { DeliveryHandoff, FreshDelivery, OutgoingMessage } from '../delivery/types.js';
import { wakeUpSender, type WakeUpSender } from '../delivery/wake-ups.js';
import { contractVersions, type PayloadVersioning } from '../delivery/payload-versions.js';
import { headersOf, passedOn } from '../telemetry/trace-context.js';
import { endSpanAfter, tracer } from '../telemetry/tracer.js';
import type { OutgoingGuard } from './outgoing-check.js';
import { StockChangeBatcher } from './stock-batch.js';
import { changeStock, StockFanOut, type StockChange, type StockChanged } from './stock-change.js';

export interface OutboxOptions {
  db: Database;
  /**
   * The local delivery worker: handed what committed, it sends what a claim would let it send
   * now, claims for the rest and wakes the processes that serve some of it; woken for what was
   * requeued. Without one (a process that runs no worker), each commit that queued or requeued
   * wakes the workers of every process (a NOTIFY after the commit, PostgreSQL).
   */
  handoff?: DeliveryHandoff;
  /** Told of every committed delivery: wakes the pull readers waiting on their targets (`PullFeed`). */
  readers?: Pick<DeliveryHandoff, 'offer'>;
  /** Where a failed wake-up of other processes is reported (their poll finds the deliveries); `console.error` by default. */
  onError?: (error: unknown) => void;
  /** Stock change statements out at once outside a transaction (see {@link StockChangeBatcher}); default 1. */
  stockStatements?: number;
  /** Checks every body against the spec before it is queued: throws (strict) or logs and counts (warn). */
  check?: OutgoingGuard & { readonly refuses: boolean };
  /** The payload versions messages are converted to, per target (issue 47); the contract's by default. */
  versions?: PayloadVersioning;
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
  /** Queues operational events to the subscriptions that asked for them; `dueAt` delays them (the claim finds them then). */
  operational(tx: Queryable, events: OperationalEvent[], dueAt?: string): Promise<void>;
  /** Deliveries already in the table were made due again (replay, recovery): `count` of them. */
  requeued(count: number): void;
}

/**
 * The one way deliveries are queued and announced: every publisher (concerts, stock changes,
 * callbacks, test events, operational events of a rotation or a revocation, replay and recovery)
 * runs its transaction through {@link publish}, queues through the {@link Queue} it is given, and
 * the deliveries are announced once the transaction has committed: handed to the local worker
 * (whose `offer` decides whether other processes are woken), or, without one, by waking the
 * workers of every process. No statement announces anything itself; routes never carry
 * deliveries out of their transactions. (The worker queues the operational events of its own
 * outcomes and offers them to itself.)
 */
export class Outbox {
  readonly #options: OutboxOptions;
  readonly #stock: StockChangeBatcher;
  readonly #fanOut = new StockFanOut();
  readonly #versions: PayloadVersioning;
  /** Without a local worker: wakes the workers of every process, after the commit. */
  readonly #wakeAll: WakeUpSender | undefined;

  constructor(options: OutboxOptions) {
    this.#options = options;
    this.#versions = options.versions ?? contractVersions;
    this.#stock = new StockChangeBatcher(options.db, options.stockStatements ?? 1, this.#fanOut, this.#versions);
    const onError = options.onError ?? ((error: unknown) => console.error('outbox: waking the delivery workers:', error));
    this.#wakeAll = options.handoff ? undefined : wakeUpSender(options.db, '', onError);
  }

  /** Runs `work` (which runs and commits its transaction); once it has resolved, hands over what it queued. */
  async publish<T>(work: (queue: Queue) => Promise<T>): Promise<T> {
    return tracer().startActiveSpan('publish', { kind: SpanKind.PRODUCER }, (span) => this.#publish(work, span));
  }

  /** The publish span holds the count queued; its context travels with every delivery it queued. */
  async #publish<T>(work: (queue: Queue) => Promise<T>, span: Span): Promise<T> {
    const fresh: FreshDelivery[] = [];
    let requeued = 0;
    // With tracing off, the caller's context as it came (the publish has no span of its own).
    const trace = headersOf(span) ?? passedOn();
    const queue: Queue = {
      messages: async (tx, messages) => {
        fresh.push(...(await insertDeliveries(tx, this.#checked(messages), trace, this.#versions)));
      },
      stockChange: async (tx, untraced, alone) => {
        const change = trace ? { ...untraced, trace } : untraced;
        const changed = alone ? await this.#stock.change(change) : await changeStock(tx, change, this.#fanOut, this.#versions);
        // The statement made the body from the inventory; a refusal here rolls the change back (strict is never `alone`).
        this.#options.check?.({ kind: 'webhook', event: 'stockUpdate' }, 'application/json', JSON.stringify(changed.levels));
        fresh.push(...changed.fresh);
        return changed;
      },
      operational: async (tx, events, dueAt) => {
        fresh.push(...(await queueOperationalEvents(tx, events, { dueAt, check: this.#options.check, versions: this.#versions })));
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

  /** Resolves once no wake-up of other processes is out (a process that exits right after publishing). */
  settled(): Promise<void> {
    return this.#wakeAll?.settled() ?? Promise.resolve();
  }

  /** Whether a body that breaks the spec fails its request: its transaction must then stay open until the body is checked. */
  get refusesBadPayloads(): boolean {
    return this.#options.check?.refuses ?? false;
  }

  /** Every outgoing message passes here before it is inserted. */
  #checked(messages: OutgoingMessage[]): OutgoingMessage[] {
    const check = this.#options.check;
    if (check) for (const m of messages) check({ kind: m.kind, event: m.event }, m.contentType, m.body);
    return withOrderingKeys(messages);
  }

  #handOver(fresh: FreshDelivery[], requeued: number): void {
    const { handoff, readers } = this.#options;
    if (readers && fresh.length > 0) readers.offer(fresh);
    if (fresh.length === 0 && requeued === 0) return;
    if (!handoff) return this.#wakeAll?.send();
    // Once this turn's answers are written: a publish is answered first, and its sends start right after.
    if (fresh.length > 0) setImmediate(() => handoff.offer(fresh));
    if (requeued > 0) handoff.wake();
  }
}
