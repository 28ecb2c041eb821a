import { randomBytes } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { Database } from '../db/database.js';
import { createGuardedAgent } from '../net/guarded-agent.js';
import type { LookupFn, UrlPolicy } from '../net/url-policy.js';
import { ClaimPacer } from './claim-pacer.js';
import { Claimer } from './claimer.js';
import { Waker } from './waker.js';
import { listenForDeliveries, wakeUpSender, type WakeUpListener } from './wake-ups.js';
import { decide } from './decide.js';
import { FairSlots } from './fair-slots.js';
import { OutcomeRecorder } from './recorder.js';
import { DEFAULT_JITTER, DEFAULT_SCHEDULE_MS } from './schedule.js';
import { sendAttempt } from './send.js';
import { singleOwner } from './single-owner.js';
import { releaseHolds } from './sql/hold.js';
import type { ClaimedDelivery, DeliveryHandoff, FreshDelivery, Outcome } from './types.js';

const MAINTAIN_EVERY_MS = 30_000;
/** Single-owner databases with a running worker: a second one would send everything twice. */
const owned = new WeakSet<Database>();
/** Statistics taken without a backlog are refreshed once one shows, but not more often than this. */
const REFRESH_STATS_MS = 100;
/** Deliveries held per target and per slot of its `perTargetConcurrency`: a claimed one waits behind PREFETCH - 1 attempts at most. */
const PREFETCH = 8;
/**
 * Deliveries held here (waiting, on the wire, or sent and not yet recorded) per slot of
 * `concurrency`: 2,048 at the default 64, so a burst of fresh deliveries is handed over
 * rather than left to claims. Of those, claims take PREFETCH per slot at most, and at most
 * PREFETCH per slot are on the wire or sent and not yet recorded (what a crash sends again).
 */
const HELD_PER_SLOT = 32;
/** Batch delays between claims on PostgreSQL while a full round of deliveries waits here. */
const DEEP_QUEUE_GAP = 4;
/** Rounds of deliveries (`concurrency`) waiting here that hold back the next claim. */
const FULL_QUEUE_ROUNDS = 4;

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
  /**
   * Attempts in flight per target, in all processes together (on PostgreSQL one process at a
   * time serves a target); default 4.
   */
  perTargetConcurrency?: number;
  /**
   * How long a claimed delivery stays claimed (on PostgreSQL: how long its target's hold must
   * outlast the claim). A claimed delivery may wait here behind its target's slots for up to
   * PREFETCH - 1 attempts, so at least PREFETCH × timeout + 1 s; default PREFETCH × timeout + 30 s.
   */
  leaseMs?: number;
  /** Poll interval when the queue looks empty; default 250 ms. */
  pollMs?: number;
  /** PostgreSQL URL to LISTEN on for new deliveries from any process (the poll stays as the fallback). */
  listenUrl?: string;
  /**
   * Outcomes are recorded in batches gathered for this long, and freed slots claimed in
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
  /** Resolver used at connect time (tests simulate DNS rebinding with it). */
  lookup?: LookupFn;
  /** Replaces the guarded agent (benchmarks); the policy is then not enforced. */
  dispatcher?: Dispatcher;
  /** Called with unexpected errors (database unavailable, …); the worker keeps going. */
  onError?: (error: unknown) => void;
  /** Called with each outcome after its batch is recorded (metrics). */
  onOutcome?: (outcome: Outcome) => void;
}

export interface DeliveryWorker extends DeliveryHandoff {
  /** This worker's id, the holder of the targets it serves. */
  readonly id: string;
  start(): void;
  /** Stops claiming, waits for attempts in flight to be recorded, then gives back the targets it serves. */
  stop(): Promise<void>;
  /** Claims now instead of at the next poll (call after committing new deliveries that were not offered). */
  wake(): void;
  /** Resolves when nothing is pending in the database and nothing is in flight here. */
  drained(options?: { timeoutMs?: number }): Promise<void>;
}

