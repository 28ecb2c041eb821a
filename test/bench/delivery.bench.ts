/**
 * Delivery engine: deliveries/s to a loopback receiver through the durable queue (claim,
 * sign, send, record) vs a bare undici POST loop with no persistence, same receiver, same
 * concurrency, same run; for PGlite on disk and, with DATABASE_URL, PostgreSQL. Then
 * enqueue-to-delivery latency at a steady rate. Bounded: a few thousand requests each.
 * With OTEL_* variables (an OTLP endpoint) the run traces: each batch is queued inside a
 * publish span, so every attempt's span continues it and goes out with a traceparent; start
 * `tsx test/bench/otlp-sink.ts` for a collector to export to, and compare with a run without.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Agent, request } from 'undici';
import type { MigratableDatabase } from '../../packages/server/src/db/database.js';
import { migrate } from '../../packages/server/src/db/migrate.js';
import { openDatabase } from '../../packages/server/src/db/open.js';
import {
  createDeliveryWorker,
  enqueueDeliveries,
  type DeliveryWorkerOptions,
  type OutgoingMessage,
} from '../../packages/server/src/delivery/index.js';
import { insertDeliveries } from '../../packages/server/src/delivery/queue/insert.sql.js';
import { startTelemetry } from '../../packages/server/src/telemetry/sdk.js';
import { headersOf } from '../../packages/server/src/telemetry/trace-context.js';
import { tracer } from '../../packages/server/src/telemetry/tracer.js';
import { percentile, printFigures, printRatios, type Row } from './table.js';
import { arrivalsReceiver } from './arrivals-receiver.js';

const MESSAGES = Number(process.env.DELIVERY_BENCH_MESSAGES ?? 3000);
const ROUNDS = 5;
// PGlite's WebAssembly and both JITs take a few thousand deliveries to reach steady speed.
const WARM_UP_ROUNDS = 2;
const TARGETS = 10;
const PER_TARGET = 4;
const CONCURRENCY = TARGETS * PER_TARGET;

async function bareLoop(url: string, total: number): Promise<number> {
  const agent = new Agent({ connections: PER_TARGET * TARGETS });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const i = next++;
        const res = await request(url, {
          method: 'POST',
          dispatcher: agent,
          body: `bare ${i}`,
          headers: { 'content-type': 'text/plain; charset=utf-8' },
        });
        await res.body.dump();
      }
    }),
  );
  const rate = total / ((performance.now() - started) / 1000);
  await agent.close();
  return rate;
}

async function targets(db: MigratableDatabase, url: string) {
  const owner = `key_${randomBytes(6).toString('hex')}`;
  await db.query(`INSERT INTO api_keys (id, name, scope, key_hash) VALUES ($1, 'bench', 'subscriber', $2)`, [
    owner,
    randomBytes(16).toString('hex'),
  ]);
  const ids: string[] = [];
  for (let i = 0; i < TARGETS; i++) {
    const id = `reg_${randomBytes(8).toString('hex')}`;
    await db.query(`INSERT INTO registrations (id, owner_key_id, event, url, secret) VALUES ($1, $2, 'concertAlert', $3, $4)`, [
      id,
      owner,
      `${url}?t=${i}`,
      `whsec_${randomBytes(24).toString('base64')}`,
    ]);
    ids.push(id);
  }
  return ids.map((id) => ({ id, owner }));
}

const POSTGRES_VARIANTS: Variant[] = [{ label: 'PostgreSQL' }];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const message = (t: { id: string; owner: string }, url: string, body: string): OutgoingMessage => ({
  kind: 'webhook',
  event: 'concertAlert',
  targetId: t.id,
  ownerKeyId: t.owner,
  url,
  contentType: 'text/plain; charset=utf-8',
  body,
});

/** Queues messages in one transaction, inside a publish span whose context they keep (a no-op span when tracing is off). */
function publish(db: MigratableDatabase, messages: OutgoingMessage[]): Promise<unknown> {
  return tracer().startActiveSpan('publish', async (span) => {
    const trace = headersOf(span);
    await db.transaction((tx) => (trace ? insertDeliveries(tx, messages, trace) : enqueueDeliveries(tx, messages)));
    span.end();
  });
}

/** A worker configuration measured against the same bare loop, round by round. */
interface Variant {
  label: string;
  options?: Partial<DeliveryWorkerOptions>;
}

type Result = { rows: Row[]; latency: Array<[string, number, string]> };

