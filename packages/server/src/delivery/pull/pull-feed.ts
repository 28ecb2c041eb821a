import type { Database } from '../../db/database.js';
import { decide } from '../send/decide.js';
import { DEFAULT_JITTER, DEFAULT_SCHEDULE_MS } from '../send/schedule.js';
import { RESPONSE_BODY_LIMIT } from '../send/send.js';
import { recordOutcomes } from '../record/record.sql.js';
import { deliveryOfTarget, leaseDue, takeExpiredLeases, takeLeased, type LeasedDelivery } from './pull.sql.js';
import type { AttemptResult, FreshDelivery, Outcome, TargetPolicy } from '../types.js';
import { contractVersions, unconverted, type PayloadVersioning } from '../payload-versions.js';

export interface PullFeedOptions {
  db: Database;
  /** The retry schedule, jitter and target policy: the push engine's (see worker-options.ts). */
  schedule?: readonly number[];
  jitter?: number;
  policy?: Partial<TargetPolicy>;
  /** How long a reader holds what it leased before it counts as a failed attempt; default 60 s. */
  leaseMs?: number;
  /** Leased at once per target (the engine's per-target concurrency); default 4. */
  perTarget?: number;
  /** How often a waiting reader looks again when nothing woke it (other processes, retries coming due); default 1 s. */
  pollMs?: number;
  /** Aborted when the server closes: waiting readers get their (empty) answer at once instead of holding the shutdown. */
  closing?: AbortSignal;
  /** The payload versions: a delivery whose conversion failed when it was queued is converted at its lease (see the worker). */
  versions?: PayloadVersioning;
  /**
   * Told of each attempt outcome once it is recorded: reported, its lease run out, or failed
   * unsent at its lease (`unsent`). The app counts them in `/metrics` as the worker's.
   */
  onOutcome?: (outcome: Outcome) => void;
}

/** What a reader reports of one leased attempt (the local receiver's answer). */
export interface ReportedAttempt {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
}

export type Report = { outcome: Outcome } | { missing: 'delivery' | 'lease' };

/** Expired leases recorded per sweep statement. */
const SWEEP_BATCH = 100;

/**
 * The pull side of the engine: a pull target's deliveries wait in the queue until its owner
 * leases them (a long poll), and each leased attempt ends as the owner reports it or, when the
 * lease runs out unreported, as a failed attempt with no answer. Outcomes go through the push
 * engine's `decide` and record statement, so retries, circuits, disabling, the history and the
 * attempt log are the same; nothing is held in memory but the waiting readers.
 */
export class PullFeed {
  readonly leaseMs: number;
  readonly #db: Database;
  readonly #schedule: readonly number[];
  readonly #jitter: number;
  readonly #policy: TargetPolicy;
  readonly #perTarget: number;
  readonly #pollMs: number;
  readonly #closing: AbortSignal | undefined;
  readonly #waiting = new Map<string, Set<() => void>>();
  readonly #versions: PayloadVersioning;
  readonly #onOutcome: (outcome: Outcome) => void;

  constructor(options: PullFeedOptions) {
    this.#db = options.db;
    this.#schedule = options.schedule ?? DEFAULT_SCHEDULE_MS;
    this.#jitter = options.jitter ?? DEFAULT_JITTER;
    this.#policy = { disableAfterMs: 5 * 86_400_000, breakAfter: 5, coolDownMs: 60_000, ...options.policy };
    this.leaseMs = options.leaseMs ?? 60_000;
    this.#perTarget = options.perTarget ?? 4;
    this.#pollMs = options.pollMs ?? 1_000;
    this.#closing = options.closing;
    this.#versions = options.versions ?? contractVersions;
    this.#onOutcome = options.onOutcome ?? (() => {});
  }

  /** How many readers wait on `targetId` now (nothing due for them yet). */
  waiting(targetId: string): number {
    return this.#waiting.get(targetId)?.size ?? 0;
  }