/**
 * The delivery engine: a {@link Claimer} claims due deliveries in batches, {@link FairSlots}
 * starts them fairly across owners and targets, each signed attempt goes through the
 * SSRF-guarded agent, and an {@link OutcomeRecorder} records outcomes in batches. Several
 * processes may run workers on one PostgreSQL database.
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
  const onError = options.onError ?? ((error: unknown) => console.error('delivery worker:', error));
  const ownsDispatcher = !options.dispatcher;
  const dispatcher = options.dispatcher ?? createGuardedAgent({ policy: options.policy, lookup: options.lookup, connections: concurrency });
  const id = `wrk_${randomBytes(8).toString('hex')}`;
  const maxHeld = concurrency * HELD_PER_SLOT;
  const maxUnrecorded = concurrency * PREFETCH;

  const claimer = new Claimer({ db, workerId: id, leaseMs, perTarget: PREFETCH * perTarget, onError });
  const wakeOthers = wakeUpSender(db, id, onError);
  const slots = new FairSlots<ClaimedDelivery>({ concurrency, perTarget });
  const pacer = new ClaimPacer({ batchDelayMs, deepQueueGapMs: DEEP_QUEUE_GAP * batchDelayMs, fullQueue: FULL_QUEUE_ROUNDS * concurrency, concurrency, backOff: db.kind === 'postgres' });
  const recorder = new OutcomeRecorder({
    db,
    batchDelayMs,
    policy: { disableAfterMs: options.disableAfterMs ?? 5 * 86_400_000, breakAfter: options.breakAfter ?? 5, coolDownMs: options.coolDownMs ?? 60_000 },
    onError,
    onRecorded(batch, opened) {
      for (const outcome of batch) {
        claimer.forget([outcome.delivery.id, ...(outcome.dropped ?? [])]);
        options.onOutcome?.(outcome);
      }
      if (opened.length > 0) holdBack(batch, opened);
      // A retry may be due at once; and room for more claims has opened.
      if (opened.length > 0 || batch.some((o) => o.status === 'pending')) due = true;
      launchReady();
      nudge();
      if (recorder.pending === 0) notifyIdle();
    },
  });
  const waker = new Waker(pollMs);
  const idleWaiters = new Set<() => void>();
  let running = false;
  let loop: Promise<void> | undefined;
  let owns = false;
  let maintaining: Promise<void> | undefined;
  let listener: WakeUpListener | undefined;
  /** Wakes the slots when the earliest send slot of a rate-limited target comes due. */
  let dueTimer: { at: number; timer: NodeJS.Timeout } | undefined;
  /** The database may hold deliveries a claim would take now; otherwise claims wait for the poll interval. */
  let due = true;
  let lastClaimAt = -Infinity;

  /** Deliveries may have become due: claim. */
  const wake = () => {
    due = true;
    waker.wake();
  };
  /** Slots were freed: start what waits, and claim if deliveries may be due. */
  const nudge = () => waker.wake();
  const unrecorded = () => slots.active + recorder.pending;
  /** How many more deliveries this worker may hold now (fresh ones handed over). */
  const room = () => maxHeld - unrecorded() - slots.waiting;
  /**
   * How many a claim may take now: PREFETCH per slot at most with what waits and is on the
   * wire. A larger claim holds up sending while it is read (the delivery benchmark, a queued
   * backlog drained by claims alone: 0.42–0.52 of the bare loop against 0.50–0.55).
   */
  const claimRoom = () => Math.min(room(), PREFETCH * concurrency - slots.active - slots.waiting);
  // Half the buffer at most per owner while it is alone, so a newcomer's rows still get claimed.
  const perOwner = () => Math.max(PREFETCH, Math.floor(maxHeld / (slots.owners + 1)));

  async function run(): Promise<void> {
    let lastMaintain = -Infinity;
    let lastStats = -Infinity;
    let backlog = false;
    let crowded = false;
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
        statsSawBacklog = crowded;
        maintain(db.kind === 'pglite' ? 'VACUUM ANALYZE deliveries' : 'ANALYZE deliveries');
      } else if (crowded && !statsSawBacklog && now - lastStats > REFRESH_STATS_MS) {
        lastStats = now;
        statsSawBacklog = maintain('ANALYZE deliveries (status, next_attempt_at)');
      }
      // Without a sign of due deliveries (a notification, a wake, what a handoff left, a full
      // claim, a full target), claims wait for the poll interval: fresh deliveries are handed over.
      const claiming = due || performance.now() - lastClaimAt >= pollMs;
      if (claiming) await gatherFreedSlots();
      const free = claimRoom();
      let claimed: ClaimedDelivery[] = [];
      if (claiming && free > 0 && running) {
        due = false;
        lastClaimAt = performance.now();
        pacer.start(lastClaimAt);
        claimed = await claimer.claim(free, perOwner());
        pacer.end(performance.now());
        for (const delivery of claimed) slots.add(delivery);
        launchReady();
        if (claimer.more) due = true;
      }
      backlog = claimed.length > 0 && claimed.length >= free;
      // Per-target and per-owner caps cut claims short of `free`: a full round waiting here also means a backlog.
      crowded = backlog || (claimed.length > 0 && slots.waiting >= concurrency);
      // A full batch means more may be due; a short one means the rest waits for a slot or a poll.
      if (backlog && !slots.full()) continue;
      if (claimed.length === 0 && unrecorded() === 0 && slots.waiting === 0) notifyIdle();
      await waker.pause();
    }
  }

  /** Gathers freed slots for one claim while attempts are on the wire (see {@link ClaimPacer}). */
  async function gatherFreedSlots(): Promise<void> {
    for (let left = pacer.wait(performance.now(), slots); left > 0 && running; left = pacer.wait(performance.now(), slots)) {
      await new Promise((r) => setTimeout(r, Math.min(batchDelayMs, left)));
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

  function launchReady(): void {
    if (!running) return;
    // Attempts sent and not yet recorded are sent again after a crash: at most PREFETCH per slot.
    while (unrecorded() < maxUnrecorded) {
      const delivery = slots.next();
      if (!delivery) break;
      launch(delivery);
    }
    armDueTimer();
  }

  /** One timer at a time, set for the earliest send slot ahead (none while none waits). */
  function armDueTimer(): void {
    const at = slots.dueAt();
    if (dueTimer && (at === undefined || dueTimer.at <= at)) return;
    if (dueTimer) clearTimeout(dueTimer.timer);
    if (at === undefined) return;
    const timer = setTimeout(() => {
      dueTimer = undefined;
      launchReady();
    }, Math.max(0, Math.ceil(at - performance.now())));
    dueTimer = { at, timer };
  }

  function launch(delivery: ClaimedDelivery): void {
    const request = {
      url: delivery.url,
      messageId: delivery.message_id,
      attempt: delivery.attempt_count,
      contentType: delivery.content_type,
      body: delivery.body,
      secret: delivery.secret!,
    };
    void sendAttempt(dispatcher, request, timeoutMs).then((result) => {
      // The claim still holds the delivery until its outcome is recorded, so the slot is free now.
      const before = slots.active;
      slots.done(delivery);
      claimer.release(delivery);
      const outcome = decide(delivery, result, schedule, jitter);
      if (outcome.disableReason) dropTarget(delivery, outcome);
      recorder.add(outcome);
      launchReady();
      pacer.finished(slots.active >= before);
      nudge();
    });
  }

  /**
   * Takes what a claim would take now of deliveries this process just committed; claims for
   * the rest, and wakes the processes that serve some of them (or all, when stopped).
   */
  function offer(fresh: FreshDelivery[]): void {
    if (fresh.length === 0) return;
    // While the database may hold older due deliveries, the claim goes first (oldest first).
    const taken = running && !due ? claimer.adopt(fresh, room(), perOwner()) : [];
    for (const delivery of taken) slots.add(delivery);
    if (taken.length > 0) launchReady();
    if (taken.length === fresh.length) return;
    wake();
    if (!running || fresh.some(servedElsewhere)) wakeOthers();
  }

  function servedElsewhere(delivery: FreshDelivery): boolean {
    return delivery.holder !== null && delivery.holder !== id && (delivery.hold_left_ms ?? 0) > 0;
  }

  /** Gone: what waits here for this target is cancelled with it (when its outcome is recorded), never sent. */
  function dropTarget(delivery: ClaimedDelivery, outcome: Outcome): void {
    const dropped = slots.dropTarget(delivery.owner_key_id, delivery.target_id);
    for (const d of dropped) claimer.release(d);
    if (dropped.length > 0) outcome.dropped = dropped.map((d) => d.id);
  }

  /** What waits here for a target whose circuit opened goes back to the database, to wait for the cool-down. */
  function holdBack(batch: Outcome[], opened: string[]): void {
    const owners = new Map(batch.map((o) => [o.delivery.target_id, o.delivery.owner_key_id]));
    const unsent = opened.flatMap((targetId) => slots.dropTarget(owners.get(targetId)!, targetId));
    for (const d of unsent) claimer.release(d);
    claimer.forget(unsent.map((d) => d.id));
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
    offer,
    start() {
      if (running) return;
      if (singleOwner(db)) {
        if (owned.has(db)) throw new Error('this database already has a running delivery worker (PGlite is single-owner: run one worker per process)');
        owned.add(db);
        owns = true;
      }
      running = true;
      if (options.listenUrl) listener = listenForDeliveries(options.listenUrl, id, wake, onError);
      loop = run();
    },
    async stop() {
      running = false;
      waker.wake();
      await listener?.close();
      listener = undefined;
      await loop;
      if (dueTimer) clearTimeout(dueTimer.timer);
      dueTimer = undefined;
      await maintaining;
      const unsent = slots.drain();
      for (const d of unsent) claimer.release(d);
      claimer.forget(unsent.map((d) => d.id));
      while (slots.active > 0) await new Promise((r) => setTimeout(r, 10));
      await recorder.settle();
      await releaseHolds(db, id).catch(onError);
      if (owns) owned.delete(db);
      owns = false;
      if (ownsDispatcher) await (dispatcher as { close(): Promise<void> }).close();
    },
    wake,
    async drained({ timeoutMs: limit = 60_000 } = {}) {
      const until = Date.now() + limit;
      for (;;) {
        if (unrecorded() === 0 && slots.waiting === 0 && (await pendingCount()) === 0 && unrecorded() === 0) return;
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
