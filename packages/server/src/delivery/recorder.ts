import type { Database } from '../db/database.js';
import { recordBatch, type Recorded } from './sql/record.js';
import { traceBatch } from './tracing.js';
import type { FreshDelivery, Outcome, PayloadCheck, TargetPolicy } from './types.js';

export interface OutcomeRecorderOptions {
  db: Database;
  /** Outcomes are gathered for up to this long into one statement. */
  batchDelayMs: number;
  policy: TargetPolicy;
  /** Checks the operational events a batch queues (see `PayloadCheck`). */
  checkPayload?: PayloadCheck;
  /**
   * Called after each batch is recorded (or failed to be: the rows stay pending), with the
   * targets whose circuit opened and the operational events queued about the batch.
   */
  onRecorded: (batch: Outcome[], opened: string[], queued: FreshDelivery[]) => void;
  onError: (error: unknown) => void;
}

/**
 * Records attempt outcomes in batches, one statement each: gathering them briefly turns
 * many small transactions into one (the database is the bottleneck).
 */
export class OutcomeRecorder {
  readonly #options: OutcomeRecorderOptions;
  readonly #buffered: Outcome[] = [];
  #flushing: Promise<void> | undefined;
  #hurry = false;

  constructor(options: OutcomeRecorderOptions) {
    this.#options = options;
  }

  add(outcome: Outcome): void {
    this.#buffered.push(outcome);
    this.#flushing ??= this.#flush();
  }

  /** Records what is buffered without gathering more; resolves when nothing is pending. */
  async settle(): Promise<void> {
    this.#hurry = true;
    while (this.#flushing) await this.#flushing;
  }

  async #flush(): Promise<void> {
    const { db, batchDelayMs, policy, onRecorded, onError, checkPayload } = this.#options;
    while (this.#buffered.length > 0) {
      if (batchDelayMs > 0 && !this.#hurry) await new Promise((r) => setTimeout(r, batchDelayMs));
      const batch = this.#buffered.splice(0, this.#buffered.length);
      let recorded: Recorded = { opened: [], queued: [] };
      try {
        recorded = await traceBatch(
          'record',
          () => recordBatch(db, batch, policy, checkPayload),
          () => batch.map((o) => o.delivery),
        );
      } catch (error) {
        // The rows stay pending and another attempt follows: at least once, never lost.
        onError(error);
      }
      onRecorded(batch, recorded.opened, recorded.queued);
    }
    this.#flushing = undefined;
  }
}
