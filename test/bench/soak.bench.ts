/**
 * Soak (issue 29): `npm start` as a child with a short DELIVERY_RETENTION, stock changes
 * published at a constant rate to a few registrations for SOAK_MINUTES, and one sample a
 * minute of what must stay flat: the history's rows (the server's gauge: PostgreSQL's estimate,
 * refreshed by ANALYZE) and bytes, the
 * database's size on disk (pg_database_size on PostgreSQL, the data folder on PGlite), the
 * queue depth and the server process's RSS and heap. Printed as a curve, then the last third
 * against the middle third, and the server's ledger of the soak (issue 48: published = delivered +
 * failed + cancelled + pending + pruned). PostgreSQL when DATABASE_URL is set, PGlite on disk otherwise.
 * SOAK_MINUTES (30), SOAK_RATE (messages/s, 100), SOAK_RETENTION (2m), SOAK_SAMPLE_S (60).
 */
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { call } from '../reliability/support.js';
import { createPgDatabase, newAdminKey, spawnServer, withAdmin } from '../reliability/server-process.js';
import { stockChange } from './peers/message.js';
import type { Ledger } from '../../packages/server/src/delivery/queue/ledger.sql.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const RATE = Number(process.env.SOAK_RATE ?? 100);
const RETENTION = process.env.SOAK_RETENTION ?? '2m';
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_S ?? 60) * 1000;
const REGISTRATIONS = 5;

interface Sample {
  minute: number;
  arrived: number;
  historyRows: number;
  historyMb: number;
  databaseMb: number;
  queue: number;
  rssMb: number;
  heapMb: number;
  /** PGlite only: PostgreSQL's WebAssembly memory and the database thread's JavaScript heap (total). */
  wasmMb: number;
  dbHeapMb: number;
  /** RSS less both threads' heaps (total) and the WebAssembly memory: native allocations, code, stacks. */
  restMb: number;
}

const mb = (bytes: number) => bytes / 1_048_576;

/** Sums every series of a metric in a Prometheus text exposition. */
function metric(text: string, name: string): number {
  let sum = 0;
  for (const line of text.split('\n'))
    if (line.startsWith(`${name} `) || line.startsWith(`${name}{`)) sum += Number(line.split(' ').at(-1));
  return sum;
}

/** One series of a metric, picked by a label (`type="total"`). */
function series(text: string, name: string, label: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(label));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

function startReceiver(onArrival: () => void): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.end();
      onArrival();
    });
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Publishes one stock change every `1000 * REGISTRATIONS / RATE` ms until `until`; a late publish goes at once. Resolves with how many were accepted. */
async function publishSteadily(url: string, admin: string, until: number): Promise<number> {
  const pool = new Pool(url, { connections: 4 });
  const everyMs = (1000 * REGISTRATIONS) / RATE;
  const start = performance.now();
  const inflight = new Set<Promise<unknown>>();
  let accepted = 0;
  for (let i = 0; performance.now() < until; i++) {
    const wait = start + i * everyMs - performance.now();
    if (wait > 0) await sleep(wait);
    const p = pool
      .request({
        method: 'POST',
        path: '/stockChanges',
        body: JSON.stringify(stockChange(i)),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      })
      .then((res) => res.body.text().then(() => (res.statusCode === 200 ? accepted++ : console.error(`publish ${i}: ${res.statusCode}`))));
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  }
  await Promise.all(inflight);
  await pool.close();
  return accepted;
}

/**
 * The server's own books since the soak began (GET /deliveries/summary), once nothing is pending
 * (or a minute after the last publish): they add up, and match what was accepted and what arrived.
 */
async function ledgerLine(url: string, admin: string, since: string, accepted: number, arrived: () => number): Promise<string> {
  const expected = accepted * REGISTRATIONS;
  const read = async () =>
    (await (
      await fetch(`${url}/deliveries/summary?since=${encodeURIComponent(since)}`, { headers: { authorization: `Bearer ${admin}` } })
    ).json()) as Ledger;
  let l = await read();
  for (const until = Date.now() + 60_000; l.pending > 0 && Date.now() < until; l = await read()) await sleep(250);
  const sum = l.delivered + l.failed + l.cancelled + l.pending + l.pruned;
  const adds = sum === l.published ? 'adds up' : `DOES NOT ADD UP (${sum})`;
  return (
    `ledger since the start (GET /deliveries/summary): published ${l.published} = delivered ${l.delivered} + failed ${l.failed} + ` +
    `cancelled ${l.cancelled} + pending ${l.pending} + pruned ${l.pruned}, ${adds}; accepted ${accepted} publishes × ${REGISTRATIONS} ` +
    `registrations = ${expected}; the receiver saw ${arrived()} requests`
  );
}

