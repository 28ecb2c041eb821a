/**
 * Receiver throughput, measured the way an outside harness does: every contender (a
 * framework with its bare route, @clubnotify/receiver's adapter on `v1` and on `v1a` (ed25519,
 * with a public key; its requests signed so), svix and standardwebhooks)
 * in its own process with NODE_ENV=production, autocannon in another, BENCH_CONNECTIONS (10)
 * connections, a fresh webhook-id and signature on every request, BENCH_ROUNDS (3) rounds of
 * BENCH_SECONDS (3) s after a warm-up of BENCH_WARMUP_REQUESTS (20 000) requests or
 * BENCH_WARMUP_MAX_SECONDS (15), contenders in a rotating order each round.
 * Reported: median requests/s and its ratio to the bare route of the same framework in the
 * same run; and median CPU µs per request of the receiver process (`process.cpuUsage()` read
 * in that process over IPC before and after the round: every thread, µs resolution) with the
 * bare route's CPU divided by it; and the load generator's own CPU per request, which shares
 * the cores with the receiver (so requests/s ratios are squeezed towards 1 when it dominates).
 * On a shared machine CPU per request is far steadier than requests/s, which follows whatever
 * else the cores are doing. `test/bench/receiver/in-process.ts` compares CPU per request with
 * no sockets at all, for A/B of a change; `test/bench/receiver/instructions.sh` counts
 * instructions per request over real sockets (callgrind), steady whatever the load;
 * `test/bench/receiver/cpu-split.sh` splits CPU per request into user and system time (the
 * response's write() waking the load generator costs more per request the slower the receiver).
 * Last, the ceiling: the best ratio to its bare route any verifying receiver could reach on each
 * framework, from the bare route's CPU and what verification costs at the least (receiver/floor.ts).
 * `BENCH_FRAMEWORKS=express,node` limits the frameworks.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { spawnPeer, type Child, type CpuUsage } from './peers/processes.js';
import { CONTENDERS, FRAMEWORKS, type Contender, type Framework } from './receiver/contenders.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
// V8 optimises a function after enough calls, not enough seconds: on a loaded machine a 1 s
// warm-up was a few thousand requests and TurboFan was still compiling (a fifth or more of
// the receiver's CPU) in the measured rounds. So warm up by requests, within a time cap.
const WARMUP_REQUESTS = Number(process.env.BENCH_WARMUP_REQUESTS ?? 20_000);
const WARMUP_MAX_SECONDS = Number(process.env.BENCH_WARMUP_MAX_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const root = fileURLToPath(new URL('../../', import.meta.url));

interface LoadResult {
  requests: number;
  rps: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  cpu: number;
}

interface Sample {
  rps: number;
  cpuUsPerRequest: number;
  loaderUsPerRequest: number;
  failed: number;
}

/** Runs `receiver/<file>` in its own Node process and resolves with the JSON of its last line. */
function runJson<T>(file: string, env: Record<string, string>): Promise<T> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=clubnotify-source', fileURLToPath(new URL(`receiver/${file}`, import.meta.url))],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`${file} exited ${String(code)}: ${out}`));
      else resolve(JSON.parse(line) as T);
    });
  });
}

function load(child: Contending, seconds: number): Promise<LoadResult> {
  return runJson<LoadResult>('load.ts', {
    BENCH_URL: child.url,
    BENCH_SIGNATURE: child.signature,
    BENCH_SECONDS: String(seconds),
    BENCH_CONNECTIONS: String(CONNECTIONS),
    BENCH_POOL: String(Math.ceil(seconds * 25_000)),
  });
}

type Contending = Child & { url: string; cpuUsage: () => Promise<CpuUsage>; signature: 'v1' | 'v1a' };

async function measure(child: Contending, seconds: number): Promise<Sample> {
  const before = await child.cpuUsage();
  const r = await load(child, seconds);
  const after = await child.cpuUsage();
  const cpu = after.user + after.system - before.user - before.system;
  return {
    rps: r.rps,
    cpuUsPerRequest: r.requests === 0 ? NaN : cpu / r.requests,
    loaderUsPerRequest: r.requests === 0 ? NaN : r.cpu / r.requests,
    failed: r.non2xx + r.errors + r.timeouts,
  };
}

