import { randomBytes } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { Database } from '../db/database.js';
import { createGuardedAgent } from '../net/guarded-agent.js';
import { ClaimLoop, PREFETCH } from './claim/claim-loop.js';
import { Claimer } from './claim/claimer.js';
import { decide } from './send/decide.js';
import { HeldDeliveries } from './send/held.js';
import { SESSION_HOLDER } from './claim/holder-lock.js';
import { OutcomeRecorder } from './record/recorder.js';
import { WaitingKeys } from './record/waiting-keys.js';
import type { Recorded } from './record/record.sql.js';
import { DEFAULT_JITTER, DEFAULT_SCHEDULE_MS } from './send/schedule.js';
import { sendAttempt } from './send/send.js';
import { signsV1a } from './send/sign.js';
import { SigningKeyCache } from './send/signing-key-cache.js';
import { SendSlotTimer } from './send/send-timer.js';
import { endAttemptSpan, startAttemptSpan, traceBatch } from './tracing.js';
import { headersOf, type TraceHeaders } from '../telemetry/trace-context.js';
import { singleOwner } from './claim/single-owner.js';
import { releaseHolds } from './claim/hold.sql.js';
import type { ClaimedDelivery, FreshDelivery, Outcome, TargetPolicy } from './types.js';
import type { DeliveryWorker, DeliveryWorkerOptions } from './worker-options.js';
import { Upkeep } from './upkeep/upkeep.js';
import { SUNSET_CHECK_EVERY_MS, SunsetWarnings } from './record/sunset-warnings.js';
import { contractVersions, unconverted, type PayloadVersioning } from './payload-versions.js';
import { DEFAULT_RETENTION_MS, HistoryPruner } from './upkeep/retention.js';
import { listenForDeliveries, wakeUpSender, type WakeUpListener, type WakeUpSender } from './wake-ups.js';

/** Single-owner databases with a running worker (by its id): a second one would send everything twice. */
const owners = new WeakMap<Database, string>();

export type { DeliveryWorker, DeliveryWorkerOptions } from './worker-options.js';

/** The worker's settings, defaults applied. */
interface Settings {
  db: Database;
  schedule: readonly number[];
  jitter: number;
  timeoutMs: number;
  pollMs: number;
  batchDelayMs: number;
  policy: TargetPolicy;
  onError: (error: unknown) => void;
  onOutcome?: (outcome: Outcome) => void;
  listenUrl?: string;
}

