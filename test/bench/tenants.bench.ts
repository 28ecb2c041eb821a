/**
 * Many tenants on one service (issue 15): one owner registers 200 URLs that accept the
 * connection and never answer, one event goes to all of them, and meanwhile another owner's
 * healthy targets receive a steady stream and then a burst. Reported: that owner's p99
 * enqueue-to-arrival, and its burst throughput against the same burst with no tarpit (same
 * run, alternating). Production timeout (15 s): the hanging attempts outlast every round.
 * What is queued is handed to the worker once committed, as the server's publishing does.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { MigratableDatabase } from '../../packages/server/src/db/database.js';
import { migrate } from '../../packages/server/src/db/migrate.js';
import { openDatabase } from '../../packages/server/src/db/open.js';
import {
  createDeliveryWorker,
  enqueueDeliveries,
  type DeliveryWorker,
  type OutgoingMessage,
} from '../../packages/server/src/delivery/index.js';
import { percentile, printFigures, printRatios, type Row } from './table.js';
import { tarpit } from '../../packages/server/test/support/tarpit.js';
import { arrivalsReceiver } from './arrivals-receiver.js';

const DEAD = 200;
const HEALTHY = 10;
const BURST = Number(process.env.TENANTS_BENCH_MESSAGES ?? 2000);
const ROUNDS = 3;

interface Target {
  id: string;
  owner: string;
  url: string;
}

async function register(db: MigratableDatabase, owner: string, urls: string[]): Promise<Target[]> {
  await db.query(`INSERT INTO api_keys (id, name, scope, key_hash) VALUES ($1, 'bench', 'subscriber', $2)`, [
    owner,
    randomBytes(16).toString('hex'),
  ]);
  const out: Target[] = [];
  for (const url of urls) {
    const id = `reg_${randomBytes(8).toString('hex')}`;
    await db.query(`INSERT INTO registrations (id, owner_key_id, event, url, secret) VALUES ($1, $2, 'concertAlert', $3, $4)`, [
      id,
      owner,
      url,
      `whsec_${randomBytes(24).toString('base64')}`,
    ]);
    out.push({ id, owner, url });
  }
  return out;
}

const message = (t: Target, body: string): OutgoingMessage => ({
  kind: 'webhook',
  event: 'concertAlert',
  targetId: t.id,
  ownerKeyId: t.owner,
  url: t.url,
  contentType: 'text/plain; charset=utf-8',
  body,
});

/** The healthy owner's burst: deliveries/s from enqueue to the last arrival. */
async function burst(
  db: MigratableDatabase,
  worker: DeliveryWorker,
  healthy: Target[],
  arrivals: Map<string, number>,
  tag: string,
): Promise<number> {
  const bodies = Array.from({ length: BURST }, (_, i) => `${tag} ${i}`);
  const fresh = await db.transaction((tx) =>
    enqueueDeliveries(
      tx,
      bodies.map((b, i) => message(healthy[i % HEALTHY]!, b)),
    ),
  );
  const started = performance.now();
  worker.offer(fresh);
  while (!bodies.every((b) => arrivals.has(b))) await new Promise((r) => setTimeout(r, 5));
  return BURST / ((Math.max(...bodies.map((b) => arrivals.get(b)!)) - started) / 1000);
}

/** One steady stream of 100 single messages at 50/s; returns each enqueue-to-arrival in ms. */
async function stream(
  db: MigratableDatabase,
  worker: DeliveryWorker,
  healthy: Target[],
  arrivals: Map<string, number>,
  tag: string,
): Promise<number[]> {
  const sent = new Map<string, number>();
  for (let i = 0; i < 100; i++) {
    const body = `${tag} ${i}`;
    const fresh = await db.transaction((tx) => enqueueDeliveries(tx, [message(healthy[i % HEALTHY]!, body)]));
    sent.set(body, performance.now());
    worker.offer(fresh);
    await new Promise((r) => setTimeout(r, 20));
  }
  while (![...sent.keys()].every((b) => arrivals.has(b))) await new Promise((r) => setTimeout(r, 5));
  return [...sent].map(([b, at]) => arrivals.get(b)! - at);
}

async function measure(label: string, open: () => Promise<MigratableDatabase>) {
  const r = await arrivalsReceiver();
  const calm: number[] = [];
  const stormy: number[] = [];
  const latency: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const withTarpit of [false, true]) {
      const db = await open();
      const pit = await tarpit();
      await migrate(db);
      const healthy = await register(
        db,
        `key_healthy${round}${withTarpit}`,
        Array.from({ length: HEALTHY }, (_, i) => `http://127.0.0.1:${r.port}/hook?t=${i}`),
      );
      const dead = await register(
        db,
        `key_dead${round}${withTarpit}`,
        Array.from({ length: DEAD }, (_, i) => pit.url(i)),
      );
      const worker = createDeliveryWorker({ db, policy: { allow: ['127.0.0.1/32'] }, concurrency: 64, onError: () => {} });
      worker.start();
      if (withTarpit) {
        worker.offer(
          await db.transaction((tx) =>
            enqueueDeliveries(
              tx,
              dead.map((t) => message(t, 'concert')),
            ),
          ),
        );
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const tag = `${round}${withTarpit}`;
      if (withTarpit) latency.push(...(await stream(db, worker, healthy, r.arrivals, `s${tag}`)));
      (withTarpit ? stormy : calm).push(await burst(db, worker, healthy, r.arrivals, `b${tag}`));
      // The hanging attempts are abandoned with the database (stop() would wait out their timeout).
      void worker.stop().catch(() => {});
      await pit.close().catch(() => {});
      await db.close().catch(() => {});
    }
  }
  await r.close();
  latency.sort((a, b) => a - b);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return {
    row: {
      name: `${label}: healthy owner's deliveries/s beside ${DEAD} hanging targets vs none (${BURST} msgs, median of ${ROUNDS})`,
      ours: median(stormy),
      baseline: median(calm),
      unit: 'req/s',
      better: 'higher',
      goal: '>= 0.8',
    } as Row,
    figures: [
      [`${label}: healthy owner's enqueue-to-arrival p50 beside the tarpit`, percentile(latency, 50), 'ms'],
      [`${label}: healthy owner's enqueue-to-arrival p99 beside the tarpit (goal < 1000)`, percentile(latency, 99), 'ms'],
    ] as Array<[string, number, string]>,
  };
}

export default async function tenantsBench(): Promise<void> {
  const rows: Row[] = [];
  const figures: Array<[string, number, string]> = [];
  // TENANTS_BENCH_PGLITE=false: PostgreSQL only.
  if (process.env.TENANTS_BENCH_PGLITE !== 'false') {
    const dir = await mkdtemp(join(tmpdir(), 'cn-tenants-bench-'));
    try {
      let n = 0;
      const result = await measure('PGlite', () => openDatabase({ dataDir: join(dir, `pglite${n++}`) }));
      rows.push(result.row);
      figures.push(...result.figures);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  if (process.env.DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const names: string[] = [];
    try {
      const result = await measure('PostgreSQL', async () => {
        const name = `cn_tenants_bench_${randomBytes(4).toString('hex')}`;
        names.push(name);
        await admin.query(`CREATE DATABASE ${name}`);
        const url = new URL(process.env.DATABASE_URL!);
        url.pathname = `/${name}`;
        return openDatabase({ url: url.href });
      });
      rows.push(result.row);
      figures.push(...result.figures);
    } finally {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  printRatios('Healthy owner throughput beside a tarpit owner vs alone (same run, alternating)', rows);
  printFigures('Healthy owner latency beside the tarpit', figures);
}