async function measure(db: MigratableDatabase, variants: Variant[]): Promise<Result> {
  await migrate(db);
  const r = await arrivalsReceiver();
  const ts = await targets(db, r.url);
  await bareLoop(r.url, 300); // warm-up
  const start = (v: Variant) => {
    const worker = createDeliveryWorker({
      db,
      policy: { allow: ['127.0.0.1/32'] },
      perTargetConcurrency: PER_TARGET,
      concurrency: CONCURRENCY,
      pollMs: 20,
      onError: () => {},
      ...v.options,
    });
    worker.start();
    return worker;
  };
  // Rounds alternate so every side sees the same machine; the median round of each is kept.
  const baseline: number[] = [];
  const ours = variants.map((): number[] => []);
  for (let round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
    const bare = await bareLoop(r.url, MESSAGES);
    for (const [v, variant] of variants.entries()) {
      const worker = start(variant);
      await publish(
        db,
        Array.from({ length: MESSAGES }, (_, i) => message(ts[i % TARGETS]!, r.url, `queued ${round} ${v} ${i}`)),
      );
      const started = performance.now();
      worker.wake();
      await worker.drained({ timeoutMs: 300_000 });
      if (round >= WARM_UP_ROUNDS) ours[v]!.push(MESSAGES / ((performance.now() - started) / 1000));
      await worker.stop();
    }
    if (round >= WARM_UP_ROUNDS) baseline.push(bare);
  }
  const latency: Array<[string, number, string]> = [];
  for (const [v, variant] of variants.entries()) {
    const lat = await steadyLatency(db, start(variant), ts, r, v);
    latency.push(
      [`${variant.label}: enqueue-to-delivery p50 (woken)`, percentile(lat, 50), 'ms'],
      [`${variant.label}: enqueue-to-delivery p99 (woken)`, percentile(lat, 99), 'ms'],
    );
  }
  await r.close();
  const rows = variants.map((variant, v): Row => ({
    name: `${variant.label}: deliveries/s (${MESSAGES} msgs, ${CONCURRENCY} in flight, median of ${ROUNDS})`,
    ours: median(ours[v]!),
    baseline: median(baseline),
    unit: 'req/s',
    better: 'higher',
    goal: '>= 0.5',
  }));
  return { rows, latency };
}

/** Enqueue-to-delivery latencies (sorted): one message per transaction at a steady 100/s, as a publisher would. */
async function steadyLatency(
  db: MigratableDatabase,
  worker: ReturnType<typeof createDeliveryWorker>,
  ts: Array<{ id: string; owner: string }>,
  r: Awaited<ReturnType<typeof arrivalsReceiver>>,
  tag: number,
): Promise<number[]> {
  const sent = new Map<string, number>();
  for (let i = 0; i < 300; i++) {
    const body = `latency ${tag} ${i}`;
    await publish(db, [message(ts[i % TARGETS]!, r.url, body)]);
    sent.set(body, performance.now());
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await worker.drained();
  await worker.stop();
  return [...sent].map(([body, at]) => r.arrivals.get(body)! - at).sort((a, b) => a - b);
}

export default async function deliveryBench(): Promise<void> {
  const telemetry = await startTelemetry(process.env);
  console.log(
    telemetry ? `tracing on: spans exported to ${process.env.OTEL_EXPORTER_OTLP_ENDPOINT ?? 'the OTEL_* exporter'}` : 'tracing off',
  );
  const rows: Row[] = [];
  const figures: Array<[string, number, string]> = [];
  // DELIVERY_BENCH_PGLITE=false: PostgreSQL only.
  if (process.env.DELIVERY_BENCH_PGLITE !== 'false') {
    const dir = await mkdtemp(join(tmpdir(), 'cn-delivery-bench-'));
    try {
      const db = await openDatabase({ dataDir: join(dir, 'pglite') });
      const result = await measure(db, [{ label: 'PGlite (on disk)' }]);
      await db.close();
      rows.push(...result.rows);
      figures.push(...result.latency);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  if (process.env.DATABASE_URL) {
    const name = `cn_delivery_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    try {
      const db = await openDatabase({ url: url.href });
      const result = await measure(db, POSTGRES_VARIANTS);
      await db.close();
      rows.push(...result.rows);
      figures.push(...result.latency);
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  printRatios('Delivery throughput: durable queue vs bare undici POST loop (same receiver, same run)', rows);
  printFigures('Enqueue-to-delivery latency', figures);
  await telemetry?.shutdown();
}
