import type { Dispatcher } from 'undici';
import type { PayloadVersioning } from './payload-versions.js';
import type { Database } from '../db/database.js';
import type { LookupFn, UrlPolicy } from '../net/url-policy.js';
import type { DeliveryHandoff, Outcome, PayloadCheck } from './types.js';
import type { SigningKey } from './send/signing-keys.js';

export interface DeliveryWorkerOptions {
  db: Database;
  policy: UrlPolicy;
  /** The operator's `v1a` key (SIGNING_KEY, SIGNING_KEY_FILE); unset: the stored key, read again every minute. */
  signingKey?: SigningKey;
  /** Delay before each attempt of a round; default {@link DEFAULT_SCHEDULE_MS}. */
  schedule?: readonly number[];
  /** ±fraction applied to each delay; default 0.2. */
  jitter?: number;
  /** Per-attempt timeout; default 15 s. */
  timeoutMs?: number;
  /** Attempts in flight in this process; default 64. */
  concurrency?: number;
  /**
   * Attempts in flight per target, in all processes together (on PostgreSQL one process at a
   * time serves a target); default 4.
   */
  perTargetConcurrency?: number;
  /**
   * How long a claimed delivery stays claimed (on PostgreSQL: how long its target's hold must
   * outlast the claim). A claimed delivery may wait here behind its target's slots for up to
   * PREFETCH - 1 attempts, so at least PREFETCH × timeout + 1 s; default PREFETCH × timeout + 30 s
   * (PREFETCH: see claim/claim-loop.ts).
   */
  leaseMs?: number;
  /** Poll interval when the queue looks empty; default 250 ms. */
  pollMs?: number;
  /** PostgreSQL URL to LISTEN on for new deliveries from any process (the poll stays as the fallback). */
  listenUrl?: string;
  /**
   * Outcomes are recorded in batches gathered for this long (up to eight times as long while
   * attempts are on the wire), and freed slots claimed in
   * batches gathered for at least this long while attempts are on the wire (longer while
   * claims are slow); default 10 ms on PGlite, 5 ms on PostgreSQL.
   */
  batchDelayMs?: number;
  /** A target failing this long without a success is disabled; default 5 days. */
  disableAfterMs?: number;
  /** Consecutive failed attempts, the last one unanswered (timeout, refused, reset), that open a target's circuit; default 5. */
  breakAfter?: number;
  /** How long an open circuit holds a target's deliveries before one probe goes; default 60 s. */
  coolDownMs?: number;
  /**
   * How long ended deliveries stay in the history (DELIVERY_RETENTION); default 30 days
   * (`DEFAULT_RETENTION_MS`). The worker prunes older ones in batches, away from the claims.
   */
  retentionMs?: number;
  /** Resolver used at connect time (tests simulate DNS rebinding with it). */
  lookup?: LookupFn;
  /** Replaces the guarded agent (benchmarks); the policy is then not enforced. */
  dispatcher?: Dispatcher;
  /** Called with unexpected errors (database unavailable, …); the worker keeps going. */
  onError?: (error: unknown) => void;
  /** Called with each outcome after its batch is recorded (metrics). */
  onOutcome?: (outcome: Outcome) => void;
  /** Checks the operational events the engine queues against the spec, as publishes are (the app's outgoing guard). */
  checkPayload?: PayloadCheck;
  /**
   * The payload versions (issue 47): a delivery whose conversion failed when it was queued is
   * converted again before it goes, and recorded failed, naming the converter, if that fails
   * too; the operational events it queues are converted for their subscriptions. The contract's by default.
   */
  versions?: PayloadVersioning;
  /** The time payload versions' sunsets are judged against; the system clock by default. */
  clock?: () => Date;
  /** How often owners whose targets use a version a month from its sunset are looked for (`payloadVersionSunset`); hourly by default. */
  sunsetCheckMs?: number;
}

export interface DeliveryWorker extends DeliveryHandoff {
  /** This worker's id, the holder of the targets it serves. */
  readonly id: string;
  start(): void;
  /** Stops claiming, waits for attempts in flight to be recorded, then gives back the targets it serves. */
  stop(): Promise<void>;
  /** Resolves when nothing is pending in the database (pull deliveries aside: their readers take them) and nothing is in flight here. */
  drained(options?: { timeoutMs?: number }): Promise<void>;
}
