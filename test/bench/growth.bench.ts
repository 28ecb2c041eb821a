/**
 * History growth (issue 35): the same server on a database with N delivered messages of
 * history and on an empty reference database, side by side, rounds interleaved. Reported:
 * publish-to-delivery throughput, paced enqueue-to-arrival p99 (each server in its turn, and both
 * in one paced stream that alternates between them every second, so both meet the same load of
 * the machine), the reads an operator makes
 * (one target with health, the console's targets view, failed deliveries, a test event) and
 * delivery p99 while the console's views and one GET per target are read in a loop.
 * PostgreSQL when DATABASE_URL is set (5,000,000 messages), PGlite otherwise (1,000,000);
 * GROWTH_HISTORY=200000 for a smaller history, GROWTH_ROUNDS for more or fewer rounds (an even
 * count: the servers take turns going first). A p99 is of the rounds' arrivals pooled (1,200 at
 * the defaults): the median of per-round p99s (each the 3rd slowest of 300) read 1.07 to 1.47
 * in four runs of the same code, and one server's rounds 9 to 25 ms within a run.
 * Beside the timings, what a message cost each server (growth-costs.ts): the bench process's CPU
 * and, on PostgreSQL, its database backends' CPU and shared-buffer accesses; wall-clock ratios
 * swing with the machine's load, these much less. GROWTH_EXPLAIN=0.05 logs that share of both
 * databases' statements with their plans, buffers and WAL (auto_explain, the PostgreSQL log).
 * The history spans GROWTH_DAYS UTC days (default 30, the default retention), each its own
 * partition filled before its indexes are built; after the rounds, the database's size and the
 * time retention takes to drop the oldest day against deleting rows in its batches (issue 52).
 */
import { randomBytes } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { loadConfig, startServer, type RunningServer } from '../../packages/server/src/index.js';
import { PRUNE_BATCH } from '../../packages/server/src/delivery/upkeep/retention.js';
import { dropExpiredPartition, pruneHistoryBatch, SHORT_RETENTION_MS } from '../../packages/server/src/delivery/upkeep/prune.sql.js';
import { fillDeliveredHistory } from '../../packages/server/test/support/fill-history.js';
import { consoleReads, startReaders } from '../../packages/server/test/support/readers-thread.js';
import { createScratchPostgres } from '../../packages/server/test/support/scratch-postgres.js';
import { costMeter, logPlans, type CostMeter, type PhaseCost } from './growth-costs.js';
import { percentile, printFigures, printRatios, type Row } from './table.js';

const POSTGRES = Boolean(process.env.DATABASE_URL);
const HISTORY = Number(process.env.GROWTH_HISTORY ?? (POSTGRES ? 5_000_000 : 1_000_000));
const ROUNDS = Number(process.env.GROWTH_ROUNDS ?? 4);
const DAYS = Number(process.env.GROWTH_DAYS ?? 30);
const BURST = 1_000;
const PACED = Number(process.env.GROWTH_PACED ?? 300);
const RATE = 50;
const READS = 20;
const SLOWEST = Number(process.env.GROWTH_SLOWEST ?? 0);
const SLICE_S = 1;
const DRINKS = ['mojito', 'caipirinha', 'old_fashioned', 'negroni', 'espresso_martini', 'margarita', 'daiquiri', 'pale_ale', 'cola'];
const INGREDIENTS = ['mint', 'lime', 'bourbon', 'gin', 'campari', 'coffee_beans', 'tequila', 'white_rum', 'lemon'];

type Json = Record<string, any>;

interface Site {
  name: string;
  server: RunningServer;
  base: string;
  key: string;
  targetId: string;
  ownerKeyId: string;
  registrationIds: string[];
  /** The PostgreSQL database's name (undefined on PGlite). */
  db: string | undefined;
  close(): Promise<void>;
}