export default async function soak(): Promise<void> {
  const postgres = process.env.DATABASE_URL ? await createPgDatabase('soak') : undefined;
  const dataDir = await mkdtemp(join(tmpdir(), 'cn-soak-'));
  const admin = newAdminKey();
  let arrived = 0;
  const receiver = await startReceiver(() => arrived++);
  const server = await spawnServer({
    ...(postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir }),
    ADMIN_API_KEY: admin,
    ALLOW_PRIVATE_TARGETS: '127.0.0.1/32',
    DELIVERY_RETENTION: RETENTION,
    LOG_LEVEL: 'error',
    NODE_ENV: 'production',
  });
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  for (let r = 0; r < REGISTRATIONS; r++)
    await call(server.url, 'POST', '/registerForStockUpdates', { key: admin, body: { url: `${receiverUrl}/hook/${r}` } });

  const databaseBytes = async () =>
    postgres
      ? await withAdmin(postgres.url, async (c) => Number((await c.query('SELECT pg_database_size(current_database()) AS n')).rows[0].n))
      : Number(execFileSync('du', ['-sb', dataDir], { encoding: 'utf8' }).split('\t')[0]);
  const sample = async (minute: number): Promise<Sample> => {
    const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${admin}` } })).text();
    const rssMb = mb(server.rss());
    const wasmMb = mb(metric(text, 'clubnotify_pglite_wasm_memory_bytes'));
    const dbHeapMb = mb(series(text, 'clubnotify_pglite_thread_heap_bytes', 'type="total"'));
    const heapTotalMb = mb(metric(text, 'clubnotify_nodejs_heap_size_total_bytes'));
    return {
      minute,
      arrived,
      historyRows: metric(text, 'clubnotify_delivery_history_rows'),
      historyMb: mb(metric(text, 'clubnotify_delivery_history_bytes')),
      databaseMb: mb(await databaseBytes()),
      queue: metric(text, 'clubnotify_delivery_queue_depth'),
      rssMb,
      heapMb: mb(metric(text, 'clubnotify_nodejs_heap_size_used_bytes')),
      wasmMb,
      dbHeapMb,
      restMb: rssMb - heapTotalMb - dbHeapMb - wasmMb,
    };
  };

  const started = performance.now();
  const since = new Date().toISOString();
  const publishing = publishSteadily(server.url, admin, started + MINUTES * 60_000);
  const samples = [await sample(0)];
  for (let k = 1; k * SAMPLE_MS <= MINUTES * 60_000; k++) {
    await sleep(started + k * SAMPLE_MS - performance.now());
    samples.push(await sample((k * SAMPLE_MS) / 60_000));
  }
  const ledger = await ledgerLine(server.url, admin, since, await publishing, () => arrived);
  if (postgres) await printLargestRelations(postgres.url);
  await server.stop();
  receiver.close();
  await postgres?.drop();
  await rm(dataDir, { recursive: true, force: true });
  report(samples, postgres ? 'PostgreSQL' : 'PGlite on disk');
  console.log(`\n${ledger}\n`);
}

/** Where the database's bytes are at the end: its largest tables with their indexes and TOAST. */
async function printLargestRelations(url: string): Promise<void> {
  const rows = await withAdmin(
    url,
    async (c) =>
      (
        await c.query<{ name: string; mb: string; live: string; dead: string }>(
          `SELECT relname AS name, round(pg_total_relation_size(relid) / 1048576.0, 1) AS mb, n_live_tup AS live, n_dead_tup AS dead
         FROM pg_stat_user_tables ORDER BY pg_total_relation_size(relid) DESC LIMIT 8`,
        )
      ).rows,
  );
  console.log('| table (with indexes) | MB | live rows | dead rows |\n|---|---:|---:|---:|');
  for (const r of rows) console.log(`| ${r.name} | ${r.mb} | ${r.live} | ${r.dead} |`);
  console.log('');
}

function report(samples: Sample[], database: string): void {
  console.log(
    `### ${database}: ${RATE} messages/s to ${REGISTRATIONS} registrations for ${MINUTES} min, DELIVERY_RETENTION=${RETENTION}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}\n`,
  );
  const pglite = database !== 'PostgreSQL';
  const f = (n: number) => n.toFixed(1);
  const columns: Array<[string, (s: Sample) => string]> = [
    ['minute', (s) => f(s.minute)],
    ['delivered', (s) => String(s.arrived)],
    ['history rows', (s) => String(s.historyRows)],
    ['history MB', (s) => f(s.historyMb)],
    ['database MB', (s) => f(s.databaseMb)],
    ['queue', (s) => String(s.queue)],
    ['RSS MB', (s) => f(s.rssMb)],
    ['heap MB', (s) => f(s.heapMb)],
    ...(pglite
      ? ([
          ['PGlite wasm MB', (s) => f(s.wasmMb)],
          ['PGlite thread heap MB', (s) => f(s.dbHeapMb)],
        ] as Array<[string, (s: Sample) => string]>)
      : []),
    ['rest MB', (s) => f(s.restMb)],
  ];
  console.log(`| ${columns.map(([name]) => name).join(' | ')} |`);
  console.log(`|${columns.map(() => '---:|').join('')}`);
  for (const s of samples) console.log(`| ${columns.map(([, cell]) => cell(s)).join(' | ')} |`);
  const third = Math.floor(samples.length / 3);
  if (third < 1) return;
  const mean = (xs: Sample[], k: keyof Sample) => xs.reduce((a, s) => a + s[k], 0) / xs.length;
  const middle = samples.slice(third, 2 * third);
  const last = samples.slice(2 * third);
  console.log('\n| measure | middle third (mean) | last third (mean) | ratio (last / middle) |');
  console.log('|---|---:|---:|---:|');
  const measures = [
    'historyRows',
    'databaseMb',
    'rssMb',
    'heapMb',
    ...(pglite ? (['wasmMb', 'dbHeapMb'] as const) : []),
    'restMb',
  ] as const;
  for (const k of measures)
    console.log(`| ${k} | ${f(mean(middle, k))} | ${f(mean(last, k))} | ${(mean(last, k) / mean(middle, k)).toFixed(3)} |`);
  console.log('');
}
