/**
 * The load generator, in its own process: autocannon, BENCH_CONNECTIONS connections for
 * BENCH_SECONDS, every request with a fresh webhook-id and signature. The requests are signed
 * and turned into bytes (by autocannon's own request builder, so the bytes are the ones it
 * would send) before the round starts: with `setupRequest` autocannon rebuilds each request
 * as it sends it, about 4 µs of the generator's CPU a request, which on 2 cores is CPU taken
 * from the receiver. Prints one JSON line.
 */
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { signedHeaders, signingKeyOf, signV1a } from '@clubnotify/receiver';
import { BODY, PATH, SECRET, SIGNING_KEY } from './message.js';

const require = createRequire(import.meta.url);
const requestBuilder = require('autocannon/lib/httpRequestBuilder.js') as (defaults: object) => (request: object) => Buffer;
// The connection class autocannon's run uses (one module instance): it asks it for the bytes of each request.
const Client = require('autocannon/lib/httpClient.js') as { prototype: { getRequestBuffer: () => Buffer } };

const url = new URL(process.env.BENCH_URL!);
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const pool = Number(process.env.BENCH_POOL ?? 100_000);
const prefix = `msg_${process.pid}_${Date.now()}_`;
const timestamp = new Date();
// BENCH_SIGNATURE=v1a: ed25519 signatures (for `ours-v1a`), else HMAC.
const v1aKey = process.env.BENCH_SIGNATURE === 'v1a' ? signingKeyOf(SIGNING_KEY) : undefined;
const build = requestBuilder({ hostname: url.hostname, port: url.port, method: 'POST', path: PATH, body: BODY });

function signed(i: number): Buffer {
  const input = { id: `${prefix}${i}`, timestamp, body: BODY };
  const signature = signedHeaders(SECRET, input);
  if (v1aKey) signature['webhook-signature'] = signV1a(v1aKey, input);
  const headers = { 'content-type': 'application/json', ...signature };
  return build({ headers });
}

const requests = Array.from({ length: pool }, (_, i) => signed(i));
let next = 0;
Client.prototype.getRequestBuffer = () => (next < pool ? requests[next++]! : signed(next++));

const cpuBefore = process.cpuUsage();
const result = await autocannon({ url: new URL(PATH, url).href, connections, duration: seconds, method: 'POST', body: BODY });
if (next < result.requests.total) throw new Error('autocannon did not take its requests from getRequestBuffer');
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
