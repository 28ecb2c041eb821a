import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import type { EmbeddedMemory, Queryable } from '../db/database.js';
import type { Outcome } from '../delivery/types.js';
import { createEventLookup } from './event-lookup.js';

/** The server's Prometheus registry and the instruments the app and the worker feed. */
export interface Metrics {
  readonly registry: Registry;
  /** Counts one answered request. */
  countRequest(operation: string, status: number): void;
  /** Worker hook (`onOutcome`): counts one recorded attempt outcome. */
  onOutcome: (outcome: Outcome) => void;
  /** Counts one delivery recorded failed unsent because its conversion failed (see conversion-failures.ts). */
  countConversionFailure(event: string, payloadVersion: number): void;
  /** Counts one webhook or callback body that broke its declared schema (queued anyway: production's `warn`). */
  countOutgoingViolation(target: { kind: string; event: string }): void;
  /** The text exposition; reads the queue gauges with one query first. */
  scrape(): Promise<string>;
  /** The same as prom-client's JSON (for the OTLP export), the queue gauges read first. */
  snapshot(): Promise<MetricObjectWithValues<MetricValue<string>>[]>;
}

const OUTCOME = { succeeded: 'succeeded', failed: 'failed', pending: 'retrying' } as const;
/** Owners with a label of their own in per-owner series; the rest are "other" (bounded cardinality). */
const OWNER_LABELS = 50;
/** Retry attempt numbers from this one on share a label. */
const MAX_ATTEMPT_LABEL = 10;

/** The first `max` owners seen keep their key id as label; later ones are "other". */
class OwnerLabels {
  readonly #known = new Set<string>();
  constructor(readonly max: number) {}

