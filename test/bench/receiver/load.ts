/**
 * The load generator, in its own process: autocannon, BENCH_CONNECTIONS connections for
 * BENCH_SECONDS, every request with a fresh webhook-id and signature (signed before the
 * round starts, so signing costs the receiver's round nothing). Prints one JSON line.
 */
import autocannon from 'autocannon';
import { signedHeaders } from '@clubnotify/receiver';
import { BODY, PATH, SECRET } from './message.js';

const url = process.env.BENCH_URL!;
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const pool = Number(process.env.BENCH_POOL ?? 100_000);
const prefix = `msg_${process.pid}_${Date.now()}_`;
const timestamp = new Date();

function signed(i: number): Record<string, string> {
  return { 'content-type': 'application/json', ...signedHeaders(SECRET, { id: `${prefix}${i}`, timestamp, body: BODY }) };
}

const headers = Array.from({ length: pool }, (_, i) => signed(i));
let next = 0;

const cpuBefore = process.cpuUsage();
const result = await autocannon({
  url,
  connections,
  duration: seconds,
  requests: [
    {
      method: 'POST',
      path: PATH,
      body: BODY,
      setupRequest: (req) => ({ ...req, headers: next < pool ? headers[next++] : signed(next++) }),
    },
  ],
});
console.log(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.total / seconds,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    // The load generator's own CPU (µs) over the round: on 2 cores it competes with the receiver.
    cpu: ((u) => u.user + u.system)(process.cpuUsage(cpuBefore)),
  }),
);
