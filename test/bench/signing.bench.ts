/**
 * What a `v1a` (ed25519) signature costs against `v1` (HMAC-SHA256), per message: signing with the
 * engine's own `signPayload` over the peers bench's stockUpdate body, and checking the signature
 * as a receiver must at the least (node:crypto `verify` with a key object made once; HMAC and a
 * timing-safe compare), each in turn within each round, CPU time of this process
 * (`process.cpuUsage`, steadier than wall time on a shared machine). The peers bench
 * (PEERS_ONLY=signed) shows what signing does to delivered/s; the receiver bench (`ours-v1a`)
 * what verifying does to a receiver's requests/s.
 */
import { createHmac, generateKeyPairSync, timingSafeEqual, verify } from 'node:crypto';
import { loadavg } from 'node:os';
import { signPayload } from '../../packages/server/src/delivery/send/sign.js';
import { stockChange, stockUpdateBody } from './peers/message.js';

const SIGNATURES = 20_000;
const ROUNDS = 7;
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const SCHEMES: Array<[string, string]> = [
  ['v1 (HMAC-SHA256)', SECRET],
  ['v1a (ed25519)', 'v1a'],
  ['v1,v1a (both)', `${SECRET} v1a`],
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** CPU µs per call of `work`, over `SIGNATURES` calls. */
function cpuPer(work: (i: number) => unknown): number {
  const before = process.cpuUsage();
  for (let i = 0; i < SIGNATURES; i++) work(i);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / SIGNATURES;
}

export default async function bench(): Promise<void> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const key = { kid: 'key_bench', privateKey };
  const body = stockUpdateBody(stockChange(0));
  const content = Buffer.from(`msg_1.1765000000.${body}`);
  const hmacKey = Buffer.from(SECRET.slice(6), 'base64');
  const mac = createHmac('sha256', hmacKey).update(content).digest();
  const signature = Buffer.from(signPayload('v1a', 'msg_1', 1_765_000_000, body, key).slice(4), 'base64');
  if (!verify(null, content, publicKey, signature)) throw new Error('the v1a signature does not verify');
  const work: Array<[string, (i: number) => unknown]> = [
    ...SCHEMES.map(([name, signers]): [string, (i: number) => unknown] => [
      `sign ${name}`,
      (i) => signPayload(signers, `msg_${i}`, 1_765_000_000, body, key),
    ]),
    ['check v1 (HMAC-SHA256, timing-safe compare)', () => timingSafeEqual(createHmac('sha256', hmacKey).update(content).digest(), mac)],
    ['check v1a (ed25519 verify)', () => verify(null, content, publicKey, signature)],
  ];
  const loadBefore = loadavg()[0]!.toFixed(2);
  for (const [, run] of work) cpuPer(run); // warm-up
  const samples = work.map((): number[] => []);
  for (let r = 0; r < ROUNDS; r++) work.forEach(([, run], i) => samples[i]!.push(cpuPer(run)));
  console.log(
    `### CPU per message (${body.length}-byte stockUpdate body), median of ${ROUNDS} × ${SIGNATURES} (load ${loadBefore} before, ${loadavg()[0]!.toFixed(2)} after)\n`,
  );
  console.log('| work | CPU µs per message (min–max) |');
  console.log('|---|---:|');
  work.forEach(([name], i) => {
    const xs = samples[i]!;
    console.log(`| ${name} | ${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}) |`);
  });
  console.log('');
}
