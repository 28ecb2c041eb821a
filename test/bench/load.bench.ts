/**
 * Load: the real server (`main.ts` as a child process) on loopback, publishing concerts that
 * fan out to 50 receivers for a fixed time, then draining until every message id has
 * arrived. Prints publish rate, deliveries/s, enqueue-to-delivery latency, peak RSS of the
 * server process, and RSS growth over a run of plain API requests; for PGlite, and for
 * PostgreSQL when DATABASE_URL is set. Bounded: LOAD_SECONDS (20) of publishing, at most
 * LOAD_MAX_EVENTS (1500) events, at most 180 s of draining.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { call, send } from '../reliability/support.js';
import { createPgDatabase, newAdminKey, spawnServer, type ServerProcess } from '../reliability/server-process.js';
import { percentile, printFigures, printRatios } from './table.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 20);
const MAX_EVENTS = Number(process.env.LOAD_MAX_EVENTS ?? 1500);
const RECEIVERS = 50;
const PUBLISHERS = 2;
const API_REQUESTS = Number(process.env.LOAD_API_REQUESTS ?? 20_000);

interface Arrivals {
  first: Map<string, number>;
  requests: number;
  /** Publish index of each message, read from the concert title in the body. */
  eventOf: Map<string, number>;
}

async function receivers(arrivals: Arrivals): Promise<{ urls: string[]; close(): Promise<void> }> {
  const servers: Server[] = [];
  for (let i = 0; i < RECEIVERS; i++) {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = req.headers['webhook-id'] as string;
        arrivals.requests++;
        if (!arrivals.first.has(id)) {
          arrivals.first.set(id, Date.now());
          const m = /Load event (\d+)/.exec(Buffer.concat(chunks).toString());
          if (m) arrivals.eventOf.set(id, Number(m[1]));
        }
        res.end('ok');
      });
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
  }
  return {
    urls: servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}/hook`),
    close: async () => {
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => (s.closeAllConnections(), s.close(() => resolve())))));
    },
  };
}

interface Result {
  storage: string;
  events: number;
  publishSeconds: number;
  deliveries: number;
  arrived: number;
  duplicates: number;
  deliverySeconds: number;
  latencies: number[];
  peakRss: number;
  apiRssBefore: number;
  apiRssAfter: number;
}

async function run(storage: string, env: Record<string, string>): Promise<Result> {
  const admin = newAdminKey();
  const arrivals: Arrivals = { first: new Map(), requests: 0, eventOf: new Map() };
  const rs = await receivers(arrivals);
  const server: ServerProcess = await spawnServer({
    ...env,
    ADMIN_API_KEY: admin,
    ALLOW_PRIVATE_TARGETS: '127.0.0.1/32',
    LOG_LEVEL: 'error',
  });
  let peakRss = server.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, server.rss())), 100);
  try {
    for (const url of rs.urls) {
      const res = await call(server.url, 'POST', '/registerForAlert', { key: admin, body: { url } });
      if (res.status !== 200) throw new Error(`registration failed: ${res.status}`);
    }
    // Phase 1: publish for a fixed time.
    const publishedAt: number[] = [];
    const started = Date.now();
    const until = started + SECONDS * 1000;
    let next = 0;
    await Promise.all(
      Array.from({ length: PUBLISHERS }, async () => {
        while (Date.now() < until && next < MAX_EVENTS) {
          const i = next++;
          publishedAt[i] = Date.now();
          const res = await call(server.url, 'POST', '/concerts', {
            key: admin,
            body: { title: `Load event ${i}`, startsAt: '2027-07-01T20:00:00Z', venue: 'Main Hall' },
          });
          if (res.status !== 201) throw new Error(`publish ${i} failed: ${res.status}`);
        }
      }),
    );
    const events = next;
    const publishSeconds = (Date.now() - started) / 1000;
    const deliveries = events * RECEIVERS;
    // Phase 2: wait until every message id has arrived (bounded).
    const drainUntil = Date.now() + 180_000;
    while (arrivals.first.size < deliveries && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
    const ids = new Set<string>();
    let path: string | null = '/deliveries?limit=100';
    while (path) {
      const res = await call(server.url, 'GET', path, { key: admin });
      for (const d of res.body.data as Array<{ messageId: string }>) ids.add(d.messageId);
      path = res.body.data.length > 0 ? res.body.links.next : null;
    }
    const arrived = [...ids].filter((id) => arrivals.first.has(id)).length;
    const last = Math.max(...arrivals.first.values());
    const latencies = [...arrivals.first].map(([id, at]) => at - publishedAt[arrivals.eventOf.get(id)!]!).sort((a, b) => a - b);
    // RSS over plain API traffic once the queue is empty.
    const apiRssBefore = server.rss();
    let n = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (n < API_REQUESTS) {
          n++;
          await send(server.url, { method: 'GET', path: `/items?limit=${(n % 100) + 1}`, headers: { authorization: `Bearer ${admin}` } });
        }
      }),
    );
    const apiRssAfter = server.rss();
    return {
      storage,
      events,
      publishSeconds,
      deliveries: ids.size,
      arrived,
      duplicates: arrivals.requests - arrivals.first.size,
      deliverySeconds: (last - started) / 1000,
      latencies,
      peakRss,
      apiRssBefore,
      apiRssAfter,
    };
  } finally {
    clearInterval(sampler);
    await server.stop();
    await rs.close();
  }
}

function print(r: Result): void {
  const mib = (b: number) => b / 2 ** 20;
  printFigures(`Load on ${r.storage}: ${RECEIVERS} receivers, ${SECONDS} s of publishing`, [
    ['events published', r.events],
    ['publish rate', r.events / r.publishSeconds, 'events/s'],
    ['deliveries expected (events × receivers)', r.events * RECEIVERS],
    ['message ids arrived', `${r.arrived} of ${r.deliveries} (${((100 * r.arrived) / Math.max(1, r.deliveries)).toFixed(2)}%)`],
    ['duplicate requests', r.duplicates],
    ['deliveries/s (first publish to last arrival)', r.arrived / r.deliverySeconds, 'deliveries/s'],
    ['enqueue-to-delivery p50', percentile(r.latencies, 50), 'ms'],
    ['enqueue-to-delivery p95', percentile(r.latencies, 95), 'ms'],
    ['enqueue-to-delivery p99', percentile(r.latencies, 99), 'ms'],
    ['peak RSS of the server', mib(r.peakRss), 'MiB'],
    [
      `RSS over ${API_REQUESTS} API requests`,
      `${mib(r.apiRssBefore).toFixed(0)} -> ${mib(r.apiRssAfter).toFixed(0)} MiB (${((r.apiRssAfter / r.apiRssBefore - 1) * 100).toFixed(1)}%)`,
    ],
  ]);
}

export default async function loadBench(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'cn-load-'));
  const results: Result[] = [];
  try {
    results.push(await run('PGlite', { DATA_DIR: dir }));
    print(results[0]!);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  if (!process.env.DATABASE_URL) {
    console.log('(PostgreSQL skipped: set DATABASE_URL to measure it too)\n');
    return;
  }
  const db = await createPgDatabase('load');
  const pgDir = await mkdtemp(join(tmpdir(), 'cn-load-pg-'));
  try {
    results.push(await run('PostgreSQL', { DATABASE_URL: db.url, DATA_DIR: pgDir }));
    print(results[1]!);
  } finally {
    await db.drop();
    await rm(pgDir, { recursive: true, force: true });
  }
  const [lite, pg] = results as [Result, Result];
  printRatios('PostgreSQL vs PGlite (ours = PostgreSQL, baseline = PGlite)', [
    {
      name: 'publish rate',
      ours: pg.events / pg.publishSeconds,
      baseline: lite.events / lite.publishSeconds,
      unit: 'events/s',
      better: 'higher',
    },
    {
      name: 'deliveries/s',
      ours: pg.arrived / pg.deliverySeconds,
      baseline: lite.arrived / lite.deliverySeconds,
      unit: '/s',
      better: 'higher',
    },
    { name: 'p99 latency', ours: percentile(pg.latencies, 99), baseline: percentile(lite.latencies, 99), unit: 'ms', better: 'lower' },
    { name: 'peak RSS', ours: pg.peakRss / 2 ** 20, baseline: lite.peakRss / 2 ** 20, unit: 'MiB', better: 'lower' },
  ]);
}