/** One receiver for both servers: the drink's stock carries the message's index, the ingredient's the round. */
const arrivals = new Map<string, number>();
/** Distinct messages arrived, by round, and who waits for a round's count. */
const arrivedCount = new Map<number, number>();
const waiters = new Map<number, { count: number; resolve(): void }>();
const receiver: Server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as Json;
    const round = body.ingredient.stock as number;
    const key = `${round}/${body.drink.stock as number}`;
    const first = !arrivals.has(key); // sent again (at least once): the first arrival counts
    if (first) arrivals.set(key, performance.now());
    res.end();
    if (!first) return;
    const n = (arrivedCount.get(round) ?? 0) + 1;
    arrivedCount.set(round, n);
    const waiter = waiters.get(round);
    if (waiter && n >= waiter.count) waiter.resolve();
  });
});
receiver.keepAliveTimeout = 60_000;

async function startSite(name: string, history: number, receiverUrl: string): Promise<Site> {
  const key = `cn_${randomBytes(32).toString('base64url')}`;
  const scratch = POSTGRES ? await createScratchPostgres(`cn_growth_${name}`) : undefined;
  if (scratch && process.env.GROWTH_EXPLAIN) await logPlans(process.env.DATABASE_URL!, scratch.url, Number(process.env.GROWTH_EXPLAIN));
  const server = await startServer(
    loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: 'memory://' }),
      ADMIN_API_KEY: key,
      ALLOW_PRIVATE_TARGETS: '127.0.0.1/32',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '1000000',
      NODE_ENV: 'production',
    }),
  );
  const base = server.url.replace('localhost', '127.0.0.1');
  const post = async (path: string, body: unknown) =>
    (await (
      await fetch(base + path, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json()) as Json;
  const target = await post('/registerForStockUpdates', { url: receiverUrl });
  const registrationIds = [target.id as string];
  for (let i = 0; i < 29; i++) registrationIds.push((await post('/registerForAlert', { url: `https://hooks.example.com/g${i}` })).id);
  if (history > 0) {
    const started = performance.now();
    await fillDeliveredHistory(server.db, {
      messages: history,
      targets: registrationIds,
      ownerKeyId: target.ownerKeyId,
      spanMs: DAYS * 86_400_000,
      dayPartitions: true,
    });
    await settleHistory(server);
    console.log(
      `${name}: ${history.toLocaleString('en')} delivered messages written and settled in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return {
    name,
    server,
    base,
    key,
    targetId: target.id,
    ownerKeyId: target.ownerKeyId,
    registrationIds,
    db: scratch ? new URL(scratch.url).pathname.slice(1) : undefined,
    async close() {
      await server.close();
      await scratch?.drop();
    },
  };
}

/**
 * Leaves the filled history as a history that grew over days is: vacuumed (the visibility map
 * and hint bits set, as autovacuum's insert rule leaves it on PostgreSQL and the pruner on PGlite),
 * its statistics taken, and its writes checkpointed. Without this the rounds began seconds after
 * a gigabyte was written, while it was still being checkpointed and written back to the disk the
 * commits of both servers wait on. Only the history's tables: the others are alike on both
 * servers, and their statistics are the engine's business on both (a database-wide ANALYZE here
 * gave the queue and the small tables statistics the empty server never had, so plans differed).
 */
async function settleHistory(server: RunningServer): Promise<void> {
  await server.db.query('VACUUM (ANALYZE) delivery_history, delivery_attempts');
  await server.db.query('CHECKPOINT');
}

let roundNo = 0;
let meter: CostMeter;
const publish = (site: Site, round: number, i: number) =>
  fetch(`${site.base}/stockChanges`, {
    method: 'POST',
    headers: { authorization: `Bearer ${site.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      drink: { id: `itm_${DRINKS[i % DRINKS.length]}`, stock: i },
      ingredient: { id: `itm_${INGREDIENTS[i % INGREDIENTS.length]}`, stock: round },
    }),
  }).then(async (res) => (await res.arrayBuffer(), res.status));

/** Resolves once `count` distinct messages of `round` arrived (several rounds may be awaited at once). */
const arrived = (round: number, count: number) =>
  new Promise<void>((resolve) => {
    if ((arrivedCount.get(round) ?? 0) >= count) return resolve();
    waiters.set(round, { count, resolve });
  });

/** BURST stock changes, 16 at a time: delivered messages per second from the first publish to the last arrival. */
async function throughput(site: Site, costs?: PhaseCost[]): Promise<number> {
  const round = ++roundNo;
  const before = await meter.snapshot();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < BURST) await publish(site, round, next++);
    }),
  );
  await arrived(round, BURST);
  costs?.push(meter.cost(before, await meter.snapshot(), site.db, BURST));
  const last = Math.max(...Array.from({ length: BURST }, (_, i) => arrivals.get(`${round}/${i}`)!));
  return (BURST * 1000) / (last - started);
}

