/**
 * CPU per request of one contender with no sockets: each of BENCH_CONNECTIONS fake connections
 * (a Duplex handed to the server's 'connection' event) sends the next signed request when the
 * previous answer is written. No kernel, no load generator: what is left is the framework's and
 * the receiver's JavaScript, steady enough on a loaded machine to compare two versions.
 * `tsx test/bench/receiver/in-process.ts node,express ours,bare [requests] [rounds]`
 * NODE_ENV is production unless set. `BENCH_CPU_PROF=file.cpuprofile` writes a V8 profile of
 * the measured rounds only (not the signing of the requests). Under valgrind
 * (`valgrind --tool=callgrind --instr-atstart=no node ... in-process.ts node ours`, one
 * contender) `BENCH_CALLGRIND=1` turns counting on for the measured rounds only and prints
 * instructions per request: steady whatever the machine's load.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { Duplex } from 'node:stream';
import type { Server } from 'node:http';
import { signedHeaders } from '@clubnotify/receiver';
import { startServer, type Contender, type Framework } from './contenders.js';
import { BODY, PATH, SECRET } from './message.js';

process.env.NODE_ENV ??= 'production';
const [fws = 'node', cts = 'bare,ours', requestsArg = '20000', roundsArg = '7'] = process.argv.slice(2);
const REQUESTS = Number(requestsArg);
const ROUNDS = Number(roundsArg);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
let serial = 0;

function request(): Buffer {
  const headers = {
    'content-type': 'application/json',
    ...signedHeaders(SECRET, { id: `msg_${process.pid}_${serial++}`, timestamp: new Date(), body: BODY }),
  };
  const lines = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return Buffer.from(`POST ${PATH} HTTP/1.1\r\nhost: x\r\ncontent-length: ${Buffer.byteLength(BODY)}\r\n${lines}\r\n${BODY}`);
}

/** Sends `count` requests over fake connections; resolves with the CPU µs spent. */
function drive(server: Server, pool: Buffer[]): Promise<number> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = 0;
    const started = process.cpuUsage();
    for (let c = 0; c < CONNECTIONS; c++) {
      const conn = new Duplex({
        read() {},
        write(chunk: Buffer, _enc, done) {
          if (!chunk.subarray(0, 12).toString('latin1').startsWith('HTTP/1.1 2')) reject(new Error(chunk.toString()));
          done();
          if (++answered === pool.length) {
            const used = process.cpuUsage(started);
            resolve(used.user + used.system);
          } else if (sent < pool.length) process.nextTick(() => conn.push(pool[sent++]));
        },
      });
      (conn as unknown as { remoteAddress: string }).remoteAddress = '127.0.0.1';
      server.emit('connection', conn);
      conn.push(pool[sent++]);
    }
  });
}

const frameworks = fws.split(',') as Framework[];
const contenders = cts.split(',') as Contender[];
const servers = new Map<string, Server>();
for (const f of frameworks) for (const c of contenders) servers.set(`${f}/${c}`, await startServer(f, c));
const results = new Map<string, number[]>();
for (const key of servers.keys()) {
  results.set(key, []);
  for (let w = 0; w < 3; w++) await drive(servers.get(key)!, Array.from({ length: REQUESTS }, request));
}
type Profile = import('node:inspector').Profiler.Profile;
// Merges the rounds' profiles into one (the nodes of all, the samples of each round).
let merged: Profile | undefined;
function mergeProfile(p: Profile): void {
  if (!merged) {
    merged = p;
    return;
  }
  const offset = Math.max(...merged.nodes.map((n) => n.id));
  merged.nodes.push(...p.nodes.map((n) => ({ ...n, id: n.id + offset, children: n.children?.map((c) => c + offset) })));
  merged.samples!.push(...p.samples!.map((s) => s + offset));
  merged.timeDeltas!.push(...p.timeDeltas!);
  merged.endTime += p.endTime - p.startTime;
}

const callgrind = (...args: string[]) => execFileSync('callgrind_control', [...args, String(process.pid)], { stdio: 'ignore' });
const profile = process.env.BENCH_CPU_PROF;
const session = profile ? new Session() : undefined;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 100 });
}
let measured = 0;
for (let r = 0; r < ROUNDS; r++) {
  for (const [key, server] of servers) {
    const pool = Array.from({ length: REQUESTS }, request);
    await session?.post('Profiler.start');
    if (process.env.BENCH_CALLGRIND) callgrind('-i', 'on');
    results.get(key)!.push((await drive(server, pool)) / REQUESTS);
    if (process.env.BENCH_CALLGRIND) callgrind('-i', 'off');
    measured += REQUESTS;
    if (session) mergeProfile((await session.post('Profiler.stop')).profile);
  }
}
if (profile) writeFileSync(profile, JSON.stringify(merged));
if (process.env.BENCH_CALLGRIND) {
  callgrind('-d');
  console.log(`callgrind: ${measured} requests measured; divide the dump's total by them`);
}
for (const [key, list] of results) {
  const sorted = [...list].sort((a, b) => a - b);
  console.log(`${key.padEnd(28)} min ${sorted[0]!.toFixed(2)}  median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(2)} µs/request`);
}
process.exit(0);