async function warmUp(child: Contending): Promise<void> {
  let requests = 0;
  for (let spent = 0; requests < WARMUP_REQUESTS && spent < WARMUP_MAX_SECONDS; spent += 3) requests += (await load(child, 3)).requests;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export default async function bench(): Promise<void> {
  const frameworks = (process.env.BENCH_FRAMEWORKS?.split(',') ?? FRAMEWORKS) as Framework[];
  const entries = frameworks.flatMap((framework) => CONTENDERS.map((contender) => ({ framework, contender })));
  const loadBefore = loadavg();
  const children = new Map<string, Contending>();
  const samples = new Map<string, Sample[]>();
  const key = (f: Framework, c: Contender) => `${f}/${c}`;
  try {
    for (const { framework, contender } of entries) {
      const child = await spawnPeer(
        '../receiver/server.ts',
        { NODE_ENV: 'production', BENCH_FRAMEWORK: framework, BENCH_CONTENDER: contender },
        { ipc: true },
      );
      children.set(key(framework, contender), { ...child, signature: contender === 'ours-v1a' ? 'v1a' : 'v1' });
      samples.set(key(framework, contender), []);
    }
    for (const { framework, contender } of entries) await warmUp(children.get(key(framework, contender))!);
    for (let round = 0; round < ROUNDS; round++) {
      for (const framework of frameworks) {
        for (let i = 0; i < CONTENDERS.length; i++) {
          const contender = CONTENDERS[(i + round) % CONTENDERS.length]!;
          samples.get(key(framework, contender))!.push(await measure(children.get(key(framework, contender))!, SECONDS));
        }
      }
    }
  } finally {
    await Promise.all([...children.values()].map((c) => c.stop()));
  }
  const floor = await runJson<{ floorUs: number; coreUs: number }>('floor.ts', {});
  console.log(
    `### Receiver throughput (stockUpdate, ${CONNECTIONS} connections, median of ${ROUNDS} x ${SECONDS} s, Node ${process.version})\n`,
  );
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  console.log(
    `Load average (1, 5, 15 min) before: ${load(loadBefore)}; after: ${load(loadavg())}. Spread: the lowest and highest round.\n`,
  );
  console.log(
    '| framework | receiver | requests/s | ratio to bare | spread req/s | CPU µs/request | bare CPU / CPU | spread µs | load generator µs/request | non-2xx or errors |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const framework of frameworks) {
    const bare = median(samples.get(key(framework, 'bare'))!.map((s) => s.rps));
    const bareCpu = median(samples.get(key(framework, 'bare'))!.map((s) => s.cpuUsPerRequest));
    for (const contender of CONTENDERS) {
      const list = samples.get(key(framework, contender))!;
      const rps = median(list.map((s) => s.rps));
      const cpu = median(list.map((s) => s.cpuUsPerRequest));
      const failed = list.reduce((n, s) => n + s.failed, 0);
      const loader = median(list.map((s) => s.loaderUsPerRequest));
      const sorted = list.map((s) => s.rps).sort((a, b) => a - b);
      const cpus = list.map((s) => s.cpuUsPerRequest).sort((a, b) => a - b);
      console.log(
        `| ${framework} | ${contender} | ${rps.toFixed(0)} | ${(rps / bare).toFixed(2)}x | ${sorted[0]!.toFixed(0)}-${sorted.at(-1)!.toFixed(0)} | ${cpu.toFixed(1)} | ${(bareCpu / cpu).toFixed(2)}x | ${cpus[0]!.toFixed(0)}-${cpus.at(-1)!.toFixed(0)} | ${loader.toFixed(1)} | ${failed} |`,
      );
    }
  }
  console.log('');
  printCeiling(frameworks, floor, (f) => median(samples.get(key(f, 'bare'))!.map((s) => s.cpuUsPerRequest)));
}

/**
 * How close to its bare route any receiver that verifies can come: the bare route's CPU a
 * request over that plus the floor (the verification no receiver can skip, floor.ts), and over
 * that plus our core's cost measured the same way (in-process, no sockets).
 */
function printCeiling(frameworks: Framework[], floor: { floorUs: number; coreUs: number }, bareCpu: (f: Framework) => number): void {
  console.log(
    `### The ceiling: bare CPU / (bare CPU + verification), in-process per message: floor (HMAC, base64 compare, JSON.parse) ${floor.floorUs.toFixed(2)} µs, our core (all checks on) ${floor.coreUs.toFixed(2)} µs\n`,
  );
  console.log('| framework | bare CPU µs/request | best any verifying receiver can reach | what our core allows |');
  console.log('|---|---:|---:|---:|');
  for (const f of frameworks) {
    const bare = bareCpu(f);
    console.log(
      `| ${f} | ${bare.toFixed(1)} | ${(bare / (bare + floor.floorUs)).toFixed(2)}x | ${(bare / (bare + floor.coreUs)).toFixed(2)}x |`,
    );
  }
  console.log('');
}