/**
 * PACED stock changes a site at RATE a second: p99 from each one's scheduled time to its
 * arrival, and refused publishes. With two sites the stream alternates between them in slices of
 * `slice` messages (one second at RATE), so both are measured under the same load of the machine.
 */
async function paced(sites: Site[], slice = RATE * SLICE_S): Promise<Array<PacedRound & { refused: number }>> {
  const rounds = sites.map(() => ++roundNo);
  const scheduled: number[][] = sites.map(() => []);
  const sent: number[][] = sites.map(() => []);
  const answered: number[][] = sites.map(() => []);
  const statuses: Array<Promise<number>[]> = sites.map(() => []);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const start = performance.now() + 20;
  const turns = sliceTurns(sites.length, slice);
  for (let i = 0; i < turns.length; i++) {
    const s = turns[i]!;
    const j = scheduled[s]!.length;
    scheduled[s]![j] = start + (i * 1000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, scheduled[s]![j]! - performance.now())));
    sent[s]![j] = performance.now();
    statuses[s]!.push(publish(sites[s]!, rounds[s]!, j).finally(() => (answered[s]![j] = performance.now())));
  }
  const refused = await Promise.all(statuses.map(async (st) => (await Promise.all(st)).filter((status) => status >= 300).length));
  await Promise.all(rounds.map((round) => arrived(round, PACED)));
  loop.disable();
  return sites.map((site, s) => {
    const round = rounds[s]!;
    const latencies = scheduled[s]!.map((at, i) => arrivals.get(`${round}/${i}`)! - at);
    if (SLOWEST) printSlowest(site, round, latencies, { scheduled: scheduled[s]!, sent: sent[s]!, answered: answered[s]! }, loop);
    if (process.env.GROWTH_LATENCIES)
      appendFileSync(
        process.env.GROWTH_LATENCIES,
        `${JSON.stringify({ site: site.name, round, alternating: sites.length > 1, latencies })}\n`,
      );
    return { p99: p99Of(latencies), latencies, refused: refused[s]! };
  });
}

/** Which site each message of a paced stream goes to: PACED each, in turns of `slice` (the last one shorter). */
function sliceTurns(sites: number, slice: number): number[] {
  const turns: number[] = [];
  for (let from = 0; from < PACED; from += slice)
    for (let s = 0; s < sites; s++) turns.push(...Array<number>(Math.min(slice, PACED - from)).fill(s));
  return turns;
}

/**
 * GROWTH_SLOWEST=n: where a paced round's n slowest arrivals spent their time (the publish's
 * start late on its schedule, its answer, from the answer to the arrival) and the bench
 * process's event-loop delay over the round (both servers, the receiver and PGlite share it).
 */
