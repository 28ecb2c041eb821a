/**
 * Server benchmarks: validation cost on GET /items?limit=20, keyset vs offset at depth
 * 1,000,000, and start-up to the first 200. Loopback only, bounded counts.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { document } from '@clubnotify/spec';
import type { RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import { Pool } from 'undici';
import {
  ReadBudget,
  createApiKey,
  createApp,
  createCursorCodec,
  migrate,
  openDatabase,
  seed,
  serverSecret,
  type AppDeps,
} from '@clubnotify/server';
import { percentile, printFigures, printRatios } from './table.js';

async function listen(deps: AppDeps): Promise<{ url: string; close(): Promise<void> }> {
  // What is measured is the request path, not the reads' bulkhead: every request gets a turn at once.
  const readBudget = new ReadBudget({ concurrency: 1_000, queueLimit: 1_000, maxWaitMs: 60_000 });
  const app = createApp({ rateLimitPerMinute: 1e9, readBudget, ...deps });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** `total` GETs of `path` with `concurrency` in flight over one undici Pool; requests/s and p99 ms. */
async function load(url: string, path: string, key: string, total: number, concurrency = 8) {
  const pool = new Pool(url, { connections: concurrency });
  const times: number[] = [];
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < total) {
        sent++;
        const t = performance.now();
        const res = await pool.request({ path, method: 'GET', headers: { authorization: `Bearer ${key}` } });
        await res.body.text();
        if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  times.sort((a, b) => a - b);
  return { rps: total / seconds, p99: percentile(times, 99), p50: percentile(times, 50) };
}

async function validationCost(): Promise<void> {
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  await seed(db);
  const key = (await createApiKey(db, { name: 'bench', scope: 'admin' })).key;
  const base = { db, cursorKey: await serverSecret(db, 'cursor'), urlPolicy: { allow: [] } };
  const eov = OpenApiValidator.middleware({
    apiSpec: structuredClone(document) as never,
    validateRequests: { allowUnknownQueryParameters: false },
    validateResponses: true,
    validateSecurity: false,
    ignoreUndocumented: true,
  }) as unknown as RequestHandler[];
  const variants = {
    compiled: await listen({ ...base, responseValidation: 'strict' }),
    off: await listen({ ...base, requestValidation: false, responseValidation: 'off' }),
    eov: await listen({ ...base, requestValidation: eov, responseValidation: 'off' }),
  };
  const path = '/items?limit=20';
  // p99 of a few hundred requests is the few slowest; many rounds keep one bad one from deciding.
  const rounds = 9;
  const perRound = 800;
  const n = rounds * perRound;
  for (const v of Object.values(variants)) await load(v.url, path, key, 1500); // warm-up: JITs and PGlite's WebAssembly
  // Interleaved rounds so that load from elsewhere on the machine hits every variant alike.
  const runs: Record<keyof typeof variants, Array<{ rps: number; p99: number }>> = { compiled: [], off: [], eov: [] };
  for (let r = 0; r < rounds; r++) {
    for (const name of Object.keys(variants) as Array<keyof typeof variants>)
      runs[name].push(await load(variants[name].url, path, key, perRound));
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const summary = (name: keyof typeof variants) => ({
    rps: median(runs[name].map((x) => x.rps)),
    p99: median(runs[name].map((x) => x.p99)),
  });
  const compiled = summary('compiled');
  const off = summary('off');
  const eovResult = summary('eov');
  printRatios(`GET ${path}, ${n} requests per variant in ${rounds} interleaved rounds (medians), 8 in flight: validation vs none`, [
    { name: 'compiled validators: requests/s', ours: compiled.rps, baseline: off.rps, unit: 'req/s', better: 'higher', goal: '>= 0.85' },
    { name: 'compiled validators: p99', ours: compiled.p99, baseline: off.p99, unit: 'ms', better: 'lower', goal: '<= 1.25' },
    { name: 'express-openapi-validator: requests/s', ours: eovResult.rps, baseline: off.rps, unit: 'req/s', better: 'higher' },
    { name: 'express-openapi-validator: p99', ours: eovResult.p99, baseline: off.p99, unit: 'ms', better: 'lower' },
  ]);
  for (const v of Object.values(variants)) await v.close();
  await db.close();
}

async function depth(): Promise<void> {
  const db = await openDatabase({ dataDir: 'memory://' });
  await migrate(db);
  const rows = 1_000_000;
  const t = performance.now();
  await db.query(
    `INSERT INTO items (id, kind, name, stock, unit) SELECT 'itm_b' || g, 'drink', 'Bench ' || g, g % 100, 'glass' FROM generate_series(1, $1::int) g`,
    [rows],
  );
  await db.query('ANALYZE items');
  const insertSeconds = (performance.now() - t) / 1000;
  const key = (await createApiKey(db, { name: 'bench', scope: 'admin' })).key;
  const cursorKey = await serverSecret(db, 'cursor');
  const server = await listen({ db, cursorKey, urlPolicy: { allow: [] } });
  const [{ seq }] = (await db.query<{ seq: number }>('SELECT max(seq) - 20 AS seq FROM items')) as [{ seq: number }];
  const deep = createCursorCodec(cursorKey).encode({ c: 'items', d: 'a', k: seq });
  const n = 200;
  const first = await load(server.url, '/items?limit=20', key, n, 1);
  const cursor = await load(server.url, `/items?limit=20&cursor=${encodeURIComponent(deep)}`, key, n, 1);
  const offset = await load(server.url, `/items/offsets?limit=20&offset=${rows - 20}`, key, Math.min(n, 40), 1);
  const firstOffset = await load(server.url, '/items/offsets?limit=20&offset=0', key, Math.min(n, 40), 1);
  printRatios(`Page at depth ${rows.toLocaleString('en')} vs the first page (PGlite, p50 of sequential requests)`, [
    { name: 'cursor (keyset) page', ours: cursor.p50, baseline: first.p50, unit: 'ms', better: 'lower', goal: '<= 1.5' },
    { name: 'offset page (beside it; counts the total too)', ours: offset.p50, baseline: firstOffset.p50, unit: 'ms', better: 'lower' },
  ]);
  printFigures('Depth set-up', [['bulk insert with generate_series', insertSeconds, 's']]);
  await server.close();
  await db.close();
}

async function startUp(dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=clubnotify-source', 'packages/server/src/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  for (;;) {
    const res = await fetch(`${url}/readyz`).catch(() => undefined);
    if (res?.status === 200) break;
  }
  const elapsed = performance.now() - started;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
  return elapsed;
}

export default async function run(): Promise<void> {
  await validationCost();
  await depth();
  const dir = await mkdtemp(join(tmpdir(), 'cn-bench-start-'));
  try {
    const fresh = await startUp(dir);
    const again = await startUp(dir);
    printFigures('Start-up to first 200 on /readyz (node + tsx, PGlite; goal < 1.5 s)', [
      ['fresh data folder (initdb, migrations, seed)', fresh / 1000, 's'],
      ['existing data folder', again / 1000, 's'],
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