/**
 * The delivery engine: a {@link Claimer} takes due deliveries into {@link HeldDeliveries}
 * (which owns each one, waiting, sending or sent, and starts them fairly across owners and
 * targets), a {@link ClaimLoop} claims when its policy says and as many as it says, each
 * signed attempt goes through the SSRF-guarded agent, an {@link OutcomeRecorder} records
 * outcomes in batches, {@link Upkeep} keeps the queue's statistics and {@link HistoryPruner} the history within its retention. Several processes may
 * run workers on one PostgreSQL database.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  return new Worker(options);
}

class Worker implements DeliveryWorker {
  readonly id: string;
  readonly #settings: Settings;
  readonly #dispatcher: Dispatcher;
  readonly #ownsDispatcher: boolean;
  readonly #held: HeldDeliveries;
  readonly #claimer: Claimer;
  readonly #claims: ClaimLoop;
  readonly #recorder: OutcomeRecorder;
  readonly #upkeep: Upkeep;
  readonly #pruner: HistoryPruner;
  readonly #sunsets: SunsetWarnings;
  readonly #signing: SigningKeyCache;
  readonly #sendSlots = new SendSlotTimer(() => this.#launchReady());
  readonly #wakeOthers: WakeUpSender;
  readonly #idle = new Set<() => void>();
  /** At most PREFETCH per slot on the wire or sent and not yet recorded: what a crash sends again. */
  readonly #maxUnrecorded: number;
  readonly #versions: PayloadVersioning;
  readonly #concurrency: number;
  readonly #perTarget: number;
  readonly #waitingKeys = new WaitingKeys();
  #running = false;
  #listener: WakeUpListener | undefined;

  constructor(options: DeliveryWorkerOptions) {
    const db = options.db;
    this.#versions = options.versions ?? contractVersions;
    // With a session of its own (the LISTEN one) its target holds end with that session (holder-lock.ts).
    this.id = `${options.listenUrl && db.kind === 'postgres' ? SESSION_HOLDER : 'wrk_'}${randomBytes(8).toString('hex')}`;
    const timeoutMs = options.timeoutMs ?? 15_000;
    const concurrency = options.concurrency ?? 64;
    const perTarget = options.perTargetConcurrency ?? 4;
    this.#concurrency = concurrency;
    this.#perTarget = perTarget;
    const leaseMs = Math.max(options.leaseMs ?? PREFETCH * timeoutMs + 30_000, PREFETCH * timeoutMs + 1_000);
    const onError = options.onError ?? ((error: unknown) => console.error('delivery worker:', error));
    // PGlite runs in this thread: larger batches leave more of it to the requests.
    const batchDelayMs = options.batchDelayMs ?? (db.kind === 'pglite' ? 10 : 5);
    const policy = {
      disableAfterMs: options.disableAfterMs ?? 5 * 86_400_000,
      breakAfter: options.breakAfter ?? 5,
      coolDownMs: options.coolDownMs ?? 60_000,
    };
    const pollMs = options.pollMs ?? 250;
    this.#settings = {
      db,
      schedule: options.schedule ?? DEFAULT_SCHEDULE_MS,
      jitter: options.jitter ?? DEFAULT_JITTER,
      timeoutMs,
      pollMs,
      batchDelayMs,
      policy,
      onError,
      onOutcome: options.onOutcome,
      listenUrl: options.listenUrl,
    };
    this.#ownsDispatcher = !options.dispatcher;
    this.#dispatcher =
      options.dispatcher ?? createGuardedAgent({ policy: options.policy, lookup: options.lookup, connections: concurrency });
    this.#maxUnrecorded = concurrency * PREFETCH;
    this.#held = new HeldDeliveries({ concurrency, perTarget });
    this.#claimer = new Claimer({ db, workerId: this.id, leaseMs, perTarget: PREFETCH * perTarget, onError, held: this.#held });
    this.#claims = new ClaimLoop({
      concurrency,
      pollMs,
      batchDelayMs,
      backOff: db.kind === 'postgres',
      held: this.#held,
      turn: (now, crowded) => {
        this.#upkeep.tick(now, crowded);
        this.#pruner.tick(now);
        this.#sunsets.tick(now);
        this.#signing.tick(now);
      },
      claim: async (size, perOwner) => {
        await this.#signing.ready();
        const rows = await traceBatch(
          'claim',
          () => this.#claimer.claim(size, perOwner),
          (rows) => rows,
        );
        return { taken: rows.length, more: this.#claimer.more };
      },
      claimed: () => this.#launchReady(),
      idle: () => this.#notifyIdle(),
    });
    this.#recorder = new OutcomeRecorder({
      db,
      batchDelayMs,
      onTheWire: () => this.#held.count('sending'),
      crowded: () => this.#held.unrecorded >= this.#maxUnrecorded / 2,
      policy,
      onError,
      checkPayload: options.checkPayload,
      versions: this.#versions,
      onRecorded: (batch, recorded) => this.#recorded(batch, recorded),
    });
    this.#signing = new SigningKeyCache(db, onError, options.signingKey);
    this.#upkeep = new Upkeep(db, onError);
    this.#pruner = new HistoryPruner(db, { retentionMs: options.retentionMs ?? DEFAULT_RETENTION_MS, onError });
    this.#sunsets = new SunsetWarnings({
      db,
      versions: this.#versions,
      clock: options.clock ?? (() => new Date()),
      everyMs: options.sunsetCheckMs ?? SUNSET_CHECK_EVERY_MS,
      check: options.checkPayload,
      queued: (fresh) => this.offer(fresh),
      onError,
    });
    this.#wakeOthers = wakeUpSender(db, this.id, onError);
  }

  start(): void {
    if (this.#running) return;
    const db = this.#settings.db;
    if (singleOwner(db)) {
      if (owners.has(db))
        throw new Error('this database already has a running delivery worker (PGlite is single-owner: run one worker per process)');
      owners.set(db, this.id);
    }
    this.#running = true;
    if (this.#settings.listenUrl) {
      const onReleased = () => this.#claimer.releasedElsewhere();
      // Its holds may pass to others at once: what waits here goes back; only what is on the wire may overlap.
      const onLost = () => this.#running && this.#held.giveBackAll();
      this.#listener = listenForDeliveries(this.#settings.listenUrl, this.id, {
        onNotify: this.wake,
        onReleased,
        onLost,
        onError: this.#settings.onError,
      });
    }
    this.#claims.start();
  }

  async stop(): Promise<void> {
    this.#running = false;
    await this.#claims.stop();
    this.#sendSlots.clear();
    await this.#upkeep.settle();
    await this.#pruner.stop();
    await this.#sunsets.settle();
    this.#held.giveBackAll();
    while (this.#held.count('sending') > 0) await new Promise((r) => setTimeout(r, 10));
    await this.#recorder.settle();
    const db = this.#settings.db;
    await releaseHolds(db, this.id).catch(this.#settings.onError);
    // Only now: closing the session ends its lock, and with it this worker's holds (holder-lock.ts).
    await this.#listener?.close();
    this.#listener = undefined;
    if (owners.get(db) === this.id) owners.delete(db);
    if (this.#ownsDispatcher) await (this.#dispatcher as { close(): Promise<void> }).close();
  }

  readonly wake = (): void => this.#claims.due();

  /**
   * Takes what a claim would take now of deliveries this process just committed; claims for
   * the rest, and wakes the processes that serve some of them (or all, when stopped). A keyed
   * one behind an earlier message of its key calls for no claim: the worker that ends that
   * message hands it over or claims it (one whose predecessor ended before it committed is left to the poll).
   */
  readonly offer = (offered: FreshDelivery[]): void => {
    // Pull deliveries wait for their feed's reader (pull-feed.ts); the claims skip them too.
    const fresh = offered.some((d) => d.pull) ? offered.filter((d) => !d.pull) : offered;
    if (fresh.length === 0) return;
    // While the database may hold older due deliveries, the claim goes first (oldest first).
    const limits = this.#running ? this.#claims.handoff() : undefined;
    const taken = limits ? this.#claimer.adopt(fresh, limits.room, limits.perOwner) : [];
    if (taken.length > 0) this.#launchReady();
    if (taken.length === fresh.length) return;
    this.#waitingKeys.queued(fresh);
    // A claim that ran between the commit and this handover may hold some already: no claim is due for those,
    // nor for one that waits behind its key: whoever ends the earlier message hands it over (or claims it).
    const left = fresh.filter((d) => !this.#held.has(d.id) && !(d.ordering_key && !d.first_of_key));
    if (left.length === 0) return;
    this.wake();
    if (!this.#running || left.some((d) => this.#servedElsewhere(d))) this.#wakeOthers.send();
  };

  async drained({ timeoutMs: limit = 60_000 } = {}): Promise<void> {
    const until = Date.now() + limit;
    for (;;) {
      if (this.#held.size === 0 && (await this.#pendingCount()) === 0 && this.#held.size === 0) return;
      if (Date.now() > until) throw new Error(`delivery queue not drained after ${limit} ms`);
      await new Promise<void>((resolve) => {
        const finish = () => {
          clearTimeout(timer);
          this.#idle.delete(finish);
          resolve();
        };
        const timer = setTimeout(finish, Math.min(this.#settings.pollMs, 100));
        this.#idle.add(finish);
      });
    }
  }

  #launchReady(): void {
    if (!this.#running) return;
    while (this.#held.unrecorded < this.#maxUnrecorded) {
      const delivery = this.#held.start();
      if (!delivery) break;
      this.#launch(delivery);
    }
    this.#sendSlots.arm(this.#held.dueAt());
  }

  #launch(delivery: ClaimedDelivery, keyWaited = false): void {
    // A handed-off delivery may come before the first claim read the signing key: it waits for that read once.
    if (!keyWaited && !this.#signing.key && signsV1a(delivery.secret!)) {
      void this.#signing.ready().then(() => this.#launch(delivery, true));
      return;
    }
    const { schedule, jitter, timeoutMs } = this.#settings;
    // Only a delivery whose conversion failed when it was queued: every other body is in its version already.
    const converted = delivery.body_version === delivery.payload_version ? delivery : this.#converted(delivery);
    if (converted === undefined) return;
    const request = {
      url: delivery.url,
      messageId: delivery.message_id,
      attempt: delivery.attempt_count,
      contentType: converted.content_type,
      body: converted.body,
      version: delivery.payload_version,
      secret: delivery.secret!,
      signingKey: this.#signing.key,
      trace: undefined as TraceHeaders | undefined,
      ordering: delivery.ordering_key && delivery.key_seq ? { key: delivery.ordering_key, sequence: delivery.key_seq } : undefined,
    };
    const span = startAttemptSpan(delivery);
    request.trace = headersOf(span);
    void sendAttempt(this.#dispatcher, request, timeoutMs).then((result) => {
      // The claim still holds the delivery until its outcome is recorded, so the slot is free now.
      const before = this.#held.count('sending');
      this.#held.sent(delivery);
      const outcome = decide(delivery, result, schedule, jitter);
      endAttemptSpan(span, result, outcome);
      // Gone: what waits here for this target is cancelled with it (when its outcome is recorded), never sent.
      if (outcome.disableReason) {
        const dropped = this.#held.cancelTarget(delivery);
        if (dropped.length > 0) outcome.dropped = dropped.map((d) => d.id);
      }
      this.#launchReady();
      this.#recorder.add(outcome, this.#keyWaits(delivery));
      this.#claims.attemptEnded(this.#held.count('sending') >= before);
    });
  }

  /**
   * The body of a delivery whose conversion failed at enqueue (or that a replay brought back
   * after a converter was fixed), converted now; or, when it fails again, nothing: the delivery
   * is recorded failed without being sent, its attempt's error naming the converter (its owner
   * gets `deliveryFailed`; the target's health is not blamed).
   */
  #converted(delivery: ClaimedDelivery): { content_type: string; body: string } | undefined {
    try {
      const ref = { kind: delivery.kind, event: delivery.event };
      const made = this.#versions.convert(ref, delivery.body, delivery.payload_version, delivery.body_version);
      return { content_type: made.contentType, body: made.body };
    } catch (error) {
      const result = unconverted(delivery.body_version, delivery.payload_version, error);
      this.#held.sent(delivery);
      this.#recorder.add({ delivery, result, status: 'failed', retryInMs: null, unsent: true });
      return undefined;
    }
  }

  /**
   * A later message of this attempt's key waits for its record (as this process queued it), a
   * slot is free and its target has room with nothing here to fill it: then the record's
   * gathering ends at the next step.
   */
  #keyWaits(delivery: ClaimedDelivery): boolean {
    if (!this.#waitingKeys.behind(delivery) || this.#held.count('sending') >= this.#concurrency) return false;
    return (this.#held.byTarget.get(delivery.target_id) ?? 0) < this.#perTarget;
  }

  /** A batch of outcomes is in the database (or failed to be: the rows stay pending). */
  #recorded(batch: Outcome[], { opened, queued, followed, handed }: Recorded): void {
    for (const outcome of batch) {
      this.#held.recorded([outcome.delivery.id, ...(outcome.dropped ?? [])]);
      this.#settings.onOutcome?.(outcome);
    }
    // What waits here for a target whose circuit opened goes back to the database, to wait for the cool-down.
    if (opened.length > 0) {
      const owners = new Map(batch.map((o) => [o.delivery.target_id, o.delivery.owner_key_id]));
      for (const targetId of opened) this.#held.giveBackTarget(owners.get(targetId)!, targetId);
    }
    // The next messages of the keys it ended: taken now, as a claim would; a claim finds those it could not take.
    const unhanded = handed.length > 0 ? this.#takeHanded(handed) : 0;
    // A retry may be due at once, or the next message of an ended one's ordering key; and room for more claims has opened.
    if (opened.length > 0 || followed || unhanded > 0 || batch.some((o) => o.status === 'pending')) this.#claims.due();
    // Operational events about the batch, taken like a publish's deliveries.
    if (queued.length > 0) this.offer(queued);
    this.#launchReady();
    this.#claims.roomOpened();
    if (this.#held.count('sent') === 0) this.#notifyIdle();
  }

  /**
   * Takes the next message of each key whose message it just ended, within its room and caps,
   * even while older due rows wait for a claim: the key waited behind its own message only, and
   * the fair start decides when it goes. Returns how many are left for a claim.
   */
  #takeHanded(handed: FreshDelivery[]): number {
    const limits = this.#claims.room();
    if (limits) this.#claimer.adopt(handed, limits.room, limits.perOwner);
    return handed.filter((d) => !this.#held.has(d.id)).length;
  }

  #servedElsewhere(delivery: FreshDelivery): boolean {
    return delivery.holder !== null && delivery.holder !== this.id && (delivery.hold_left_ms ?? 0) > 0;
  }

  #notifyIdle(): void {
    for (const resolve of this.#idle) resolve();
  }

  async #pendingCount(): Promise<number> {
    const [row] = await this.#settings.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM deliveries WHERE NOT pull`);
    return row?.n ?? 0;
  }
}
