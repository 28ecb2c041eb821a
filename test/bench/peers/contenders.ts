import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { Pool } from 'undici';
import { call } from '../../reliability/support.js';
import { createPgDatabase, newAdminKey, spawnServer } from '../../reliability/server-process.js';
import { backendsOf, CpuMeter } from './cpu.js';
import { stockChange, type Registration, type StockChange } from './message.js';
import { spawnPeer, spawnRedis, type Child } from './processes.js';

/** Publish requests in flight from the bench to a contender. */
export const PUBLISHERS = 8;

export interface Contender {
  name: string;
  /** The service process(es). */
  service: CpuMeter;
  /** The database process(es), when apart from the service. */
  database?: CpuMeter;
  /** Points `count` registrations at the receiver; `inflight` is the worker's limit. */
  setup(urls: string[], inflight: number): Promise<void>;
  /** POST /stockChanges for the i-th event of a round; resolves when it has been answered 200. */
  publish(i: number): Promise<void>;
  stop(): Promise<void>;
}

function publisher(url: string, headers: Record<string, string>, change: (i: number) => StockChange = stockChange) {
  const pool = new Pool(url, { connections: PUBLISHERS });
  return {
    async publish(i: number) {
      const res = await pool.request({
        method: 'POST',
        path: '/stockChanges',
        body: JSON.stringify(change(i)),
        headers: { 'content-type': 'application/json', ...headers },
      });
      const text = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`publish ${i}: ${res.statusCode} ${text}`);
    },
    close: () => pool.close(),
  };
}

/**
 * With autovacuum off (as on the shared test cluster), nothing vacuums graphile-worker's jobs
 * table: its dead rows pile up and its database CPU a message doubles (ours vacuums its queue itself).
 */
export async function autovacuumWarning(): Promise<string> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ autovacuum: string }>('SHOW autovacuum');
  await client.end();
  return rows[0]?.autovacuum === 'on'
    ? ''
    : 'autovacuum is off on this PostgreSQL: no peer table is vacuumed, so graphile-worker pays for its dead rows\n';
}

/** A PostgreSQL scratch database (`migrated`: every migration applied), its backends' CPU measured through /proc. */
export async function scratchDatabase(area: string, migrated = false) {
  const db = await createPgDatabase(area, { migrated });
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  await client.end();
  const postmaster = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  return { ...db, meter: () => new CpuMeter(() => backendsOf(postmaster, db.name)) };
}

/** How a variant of ours differs from the plain run (peers/variants.ts). */
export interface Variant {
  /** DATA_DIR, prepared by the variant (removed on stop); default a new empty folder. */
  dataDir?: string;
  /** Fields every registration carries besides `url` (`payloadVersion`). */
  register?: Record<string, unknown>;
  /** The body of the i-th publish; default {@link stockChange}. */
  change?: (i: number) => StockChange;
}

/**
 * Our server (`main.ts` as a child process) on PGlite, or on PostgreSQL with `database`;
 * from another clone or worktree with `checkout` (an A/B of two versions in one run).
 */
export async function ours(
  name: string,
  database?: Awaited<ReturnType<typeof scratchDatabase>>,
  checkout?: string,
  variant: Variant = {},
): Promise<Contender> {
  const admin = newAdminKey();
  const dataDir = variant.dataDir ?? (await mkdtemp(join(tmpdir(), 'cn-peers-')));
  const server = await spawnServer(
    {
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      ADMIN_API_KEY: admin,
      ALLOW_PRIVATE_TARGETS: '127.0.0.1/32',
      LOG_LEVEL: 'error',
      NODE_ENV: process.env.PEERS_NODE_ENV ?? 'production',
      // PEERS_CPU_PROF=<dir>: a V8 CPU profile of our service per contender, written when it stops.
    },
    { nodeArgs: process.env.PEERS_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PEERS_CPU_PROF}`] : [], checkout },
  );
  const client = publisher(server.url, { authorization: `Bearer ${admin}` }, variant.change);
  const registered = new Set<string>();
  return {
    name,
    service: new CpuMeter(() => [server.child.pid!]),
    database: database?.meter(),
    // The server's worker runs 64 attempts in flight, 4 per target: 40 for 10 targets, 64 for 50.
    async setup(urls) {
      for (const url of urls.filter((u) => !registered.has(u))) {
        const res = await call(server.url, 'POST', '/registerForStockUpdates', { key: admin, body: { url, ...variant.register } });
        if (res.status !== 200) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.body)}`);
        registered.add(url);
      }
    },
    publish: (i) => client.publish(i),
    async stop() {
      await client.close();
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A peer service from peers/<file>, with its backing store's processes. */
export async function peer(
  name: string,
  file: string,
  env: Record<string, string>,
  database?: CpuMeter,
  store?: Child,
): Promise<Contender> {
  const service = await spawnPeer(file, env);
  const client = publisher(service.url, {});
  return {
    name,
    service: new CpuMeter(() => [service.pid]),
    database: database ?? (store ? new CpuMeter(() => [store.pid]) : undefined),
    async setup(urls, inflight) {
      const registrations: Registration[] = urls.map((url) => ({
        id: `reg_${randomBytes(8).toString('hex')}`,
        url,
        secret: `whsec_${randomBytes(24).toString('base64')}`,
      }));
      const res = await fetch(`${service.url}/setup`, { method: 'POST', body: JSON.stringify({ registrations, inflight }) });
      if (res.status !== 204) throw new Error(`${name} setup: ${res.status} ${await res.text()}`);
    },
    publish: (i) => client.publish(i),
    async stop() {
      await client.close();
      await service.stop();
      await store?.stop();
    },
  };
}

export const bullmqName = (durable: boolean) => (durable ? 'BullMQ, Redis appendfsync always' : 'BullMQ, Redis without persistence');

export async function bullmq(durable: boolean): Promise<Contender> {
  const redis = await spawnRedis(durable);
  return peer(bullmqName(durable), './bullmq-service.ts', { REDIS_URL: redis.url }, undefined, redis);
}
