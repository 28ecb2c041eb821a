import { randomBytes } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { Database } from '../db/database.js';
import { createGuardedAgent } from '../net/guarded-agent.js';
import type { LookupFn, UrlPolicy } from '../net/url-policy.js';
import { DEFAULT_JITTER, DEFAULT_SCHEDULE_MS, nextDelayMs } from './schedule.js';
import { sendAttempt, type AttemptResult } from './send.js';
import { cancelClaimed, claimDue, recordOutcomes, releaseLeases, type ClaimedDelivery, type Outcome } from './store.js';

export interface DeliveryWorkerOptions {
  db: Database;
  policy: UrlPolicy;
  /** Delay before each attempt of a round; default {@link DEFAULT_SCHEDULE_MS}. */
  schedule?: readonly number[];
  /** ±fraction applied to each delay; default 0.2. */
  jitter?: number;
  /** Per-attempt timeout; default 15 s. */
  timeoutMs?: number;
  /** Attempts in flight in this process; default 64. */
  concurrency?: number;
  /** Attempts in flight per target in this process; default 4. */
  perTargetConcurrency?: number;
  /** How long a claim is held; must exceed the timeout. Default timeout + 30 s. */
  leaseMs?: number;
  /** Poll interval when the queue looks empty; default 250 ms. */
  pollMs?: number;
  /** Outcomes are recorded in batches gathered for up to this long (group commit); default 5 ms. */
  batchDelayMs?: number;
  /** A target failing this long without a success is disabled; default 5 days. */
  disableAfterMs?: number;
  /** Resolver used at connect time (tests simulate DNS rebinding with it). */
  lookup?: LookupFn;
  /** Replaces the guarded agent (benchmarks); the policy is then not enforced. */
  dispatcher?: Dispatcher;
  /** Called with unexpected errors (database unavailable, …); the worker keeps going. */
  onError?: (error: unknown) => void;
}