function printSlowest(
  site: Site,
  round: number,
  latencies: number[],
  at: { scheduled: number[]; sent: number[]; answered: number[] },
  loop: IntervalHistogram,
): void {
  const ms = (n: number) => n.toFixed(1);
  const order = latencies.map((_, i) => i).sort((a, b) => latencies[b]! - latencies[a]!);
  const slow = order.slice(0, SLOWEST).map((i) => {
    const arrival = arrivals.get(`${round}/${i}`)!;
    return `#${i} ${ms(latencies[i]!)} = late ${ms(at.sent[i]! - at.scheduled[i]!)} + answer ${ms(at.answered[i]! - at.sent[i]!)} + ${ms(arrival - at.answered[i]!)}`;
  });
  const lag = (p: number) => ms(loop.percentile(p) / 1e6);
  console.log(`${site.name} round ${round}: loop delay p50 ${lag(50)} p99 ${lag(99)} max ${ms(loop.max / 1e6)} ms; ${slow.join('; ')}`);
}

/** Median time to answer each operator read, READS times each. */
async function readTimings(site: Site): Promise<Record<string, number>> {
  const time = async (method: string, paths: string[]) => {
    const times: number[] = [];
    for (let i = 0; i < READS; i++) {
      const started = performance.now();
      await Promise.all(
        paths.map(async (path) => {
          const res = await fetch(site.base + path, { method, headers: { authorization: `Bearer ${site.key}` } });
          await res.arrayBuffer();
          if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status}`);
        }),
      );
      times.push(performance.now() - started);
    }
    return percentile(
      times.sort((a, b) => a - b),
      50,
    );
  };
  return {
    'GET /registrations/{id}': await time('GET', [`/registrations/${site.targetId}`]),
    'console targets view (2 lists, include=health)': await time('GET', [
      '/registrations?limit=50&include=health',
      '/concertUpdates?limit=50&include=health',
    ]),
    'GET /deliveries?status=failed': await time('GET', ['/deliveries?status=failed&limit=20']),
    "GET /deliveries?ownerKeyId= (an owner's log)": await time('GET', [`/deliveries?ownerKeyId=${site.ownerKeyId}`]),
    'POST /registrations/{id}/test': await time('POST', [`/registrations/${site.targetId}/test`]),
  };
}

interface PacedRound {
  p99: number;
  /** Each message's enqueue-to-arrival time, in ms. */
  latencies: number[];
}

const p99Of = (latencies: number[]) =>
  percentile(
    [...latencies].sort((a, b) => a - b),
    99,
  );
/** The p99 of every arrival of the rounds together. */
const pooled = (rounds: PacedRound[]) => p99Of(rounds.flatMap((r) => r.latencies));

/** The middle value, or the mean of the two middle values of an even count (the upper one alone favoured the slower rounds). */
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export default async function growth(): Promise<void> {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/stock`;
  const storage = POSTGRES ? 'PostgreSQL' : 'PGlite';
  console.log(`${storage}, ${HISTORY.toLocaleString('en')} delivered messages of history against an empty database, ${ROUNDS} rounds\n`);
  if (ROUNDS % 2) console.log(`(an odd count of rounds: the server with history goes first in ${(ROUNDS + 1) / 2} of them)\n`);
  meter = await costMeter(process.env.DATABASE_URL);
  const grown = await startSite('history', HISTORY, receiverUrl);
  const empty = await startSite('empty', 0, receiverUrl);
  try {
    const results = new Map<
      Site,
      {
        throughput: number[];
        quiet: PacedRound[];
        slices: PacedRound[];
        busy: PacedRound[];
        refused: number;
        costs: PhaseCost[];
        buffers: number;
      }
    >([grown, empty].map((s) => [s, { throughput: [], quiet: [], slices: [], busy: [], refused: 0, costs: [], buffers: 0 }]));
    for (const site of [grown, empty]) await throughput(site); // warm-up
    await statsReported();
    for (const site of [grown, empty]) results.get(site)!.buffers = -(await meter.buffers(site.db ?? ''));
    let delivered = 0;
    for (let r = 0; r < ROUNDS; r++) {
      const order = r % 2 === 0 ? [grown, empty] : [empty, grown];
      // Bursts in mirrored order (A B B A): a drift of the machine within the round, or work left
      // behind by the phase before (the first burst of a round followed the alternating stream),
      // falls on both servers alike. With one burst each in alternating order, the quiet 5M run's
      // ratio was 0.85–0.96 in the rounds the grown server went first, 0.93–1.03 when it went second.
      for (const site of [...order, ...order.toReversed()]) {
        const result = results.get(site)!;
        result.throughput.push(await throughput(site, result.costs));
      }
      for (const site of order) {
        const result = results.get(site)!;
        const [quiet] = await paced([site]);
        result.quiet.push(quiet!);
        const readers = await startReaders(site.base, site.key, consoleReads(site.registrationIds));
        const [busy] = await paced([site]);
        await readers.stop();
        result.busy.push(busy!);
        result.refused += quiet!.refused + busy!.refused;
      }
      const together = await paced(order);
      order.forEach((site, s) => {
        results.get(site)!.slices.push(together[s]!);
        results.get(site)!.refused += together[s]!.refused;
      });
      delivered += 2 * BURST + 3 * PACED;
    }
    await statsReported();
    for (const site of [grown, empty]) results.get(site)!.buffers += await meter.buffers(site.db ?? '');
    const [g, e] = [results.get(grown)!, results.get(empty)!];
    const rows: Row[] = [
      {
        name: 'publish-to-delivery throughput',
        ours: median(g.throughput),
        baseline: median(e.throughput),
        unit: 'msg/s',
        better: 'higher',
      },
      {
        name: `enqueue-to-arrival p99 at ${RATE}/s, each server in its turn`,
        ours: pooled(g.quiet),
        baseline: pooled(e.quiet),
        unit: 'ms',
        better: 'lower',
      },
      {
        name: `the same, both servers in alternating ${SLICE_S} s slices`,
        ours: pooled(g.slices),
        baseline: pooled(e.slices),
        unit: 'ms',
        better: 'lower',
      },
      { name: 'the same under console readers', ours: pooled(g.busy), baseline: pooled(e.busy), unit: 'ms', better: 'lower' },
    ];
    const cost = (c: PhaseCost[], key: keyof PhaseCost) => median(c.map((x) => x[key]));
    const costRows: Row[] = [
      {
        name: 'bench process CPU a message (throughput phase)',
        ours: cost(g.costs, 'nodeUs'),
        baseline: cost(e.costs, 'nodeUs'),
        unit: 'µs',
        better: 'lower',
      },
      {
        name: 'database CPU a message (throughput phase)',
        ours: cost(g.costs, 'dbUs'),
        baseline: cost(e.costs, 'dbUs'),
        unit: 'µs',
        better: 'lower',
      },
      {
        name: 'shared buffers a message (all rounds, readers too)',
        ours: g.buffers / delivered,
        baseline: e.buffers / delivered,
        unit: '',
        better: 'lower',
      },
    ];
    rows.push(...costRows.filter((row) => !Number.isNaN(row.ours))); // PGlite: the database is in the bench process
    const [gr, er] = [await readTimings(grown), await readTimings(empty)];
    for (const name of Object.keys(gr)) rows.push({ name, ours: gr[name]!, baseline: er[name]!, unit: 'ms', better: 'lower' });
    const [gs, es] = [await databaseMb(grown), await databaseMb(empty)];
    rows.push({ name: 'database size', ours: gs, baseline: es, unit: 'MB', better: 'lower' });
    printRatios(
      `${storage}: with ${HISTORY.toLocaleString('en')} delivered messages (ours) against an empty database (baseline): medians of the rounds, p99s of their arrivals pooled`,
      rows,
    );
    printFigures('per round', [
      ['throughput with history', g.throughput.map(Math.round).join(', '), 'msg/s'],
      ['throughput empty', e.throughput.map(Math.round).join(', '), 'msg/s'],
      ['p99 with history, without / with readers', `${perRoundP99(g.quiet)} / ${perRoundP99(g.busy)}`, 'ms'],
      ['p99 empty, without / with readers', `${perRoundP99(e.quiet)} / ${perRoundP99(e.busy)}`, 'ms'],
      ['p99 in alternating slices with history / empty', `${perRoundP99(g.slices)} / ${perRoundP99(e.slices)}`, 'ms'],
      ['publishes refused', g.refused + e.refused],
      ['bench CPU a message with history / empty', `${perRound(g.costs, 'nodeUs')} / ${perRound(e.costs, 'nodeUs')}`, 'µs'],
      ...(POSTGRES
        ? [
            ['database CPU a message with history / empty', `${perRound(g.costs, 'dbUs')} / ${perRound(e.costs, 'dbUs')}`, 'µs'] as [
              string,
              string,
              string,
            ],
          ]
        : []),
      ['machine busy with history / empty', `${perRound(g.costs, 'busyPct')} / ${perRound(e.costs, 'busyPct')}`, '%'],
      ['iowait with history / empty', `${perRound(g.costs, 'iowaitPct')} / ${perRound(e.costs, 'iowaitPct')}`, '%'],
    ]);
    if (HISTORY > 0) printFigures('retention with history', await retentionTimings(grown));
  } finally {
    await grown.close();
    await empty.close();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
    await meter.close();
  }
}

/** The whole database's size (PGlite's too: it is PostgreSQL). */
async function databaseMb(site: Site): Promise<number> {
  const [row] = await site.server.db.query<{ mb: number }>(`SELECT pg_database_size(current_database())::float8 / 1048576 AS mb`);
  return row!.mb;
}

/**
 * Retention's two ways at the end of the run: the oldest day dropped as the pruner does
 * (dropExpiredPartition, its retention set just short of that day's end; the first whole day of
 * the fill), then the next day's
 * oldest rows deleted in batches of PRUNE_BATCH (pruneHistoryBatch under a retention under a day,
 * which deletes from every day, oldest first), timed over BATCHES batches and scaled to the day's rows.
 */
async function retentionTimings(site: Site): Promise<Array<[string, string | number, string?]>> {
  const db = site.server.db;
  const days = await db.query<{ name: string; upper: Date; n: number }>(
    `SELECT p.name, p.upper, c.reltuples::float8 AS n FROM delivery_history_partitions p JOIN pg_class c ON c.relname = p.name ORDER BY p.upper LIMIT 3`,
  );
  const [partial, whole, next] = days;
  if (!partial || !whole || !next) return [['retention', 'fewer than three day partitions']];
  const dropDay = (day: { upper: Date }) => dropExpiredPartition(db, Date.now() - new Date(day.upper).getTime() - 60_000);
  await dropDay(partial); // the fill's first day holds only the hours since its start
  let started = performance.now();
  const dropped = await dropDay(whole);
  const dropMs = performance.now() - started;
  const BATCHES = 20;
  started = performance.now();
  let deleted = 0;
  for (let i = 0; i < BATCHES; i++) deleted += await pruneHistoryBatch(db, SHORT_RETENTION_MS - 1, PRUNE_BATCH);
  const batchMs = performance.now() - started;
  return [
    [
      'drop of the oldest day (dropExpiredPartition)',
      `${dropMs.toFixed(0)} ms for ${dropped?.rows.toLocaleString('en')} rows (${dropped?.name})`,
    ],
    [
      `batched delete (${BATCHES} × ${PRUNE_BATCH})`,
      `${batchMs.toFixed(0)} ms for ${deleted.toLocaleString('en')} rows: ${(((batchMs / Math.max(deleted, 1)) * next.n) / 1000).toFixed(1)} s for a day of ${Math.round(next.n).toLocaleString('en')}`,
    ],
  ];
}

const perRound = (costs: PhaseCost[], key: keyof PhaseCost) => costs.map((c) => Math.round(c[key])).join(', ');
const perRoundP99 = (rounds: PacedRound[]) => rounds.map((r) => Math.round(r.p99)).join(', ');
/** Backends report their buffer counts when idle, at most 10 s late (PGSTAT_IDLE_INTERVAL). */
const statsReported = () => (POSTGRES ? new Promise((resolve) => setTimeout(resolve, 11_000)) : Promise.resolve());
