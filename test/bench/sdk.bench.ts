/**
 * @clubnotify/sdk against hand-written fetch code, same loopback server, same run:
 * walking 1,000 pages with paginate(), and the per-request overhead of a typed call.
 */
import { createClient } from '@clubnotify/sdk';
import { apiKey, makeItems, startCollectionServer } from '../../packages/sdk/test/fixtures/collection-server.js';
import { printFigures, printRatios } from './table.js';

const PAGES = 1_000;
const PAGE_SIZE = 10;
const REQUESTS = 2_000;
const ROUNDS = 9;
// undici's fetch takes a few thousand requests to reach steady speed; both sides warm up first.
const WARM_UP_ROUNDS = 3;

export default async function bench(): Promise<void> {
  const server = await startCollectionServer(makeItems(PAGES * PAGE_SIZE));
  const client = createClient({ baseUrl: server.url, apiKey });
  const headers = { Authorization: `Bearer ${apiKey}` };

  // Both sides step in turn (one page, or a batch of requests, each), so the load of a
  // shared machine falls on both alike; each side's time is the sum of its own steps.
  async function walkRound(): Promise<{ sdk: number; hand: number }> {
    const pageWalk = client.paginate('/items', { query: { limit: PAGE_SIZE } }).pages();
    const pages = pageWalk[Symbol.asyncIterator]();
    let url: string | null = `${server.url}/items?limit=${PAGE_SIZE}`;
    let sdkDone = false;
    let sdk = 0;
    let hand = 0;
    let sdkItems = 0;
    let handItems = 0;
    const sdkStep = async () => {
      const t = performance.now();
      const step = await pages.next();
      if (step.done) sdkDone = true;
      else for (const _item of step.value.items) sdkItems++;
      sdk += performance.now() - t;
    };
    const handStep = async () => {
      const t = performance.now();
      const res = await fetch(url!, { headers });
      if (!res.ok) throw new Error(`status ${res.status}`);
      const body = (await res.json()) as { data: unknown[]; links: { next: string | null } };
      for (const _item of body.data) handItems++;
      url = body.data.length > 0 && body.links.next ? new URL(body.links.next, server.url).href : null;
      hand += performance.now() - t;
    };
    // Who goes first alternates, so neither side always pays for the other's garbage.
    for (let step = 0; !sdkDone || url; step++) {
      for (const run of step % 2 === 0 ? [sdkStep, handStep] : [handStep, sdkStep]) {
        if (run === sdkStep ? !sdkDone : url) await run();
      }
    }
    if (sdkItems !== PAGES * PAGE_SIZE || handItems !== PAGES * PAGE_SIZE) throw new Error(`walks disagree: ${sdkItems} vs ${handItems}`);
    return { sdk, hand };
  }

  async function callRound(): Promise<{ sdk: number; raw: number }> {
    let sdk = 0;
    let raw = 0;
    const rawBatch = async () => {
      const t = performance.now();
      for (let i = 0; i < 50; i++) {
        const res = await fetch(`${server.url}/healthz`, { headers });
        if (!res.ok) throw new Error(`status ${res.status}`);
        await res.json();
      }
      raw += performance.now() - t;
    };
    const sdkBatch = async () => {
      const t = performance.now();
      for (let i = 0; i < 50; i++) await client.health();
      sdk += performance.now() - t;
    };
    for (let batch = 0; batch < REQUESTS / 50; batch++) {
      for (const run of batch % 2 === 0 ? [sdkBatch, rawBatch] : [rawBatch, sdkBatch]) await run();
    }
    return { sdk, raw };
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    await walkRound();
    await callRound();
  }
  const walk = { sdk: [] as number[], hand: [] as number[] };
  const calls = { sdk: [] as number[], raw: [] as number[] };
  for (let round = 0; round < ROUNDS; round++) {
    const w = await walkRound();
    walk.sdk.push(w.sdk);
    walk.hand.push(w.hand);
    const c = await callRound();
    calls.sdk.push(c.sdk);
    calls.raw.push(c.raw);
  }
  await server.close();

  const rps = (ms: number) => (REQUESTS / ms) * 1000;
  printRatios(`paginate() vs a hand-written fetch loop (${PAGES} pages of ${PAGE_SIZE}, median of ${ROUNDS})`, [
    { name: `walk ${PAGES} pages`, ours: median(walk.sdk), baseline: median(walk.hand), unit: 'ms', better: 'lower', goal: '<= 1.05' },
  ]);
  printRatios(`typed call vs raw fetch (${REQUESTS} sequential GETs, median of ${ROUNDS})`, [
    {
      name: 'requests per second',
      ours: rps(median(calls.sdk)),
      baseline: rps(median(calls.raw)),
      unit: 'req/s',
      better: 'higher',
      goal: '>= 0.95',
    },
  ]);
  printFigures('per request', [
    ['paginate, per page', median(walk.sdk) / (PAGES + 1), 'ms'],
    ['hand loop, per page', median(walk.hand) / (PAGES + 1), 'ms'],
    ['typed call', median(calls.sdk) / REQUESTS, 'ms'],
    ['raw fetch', median(calls.raw) / REQUESTS, 'ms'],
  ]);
}