  /** Wakes the readers waiting on the targets of deliveries this process just committed. */
  offer(fresh: FreshDelivery[]): void {
    if (this.#waiting.size === 0) return;
    for (const d of fresh) if (d.pull) for (const wake of this.#waiting.get(d.target_id) ?? []) wake();
  }

  /**
   * Leases up to `limit` due deliveries of a pull target, waiting up to `waitMs` for one to come;
   * an aborted wait leases nothing. Expired leases are recorded as failed attempts first.
   */
  async lease(targetId: string, limit: number, waitMs: number, caller: AbortSignal): Promise<LeasedDelivery[]> {
    const signal = this.#closing ? AbortSignal.any([caller, this.#closing]) : caller;
    const until = performance.now() + waitMs;
    for (;;) {
      await this.sweep();
      if (signal.aborted) return [];
      let leased = await leaseDue(this.#db, targetId, limit, this.#perTarget, this.leaseMs);
      if (leased.some((d) => d.body_version !== d.payload_version)) leased = await this.#inTheirVersions(targetId, leased);
      const left = until - performance.now();
      if (leased.length > 0 || left <= 0) return leased;
      await this.#wait(targetId, Math.min(left, this.#pollMs), signal);
      if (signal.aborted) return [];
    }
  }

  /**
   * Leased deliveries whose conversion failed when they were queued, converted now; those that
   * fail again are recorded failed, unsent, the error naming the converter (as the worker does).
   */
  async #inTheirVersions(targetId: string, leased: LeasedDelivery[]): Promise<LeasedDelivery[]> {
    const kept: LeasedDelivery[] = [];
    for (const d of leased) {
      if (d.body_version === d.payload_version) {
        kept.push(d);
        continue;
      }
      try {
        const made = this.#versions.convert({ kind: d.kind, event: d.event }, d.body, d.payload_version, d.body_version);
        kept.push({ ...d, content_type: made.contentType, body: made.body, body_version: d.payload_version });
      } catch (error) {
        const delivery = await takeLeased(this.#db, targetId, d.id, d.attempt_count);
        if (!delivery) continue;
        const result = unconverted(d.body_version, d.payload_version, error);
        const outcome: Outcome = { delivery, result, status: 'failed', retryInMs: null, unsent: true };
        await this.#record([outcome]);
      }
    }
    return kept;
  }

  /** Records what the reader reports of attempt `attempt` of a delivery it leased. */
  async report(targetId: string, deliveryId: string, attempt: number, reported: ReportedAttempt): Promise<Report> {
    const delivery = await takeLeased(this.#db, targetId, deliveryId, attempt);
    if (!delivery) return { missing: (await deliveryOfTarget(this.#db, targetId, deliveryId)) ? 'lease' : 'delivery' };
    const result: AttemptResult = {
      startedAt: new Date(Date.now() - reported.durationMs),
      durationMs: reported.durationMs,
      statusCode: reported.statusCode,
      error: reported.error,
      responseBody: reported.responseBody === null ? null : reported.responseBody.slice(0, RESPONSE_BODY_LIMIT),
      retryAfterMs: null,
    };
    const outcome = decide(delivery, result, this.#schedule, this.#jitter);
    await this.#record([outcome]);
    return { outcome };
  }

  /** Records leases that ran out unreported as failed attempts without an answer (they count toward the circuit). */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const expired = await takeExpiredLeases(this.#db, SWEEP_BATCH);
      if (expired.length === 0) return total;
      const outcomes = expired.map((d) => {
        const ended = new Date(d.expired_at).getTime();
        const result: AttemptResult = {
          startedAt: new Date(ended - this.leaseMs),
          durationMs: this.leaseMs,
          statusCode: null,
          error: `not acknowledged within the pull lease (${Math.round(this.leaseMs / 1000)} s)`,
          responseBody: null,
          retryAfterMs: null,
        };
        return decide(d, result, this.#schedule, this.#jitter);
      });
      await this.#record(outcomes);
      total += expired.length;
    }
  }

  /** Records outcomes, then tells `onOutcome` of each (only what is in the database is counted). */
  async #record(outcomes: Outcome[]): Promise<void> {
    await recordOutcomes(this.#db, outcomes, this.#policy, this.#versions);
    for (const outcome of outcomes) this.#onOutcome(outcome);
  }

  #wait(targetId: string, ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const waiting = this.#waiting.get(targetId) ?? new Set<() => void>();
      this.#waiting.set(targetId, waiting);
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        waiting.delete(done);
        if (waiting.size === 0) this.#waiting.delete(targetId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done);
      waiting.add(done);
    });
  }
}