  label(owner: string): string {
    if (this.#known.has(owner)) return owner;
    if (this.#known.size >= this.max) return 'other';
    this.#known.add(owner);
    return owner;
  }
}

/**
 * Creates a registry per server (tests run several servers in one process). `processMetrics`
 * adds prom-client's default process metrics (memory, CPU, event loop lag); `embeddedMemory`
 * (PGlite) adds the database thread's memory, which those leave out.
 */
export function createMetrics(
  db: Queryable,
  options: { processMetrics?: boolean; reads?: Queryable; embeddedMemory?: () => Promise<EmbeddedMemory> } = {},
): Metrics {
  const scrapes = options.reads ?? db;
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'clubnotify_' });
  const readEmbedded = options.embeddedMemory ? embeddedMemoryGauges(registry, options.embeddedMemory) : async () => {};
  const requests = new Counter({
    name: 'clubnotify_http_requests_total',
    help: 'Requests answered, by operationId of the spec (or "unmatched") and status code.',
    labelNames: ['operation', 'status'],
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'clubnotify_delivery_attempts_total',
    help: 'Delivery attempts recorded, by event and outcome (succeeded, failed for good, retrying).',
    labelNames: ['event', 'outcome'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'clubnotify_delivery_attempt_duration_seconds',
    help: 'Time from sending an attempt to its response (or error), by outcome.',
    labelNames: ['outcome'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30],
    registers: [registry],
  });
  const depth = new Gauge({
    name: 'clubnotify_delivery_queue_depth',
    help: 'Deliveries pending (due or waiting for a retry).',
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'clubnotify_delivery_oldest_pending_age_seconds',
    help: 'Age of the oldest pending delivery since it was queued; 0 when none is pending.',
    registers: [registry],
  });
  const circuits = new Gauge({
    name: 'clubnotify_delivery_circuits',
    help: 'Targets whose circuit breaker is open (no attempts until the cool-down ends) or half-open (one probe at a time).',
    labelNames: ['state'],
    registers: [registry],
  });
  const outgoing = new Counter({
    name: 'clubnotify_outgoing_payload_violations_total',
    help: 'Webhook and callback bodies that broke their declared schema, by kind and event (refused in strict mode, queued in warn mode).',
    labelNames: ['kind', 'event'],
    registers: [registry],
  });
  const historyRows = new Gauge({
    name: 'clubnotify_delivery_history_rows',
    help:
      'Rows of the delivery history (ended deliveries, and the attempts not kept on them), by table; ' +
      'as of the last statistics (the worker refreshes them every minute).',
    labelNames: ['table'],
    registers: [registry],
  });
  const historyBytes = new Gauge({
    name: 'clubnotify_delivery_history_bytes',
    help: 'Bytes on disk of the delivery history, indexes included, by table.',
    labelNames: ['table'],
    registers: [registry],
  });
  const final = new Counter({
    name: 'clubnotify_delivery_outcomes_total',
    help:
      'Deliveries that reached a final outcome (succeeded, failed), by owner key id: ' +
      `the first ${OWNER_LABELS} owners seen get a label each, the rest count as "other".`,
    labelNames: ['owner', 'outcome'],
    registers: [registry],
  });
  const byVersion = new Counter({
    name: 'clubnotify_deliveries_by_payload_version_total',
    help:
      'Deliveries that reached a final outcome (succeeded, failed), by event and payload version (webhook-version): ' +
      'who still needs an older version before its sunset.',
    labelNames: ['event', 'version', 'outcome'],
    registers: [registry],
  });
  const unconvertible = new Counter({
    name: 'clubnotify_payload_conversion_failures_total',
    help:
      'Deliveries recorded failed unsent because a converter threw or made a payload invalid for their payload version, ' +
      'by event and version: a fault of this server, never of the receiver.',
    labelNames: ['event', 'version'],
    registers: [registry],
  });
  const firstAttempt = new Histogram({
    name: 'clubnotify_delivery_first_attempt_delay_seconds',
    help: 'Time from the publish that queued a delivery to the start of its first attempt.',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [registry],
  });
  const retries = new Counter({
    name: 'clubnotify_delivery_retries_total',
    help: `Attempts after the first, by attempt number (2, 3, ...; "${MAX_ATTEMPT_LABEL}+" beyond), and outcome.`,
    labelNames: ['attempt', 'outcome'],
    registers: [registry],
  });
  const owners = new OwnerLabels(OWNER_LABELS);
  const eventOf = createEventLookup(db);

  return {
    registry,
    countRequest(operation, status) {
      requests.inc({ operation, status: String(status) });
    },
    onOutcome({ delivery, result, status }) {
      const outcome = OUTCOME[status];
      duration.observe({ outcome }, result.durationMs / 1000);
      if (status !== 'pending') {
        final.inc({ owner: owners.label(delivery.owner_key_id), outcome });
        byVersion.inc({ event: delivery.event, version: String(delivery.payload_version), outcome });
      }
      const attempt = delivery.attempt_count;
      if (attempt > 1) retries.inc({ attempt: attempt >= MAX_ATTEMPT_LABEL ? `${MAX_ATTEMPT_LABEL}+` : String(attempt), outcome });
      else {
        const queuedAt = delivery.queued_at ?? (delivery.created_at ? Date.parse(delivery.created_at) : NaN);
        if (queuedAt > 0) firstAttempt.observe(Math.max(0, result.startedAt.getTime() - queuedAt) / 1000);
      }
      const event = eventOf.known(delivery.target_id);
      if (event !== undefined) deliveries.inc({ event, outcome });
      else void eventOf(delivery.target_id).then((read) => deliveries.inc({ event: read, outcome }));
    },
    countConversionFailure(event, payloadVersion) {
      unconvertible.inc({ event, version: String(payloadVersion) });
    },
    countOutgoingViolation({ kind, event }) {
      outgoing.inc({ kind, event });
    },
    async scrape() {
      await Promise.all([readQueue(), readEmbedded()]);
      return registry.metrics();
    },
    async snapshot() {
      await Promise.all([readQueue(), readEmbedded()]);
      return registry.getMetricsAsJSON();
    },
  };

  async function readQueue(): Promise<void> {
    const [row] = await scrapes.query<ScrapeRow>(SCRAPE_SQL);
    depth.set(row?.depth ?? 0);
    oldest.set(Math.max(0, Number(row?.oldest ?? 0)));
    circuits.set({ state: 'open' }, row?.open ?? 0);
    circuits.set({ state: 'half-open' }, row?.half_open ?? 0);
    for (const table of HISTORY_TABLES) {
      historyRows.set({ table }, Number(row?.[`${table}_rows`] ?? 0));
      historyBytes.set({ table }, Number(row?.[`${table}_bytes`] ?? 0));
    }
  }
}

/** Gauges of the PGlite thread's memory; returns the function that reads them. */
function embeddedMemoryGauges(registry: Registry, read: () => Promise<EmbeddedMemory>): () => Promise<void> {
  const wasm = new Gauge({
    name: 'clubnotify_pglite_wasm_memory_bytes',
    help: "The embedded database's WebAssembly memory (PostgreSQL's whole address space; it never shrinks).",
    registers: [registry],
  });
  const heap = new Gauge({
    name: 'clubnotify_pglite_thread_heap_bytes',
    help: "The embedded database thread's JavaScript heap, used and total (the nodejs_heap_* figures are the main thread's).",
    labelNames: ['type'],
    registers: [registry],
  });
  return async () => {
    const m = await read();
    wasm.set(m.wasmBytes);
    heap.set({ type: 'used' }, m.heapUsedBytes);
    heap.set({ type: 'total' }, m.heapTotalBytes);
  };
}

const HISTORY_TABLES = ['delivery_history', 'delivery_attempts'] as const;

type ScrapeRow = { depth: number; oldest: number | null; open: number; half_open: number } & Record<
  `${(typeof HISTORY_TABLES)[number]}_${'rows' | 'bytes'}`,
  number | string
>;

// Rows from the statistics (no count of millions of rows per scrape), summed over a partitioned table's
// partitions (migration 102); counted only while none was ever analyzed.
const historySize = (table: string) =>
  `coalesce((SELECT sum(nullif(c.reltuples, -1))::float8 FROM pg_partition_tree('${table}') t JOIN pg_class c ON c.oid = t.relid WHERE t.isleaf),
            (SELECT count(*) FROM ${table})::float8) AS ${table}_rows,
   (SELECT sum(pg_total_relation_size(relid)) FROM pg_partition_tree('${table}') WHERE isleaf)::float8 AS ${table}_bytes`;

// One round trip: the queue (all pending), delivery_targets (one row per target that ever
// failed), and the history's size.
const SCRAPE_SQL = `SELECT q.depth, q.oldest, c.open, c.half_open, ${HISTORY_TABLES.map(historySize).join(', ')}
  FROM (SELECT count(*)::int AS depth, extract(epoch FROM now() - min(created_at))::float8 AS oldest
          FROM deliveries) q,
       (SELECT count(*) FILTER (WHERE circuit_open_until > now())::int AS open,
               count(*) FILTER (WHERE circuit_open_until <= now())::int AS half_open
          FROM delivery_targets) c`;