export interface DeliveryWorker {
  /** This worker's lease owner id. */
  readonly id: string;
  start(): void;
  /** Stops claiming, waits for attempts in flight to be recorded, then releases its leases. */
  stop(): Promise<void>;
  /** Claims now instead of at the next poll (call after committing new deliveries). */
  wake(): void;
  /** Resolves when nothing is pending in the database and nothing is in flight here. */
  drained(options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * The delivery engine: claims due deliveries in batches with `FOR UPDATE SKIP LOCKED` and a
 * lease, sends each signed attempt through the SSRF-guarded agent, and records outcomes in
 * batches. Several processes may run workers on one PostgreSQL database.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const db = options.db;
  const schedule = options.schedule ?? DEFAULT_SCHEDULE_MS;
  const jitter = options.jitter ?? DEFAULT_JITTER;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const concurrency = options.concurrency ?? 64;
  const perTarget = options.perTargetConcurrency ?? 4;
  const leaseMs = Math.max(options.leaseMs ?? timeoutMs + 30_000, timeoutMs + 1_000);
  const pollMs = options.pollMs ?? 250;
  const batchDelayMs = options.batchDelayMs ?? 5;
  const disableAfterMs = options.disableAfterMs ?? 5 * 86_400_000;
  const onError = options.onError ?? ((error: unknown) => console.error('delivery worker:', error));
  const ownsDispatcher = !options.dispatcher;
  const dispatcher = options.dispatcher ?? createGuardedAgent({ policy: options.policy, lookup: options.lookup, connections: perTarget });
  const id = `wrk_${randomBytes(8).toString('hex')}`;

  const inFlight = new Map<string, number>();
  let active = 0;
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  const buffered: Outcome[] = [];
  let flushing: Promise<void> | undefined;
  const idleWaiters = new Set<() => void>();

  function wake(): void {
    woken = true;
    wakeUp?.();
  }

  async function run(): Promise<void> {
    while (running) {
      const free = concurrency - active;
      let claimed: ClaimedDelivery[] = [];
      if (free > 0) {
        try {
          claimed = await claimDue(db, { owner: id, limit: free, leaseMs, perTarget, inFlight });
        } catch (error) {
          onError(error);
        }
        const gone = claimed.filter((d) => !d.target_active || !d.secret);
        if (gone.length > 0) await cancelClaimed(db, id, gone.map((d) => d.id)).catch(onError);
        for (const delivery of claimed) if (delivery.target_active && delivery.secret) launch(delivery);
      }
      // A full batch means more may be due; a short one means the rest waits for a slot or a poll.
      if (claimed.length > 0 && claimed.length >= free && active < concurrency) continue;
      if (claimed.length === 0 && active === 0) notifyIdle();
      await pause();
    }
  }

  function pause(): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, pollMs);
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        woken = false;
        resolve();
      }
      wakeUp = done;
    });
  }

  function launch(delivery: ClaimedDelivery): void {
    active++;
    inFlight.set(delivery.target_id, (inFlight.get(delivery.target_id) ?? 0) + 1);
    void sendAttempt(
      dispatcher,
      {
        url: delivery.url,
        messageId: delivery.message_id,
        attempt: delivery.attempt_count,
        contentType: delivery.content_type,
        body: delivery.body,
        secret: delivery.secret!,
      },
      timeoutMs,
    ).then((result) => {
      buffered.push(decide(delivery, result));
      scheduleFlush();
    });
  }

  function decide(delivery: ClaimedDelivery, result: AttemptResult): Outcome {
    const code = result.statusCode;
    if (code !== null && code >= 200 && code < 300) return { delivery, result, status: 'succeeded', retryInMs: null };
    if (code === 410) {
      return { delivery, result, status: 'failed', retryInMs: null, disableReason: `the receiver answered 410 Gone on ${result.startedAt.toISOString()}` };
    }
    const delay = nextDelayMs(schedule, delivery.round_attempts, jitter);
    if (delay === null) return { delivery, result, status: 'failed', retryInMs: null };
    return { delivery, result, status: 'pending', retryInMs: Math.max(delay, result.retryAfterMs ?? 0) };
  }

  function scheduleFlush(): void {
    if (flushing) return;
    flushing = (async () => {
      // Gathering outcomes briefly turns many small transactions into one (the database is the bottleneck).
      if (batchDelayMs > 0 && running) await new Promise((r) => setTimeout(r, batchDelayMs));
      while (buffered.length > 0) {
        const batch = buffered.splice(0, buffered.length);
        try {
          await recordOutcomes(db, id, batch, disableAfterMs);
        } catch (error) {
          // The leases expire and another attempt follows: at least once, never lost.
          onError(error);
        }
        for (const { delivery } of batch) {
          active--;
          const n = inFlight.get(delivery.target_id)! - 1;
          if (n === 0) inFlight.delete(delivery.target_id);
          else inFlight.set(delivery.target_id, n);
        }
        wake();
      }
      flushing = undefined;
      if (active === 0) notifyIdle();
    })();
  }

  function notifyIdle(): void {
    for (const resolve of idleWaiters) resolve();
  }

  async function pendingCount(): Promise<number> {
    const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM deliveries WHERE status = 'pending'`);
    return row?.n ?? 0;
  }

  return {
    id,
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      while (active > 0 || flushing) await (flushing ?? new Promise((r) => setTimeout(r, 10)));
      await releaseLeases(db, id).catch(onError);
      if (ownsDispatcher) await (dispatcher as { close(): Promise<void> }).close();
    },
    wake,
    async drained({ timeoutMs: limit = 60_000 } = {}) {
      const until = Date.now() + limit;
      for (;;) {
        if (active === 0 && !flushing && (await pendingCount()) === 0 && active === 0) return;
        if (Date.now() > until) throw new Error(`delivery queue not drained after ${limit} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(finish, Math.min(pollMs, 100));
          idleWaiters.add(finish);
          function finish() {
            clearTimeout(timer);
            idleWaiters.delete(finish);
            resolve();
          }
        });
      }
    },
  };
}
