/**
 * Receiver throughput: Express + @clubnotify/receiver (verify, validate, dedupe, dispatch)
 * vs a bare Express handler that only reads the body. Same run, same signed requests.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { Agent, request } from 'undici';
import { createExpressMiddleware, createReceiver, signedHeaders } from '@clubnotify/receiver';
import { printFigures, printRatios } from './table.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const CONCURRENCY = 32;
const SECONDS = 2;
const ROUNDS = 6;
const body = JSON.stringify({
  drink: { id: 'itm_mojito', name: 'Mojito', stock: 18, unit: 'glass' },
  ingredient: { id: 'itm_mint', name: 'Fresh mint', stock: 3, unit: 'bunch' },
});

function signedRequests(count: number, prefix: string): Array<Record<string, string>> {
  const timestamp = new Date();
  return Array.from({ length: count }, (_, i) => ({
    'content-type': 'application/json',
    ...signedHeaders(SECRET, { id: `msg_${prefix}${i}`, timestamp, body }),
  }));
}

async function start(app: express.Express): Promise<{ url: string; server: Server }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stockUpdate`, server };
}

async function load(url: string, headers: Array<Record<string, string>>): Promise<{ rps: number; bad: number }> {
  const dispatcher = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 10_000 });
  let next = 0;
  let done = 0;
  let bad = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline && next < headers.length) {
        const response = await request(url, { method: 'POST', headers: headers[next++], body, dispatcher });
        await response.body.dump();
        if (response.statusCode !== 200) bad++;
        done++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  await dispatcher.close();
  return { rps: done / elapsed, bad };
}

export default async function bench(): Promise<void> {
  let handled = 0;
  const receiver = createReceiver({
    secret: SECRET,
    mode: 'production',
    handlers: { webhooks: { stockUpdate: () => void handled++ } },
  });
  const ours = express();
  ours.use(createExpressMiddleware(receiver));
  const bare = express();
  bare.post('/webhooks/stockUpdate', (req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => res.status(200).end());
  });
  const a = await start(ours);
  const b = await start(bare);
  const results = { ours: [] as number[], bare: [] as number[] };
  let bad = 0;
  try {
    await load(b.url, signedRequests(5000, 'warm'));
    await load(a.url, signedRequests(5000, 'warm'));
    // Who goes first alternates, so drift in the machine's speed falls on both sides alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of round % 2 === 0 ? (['bare', 'ours'] as const) : (['ours', 'bare'] as const)) {
        const r = await load(side === 'ours' ? a.url : b.url, signedRequests(60_000, `${side}${round}_`));
        results[side].push(r.rps);
        bad += r.bad;
      }
    }
  } finally {
    a.server.close();
    b.server.close();
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  printRatios('Receiver throughput (stockUpdate, loopback, keep-alive)', [
    { name: `requests/s, ${CONCURRENCY} concurrent, median of ${ROUNDS} x ${SECONDS}s`, ours: median(results.ours), baseline: median(results.bare), unit: 'req/s', better: 'higher', goal: '>= 0.8x' },
  ]);
  printFigures('Receiver bench details', [
    ['handler runs (unique ids)', handled],
    ['non-200 answers', bad],
  ]);
}
