/**
 * What verifying a webhook costs at the least, against what the receiver's core costs, in this
 * process (no sockets, no framework), CPU µs per message over fresh signed messages:
 *  - floor: the work no verifying receiver can skip, done the cheapest way we know: the HMAC
 *    of `id.timestamp.body` (pads computed once, two one-shot hashes), its base64 compared to
 *    the header's, the body decoded and JSON-parsed. No header parsing, no timestamp check.
 *  - core: @clubnotify/receiver's core as the adapters drive it (`begin` on the headers,
 *    `finish` on the body): all of the floor, plus the headers' checks, spec validation,
 *    dedupe, the handler and its deadline.
 * Prints one JSON line `{ floorUs, coreUs }`: medians of ROUNDS rounds of MESSAGES messages.
 */
import { Begun, coreOf } from '../../../packages/receiver/src/core.js';
import { constantTimeEqualAt, HmacSha256Key } from '../../../packages/receiver/src/hmac.js';
import { createReceiver, signedHeaders } from '../../../packages/receiver/src/index.js';
import { decodeSecret } from '../../../packages/receiver/src/secret.js';
import { BODY, SECRET } from './message.js';

process.env.NODE_ENV = 'production';
const MESSAGES = 50_000;
const ROUNDS = 7;
const body = Buffer.from(BODY);
const event = { kind: 'webhook', name: 'stockUpdate' } as const;

function messages(): Array<Record<string, string>> {
  const now = new Date();
  return Array.from({ length: MESSAGES }, (_, i) => ({
    'content-type': 'application/json',
    'content-length': String(body.length),
    ...signedHeaders(SECRET, { id: `msg_${process.pid}_${i}_${now.getTime()}`, timestamp: now, body: BODY }),
  }));
}

/** CPU µs a message of `each` over a fresh batch, the median of ROUNDS (one unmeasured round first). */
function perMessage(each: (headers: Record<string, string>) => void): number {
  const rounds: number[] = [];
  for (let r = 0; r <= ROUNDS; r++) {
    const batch = messages();
    const started = process.cpuUsage();
    for (const headers of batch) each(headers);
    const used = process.cpuUsage(started);
    if (r > 0) rounds.push((used.user + used.system) / MESSAGES);
  }
  return rounds.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
}

const key = new HmacSha256Key(decodeSecret(SECRET));
let parsed = 0;
const floorUs = perMessage((headers) => {
  const timestamp = Number(headers['webhook-timestamp']);
  const expected = key.signBase64(headers['webhook-id']!, timestamp, body);
  if (!constantTimeEqualAt(headers['webhook-signature']!, 3, expected)) throw new Error('signature mismatch');
  parsed += (JSON.parse(body.toString()) as object) ? 1 : 0;
});

let handled = 0;
const core = coreOf(createReceiver({ secret: SECRET, handlers: { webhooks: { stockUpdate: () => void handled++ } } }))!;
const coreUs = perMessage((headers) => {
  const begun = core.begin('POST', event, headers, true);
  const answer = begun instanceof Begun ? core.finish(begun, body) : begun;
  if (answer instanceof Promise || answer.status !== 200) throw new Error(`the core answered ${JSON.stringify(answer)}`);
});
if (handled !== (ROUNDS + 1) * MESSAGES || parsed !== handled) throw new Error('not every message was handled');
console.log(JSON.stringify({ floorUs, coreUs }));
