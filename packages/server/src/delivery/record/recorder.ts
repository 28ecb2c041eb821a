import type { Database } from '../../db/database.js';
import type { PayloadVersioning } from '../payload-versions.js';
import { recordBatch, type Recorded } from './record.sql.js';
import { traceBatch } from '../tracing.js';
import type { Outcome, PayloadCheck, TargetPolicy } from '../types.js';

export interface OutcomeRecorderOptions {
  db: Database;
  /** Outcomes are gathered for this long into one statement. */
  batchDelayMs: number;
  /**
   * Attempts still on the wire: while there are some, their outcomes follow soon, so gathering
   * goes on (in steps of `batchDelayMs`) up to {@link GATHER_STEPS} steps or {@link FULL_BATCH}
   * outcomes. Without it, or with none on the wire, a batch goes after one step.
   */
  onTheWire?: () => number;
  /**
   * The process holds many deliveries sent and not yet recorded (half its cap, say): gathering
   * stops and what is buffered goes, so that the cap never holds up sending.
   */
  crowded?: () => boolean;
  policy: TargetPolicy;
  /** Checks the operational events a batch queues (see `PayloadCheck`). */
  checkPayload?: PayloadCheck;
  /** Converts the operational events a batch queues to their subscriptions' payload versions. */
  versions?: PayloadVersioning;
  /**
   * Called after each batch is recorded (or failed to be: the rows stay pending), with what it
   * changed: the targets whose circuit opened, the operational events queued about the batch,
   * the next messages of ended ones' ordering keys it may send now, and whether others are queued.
   */
  onRecorded: (batch: Outcome[], recorded: Recorded) => void;
  onError: (error: unknown) => void;
}

/** Steps of `batchDelayMs` a batch may gather while attempts are on the wire. */
export const GATHER_STEPS = 8;
/** Outcomes that end the gathering at once. */
export const FULL_BATCH = 256;

/**
 * Records attempt outcomes in batches, one statement each: gathering them briefly turns
 * many small transactions into one (the database is the bottleneck).
 */
export class OutcomeRecorder {
  readonly #options: OutcomeRecorderOptions;
  readonly #buffered: Outcome[] = [];
  #flushing: Promise<void> | undefined;
  #hurry = false;
  #urgent = false;

  constructor(options: OutcomeRecorderOptions) {
    this.#options = options;
  }

  /** Buffers an outcome; `urgent`: work waits for it (a key's next message, its slot empty), so gathering stops at the next step. */
  add(outcome: Outcome, urgent = false): void {
    this.#buffered.push(outcome);
    this.#urgent ||= urgent;
    this.#flushing ??= this.#flush();
  }

  /** Records what is buffered without gathering more; resolves when nothing is pending. */
  async settle(): Promise<void> {
    this.#hurry = true;
    while (this.#flushing) await this.#flushing;
  }

  async #flush(): Promise<void> {
    const { db, batchDelayMs, policy, onRecorded, onError, checkPayload, versions } = this.#options;
    while (this.#buffered.length > 0) {
      if (batchDelayMs > 0 && !this.#hurry) await this.#gather(batchDelayMs);
      const batch = this.#buffered.splice(0, this.#buffered.length);
      this.#urgent = false;
      // Unrecorded, the batch's keyed deliveries stay queued: a claim looks for what may follow them.
      let recorded: Recorded = { opened: [], queued: [], followed: true, handed: [] };
      try {
        recorded = await traceBatch(
          'record',
          () => recordBatch(db, batch, policy, checkPayload, versions),
          () => batch.map((o) => o.delivery),
        );
      } catch (error) {
        // The rows stay pending and another attempt follows: at least once, never lost.
        onError(error);
      }
      onRecorded(batch, recorded);
    }
    this.#flushing = undefined;
  }

  /**
   * Waits one step, and more while attempts are on the wire: a record statement costs the
   * database and this process about as much as twenty outcomes in it (measured on PostgreSQL,
   * CPU per outcome: 52 µs in the database and 33 in the process at 25 outcomes a statement,
   * 26 and 8 at 200), so in a burst a batch is worth a few more steps; an outcome alone still
   * goes after one.
   */
  async #gather(step: number): Promise<void> {
    const onTheWire = this.#options.onTheWire ?? (() => 0);
    const crowded = this.#options.crowded ?? (() => false);
    for (let steps = 0; ;) {
      await new Promise((r) => setTimeout(r, step));
      if (++steps >= GATHER_STEPS || this.#hurry || this.#urgent || this.#buffered.length >= FULL_BATCH || onTheWire() === 0 || crowded())
        return;
    }
  }
}
