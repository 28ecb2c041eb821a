import { randomBytes } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { Database } from '../db/database.js';
import { createGuardedAgent } from '../net/guarded-agent.js';
import type { LookupFn, UrlPolicy } from '../net/url-policy.js';
import { DEFAULT_JITTER, DEFAULT_SCHEDULE_MS, nextDelayMs } from './schedule.js';
import { sendAttempt, type AttemptResult } from './send.js';
import { cancelClaimed, claimDue, recordOutcomes, releaseLeases, singleOwner, unclaim, type ClaimedDelivery, type Outcome } from './store.js';

const MAINTAIN_EVERY_MS = 30_000;
/** Single-owner databases with a running worker: a second one would send everything twice. */
const owned = new WeakSet<Database>();
/** Statistics taken without a backlog are refreshed once one shows, but not more often than this. */
const REFRESH_STATS_MS = 100;
/** Deliveries claimed per free slot, so that sending never waits for the claim's round trip. */
const PREFETCH = 8;

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
  /**
   * How long a claim is held. A claimed delivery may wait here behind its target's slots for
   * up to PREFETCH - 1 attempts, so at least PREFETCH × timeout + 1 s; default PREFETCH × timeout + 30 s.
   */
  leaseMs?: number;
  /** Poll interval when the queue looks empty; default 250 ms. */
  pollMs?: number;
  /** Outcomes are recorded, and freed slots claimed, in batches gathered for up to this long; default 10 ms on PGlite, 5 ms on PostgreSQL. */
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
  const leaseMs = Math.max(options.leaseMs ?? PREFETCH * timeoutMs + 30_000, PREFETCH * timeoutMs + 1_000);
  const pollMs = options.pollMs ?? 250;
  // PGlite runs in this thread: larger batches leave more of it to the requests.
  const batchDelayMs = options.batchDelayMs ?? (db.kind === 'pglite' ? 10 : 5);
  const disableAfterMs = options.disableAfterMs ?? 5 * 86_400_000;
  const onError = options.onError ?? ((error: unknown) => console.error('delivery worker:', error));
  const ownsDispatcher = !options.dispatcher;
  const dispatcher = options.dispatcher ?? createGuardedAgent({ policy: options.policy, lookup: options.lookup, connections: concurrency });
  const id = `wrk_${randomBytes(8).toString('hex')}`;

  // Each target's claimed deliveries: on the wire, or leased and waiting here for a slot
  // (claiming ahead hides the claim's round trip). Outcomes not yet recorded count apart.
  const held = new Map<string, number>();
  // The ids behind `held`, plus those whose outcome is not recorded yet: a single-owner
  // claim reads past them (they are still pending in the database).
  const heldIds = new Set<string>();
  const cancelledWith = new Map<string, string[]>();
  const onWire = new Map<string, number>();
  const ready = new Map<string, ClaimedDelivery[]>();
  let active = 0;
  let waiting = 0;
  let unrecorded = 0;
  const maxUnrecorded = concurrency * 8;
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;
  const buffered: Outcome[] = [];
  let flushing: Promise<void> | undefined;
  const idleWaiters = new Set<() => void>();
  let owns = false;
  let maintaining: Promise<void> | undefined;

  function wake(): void {
    woken = true;
    wakeUp?.();
  }

  const bump = (map: Map<string, number>, key: string, by: number) => {
    const n = (map.get(key) ?? 0) + by;
    if (n === 0) map.delete(key);
    else map.set(key, n);
  };

  async function run(): Promise<void> {
    let lastClaim = 0;
    let lastMaintain = -Infinity;
    let lastStats = -Infinity;
    let backlog = false;
    let statsSawBacklog = false;
    while (running) {
      // Statistics taken when nothing was pending make the planner sort every pending row on
      // each claim instead of reading the due index in order: refresh the two columns it
      // needs as soon as a backlog shows (taken during one, they stay good). PGlite has no
      // autovacuum, so the worker vacuums for it; PostgreSQL's autovacuum lags a burst, so it
      // analyzes too. Neither holds up the claims (on a large table ANALYZE takes a while).
      const now = performance.now();
      if (now - lastMaintain > MAINTAIN_EVERY_MS) {
        lastMaintain = lastStats = now;
        statsSawBacklog = backlog;
        maintain(db.kind === 'pglite' ? 'VACUUM ANALYZE deliveries' : 'ANALYZE deliveries');
      } else if (backlog && !statsSawBacklog && now - lastStats > REFRESH_STATS_MS) {
        lastStats = now;
        statsSawBacklog = maintain('ANALYZE deliveries (status, next_attempt_at)');
      }
      // While requests are on the wire, gather freed slots briefly: one claim for many, not one each.
      const since = performance.now() - lastClaim;
      if (active > 0 && since < batchDelayMs) await new Promise((r) => setTimeout(r, batchDelayMs - since));
      lastClaim = performance.now();
      const free = Math.min(PREFETCH * concurrency - active - waiting, maxUnrecorded - unrecorded - waiting);
      let claimed: ClaimedDelivery[] = [];
      if (free > 0 && running) {
        try {
          claimed = await claimDue(db, { owner: id, limit: free, leaseMs, perTarget: PREFETCH * perTarget, inFlight: held, held: heldIds });
        } catch (error) {
          onError(error);
        }
        const gone = claimed.filter((d) => !d.target_active || !d.secret);
        if (gone.length > 0) await cancelClaimed(db, id, gone.map((d) => d.id)).catch(onError);
        for (const delivery of claimed) {
          if (!delivery.target_active || !delivery.secret) continue;
          bump(held, delivery.target_id, 1);
          heldIds.add(delivery.id);
          waiting++;
          const queue = ready.get(delivery.target_id);
          if (queue) queue.push(delivery);
          else ready.set(delivery.target_id, [delivery]);
        }
        launchReady();
      }
      backlog = claimed.length > 0 && claimed.length >= free;
      // A full batch means more may be due; a short one means the rest waits for a slot or a poll.
      if (backlog && active < concurrency) continue;
      if (claimed.length === 0 && unrecorded === 0 && waiting === 0) notifyIdle();
      await pause();
    }
  }

  /** Runs a maintenance statement beside the claims; false when one is still running. */
  function maintain(sql: string): boolean {
    if (maintaining) return false;
    maintaining = db
      .query(sql)
      .then(() => undefined, onError)
      .finally(() => (maintaining = undefined));
    return true;
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

  /** Starts waiting deliveries while their target and the worker have a free slot. */
  function launchReady(): void {
    if (!running) return;
    for (const [targetId, queue] of ready) {
      while (queue.length > 0 && active < concurrency && (onWire.get(targetId) ?? 0) < perTarget) {
        waiting--;
        launch(queue.shift()!);
      }
      if (queue.length === 0) ready.delete(targetId);
      if (active >= concurrency) return;
    }
  }

  function launch(delivery: ClaimedDelivery): void {
    active++;
    unrecorded++;
    bump(onWire, delivery.target_id, 1);
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
      // The lease still guards the delivery until its outcome is recorded, so the slot is free now.
      active--;
      bump(onWire, delivery.target_id, -1);
      bump(held, delivery.target_id, -1);
      const outcome = decide(delivery, result);
      if (outcome.disableReason) {
        // Gone: what waits here for this target is cancelled with it, never sent.
        const dropped = ready.get(delivery.target_id) ?? [];
        ready.delete(delivery.target_id);
        // Still pending in the database until this outcome's record cancels them.
        if (dropped.length > 0) cancelledWith.set(delivery.id, dropped.map((d) => d.id));
        waiting -= dropped.length;
        bump(held, delivery.target_id, -dropped.length);
      }
      buffered.push(outcome);
      scheduleFlush();
      launchReady();
      wake();
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
          // The leases expire (or, single-owner, the rows stay pending) and another attempt
          // follows: at least once, never lost.
          onError(error);
        }
        for (const { delivery } of batch) {
          heldIds.delete(delivery.id);
          for (const other of cancelledWith.get(delivery.id) ?? []) heldIds.delete(other);
          cancelledWith.delete(delivery.id);
        }
        unrecorded -= batch.length;
        wake();
      }
      flushing = undefined;
      if (unrecorded === 0) notifyIdle();
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
      if (singleOwner(db)) {
        if (owned.has(db)) throw new Error('this database already has a running delivery worker (PGlite is single-owner: run one worker per process)');
        owned.add(db);
        owns = true;
      }
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
      await maintaining;
      const unsent = [...ready.values()].flat();
      ready.clear();
      for (const d of unsent) heldIds.delete(d.id);
      waiting = 0;
      await unclaim(db, id, unsent.map((d) => d.id)).catch(onError);
      while (unrecorded > 0 || flushing) await (flushing ?? new Promise((r) => setTimeout(r, 10)));
      await releaseLeases(db, id).catch(onError);
      if (owns) owned.delete(db);
      owns = false;
      if (ownsDispatcher) await (dispatcher as { close(): Promise<void> }).close();
    },
    wake,
    async drained({ timeoutMs: limit = 60_000 } = {}) {
      const until = Date.now() + limit;
      for (;;) {
        if (unrecorded === 0 && waiting === 0 && !flushing && (await pendingCount()) === 0 && unrecorded === 0) return;
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
