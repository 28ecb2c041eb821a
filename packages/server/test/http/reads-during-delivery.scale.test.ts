import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, startServer, type RunningServer } from '../../src/index.js';
import { fillDeliveredHistory } from '../support/fill-history.js';
import { createScratchPostgres } from '../support/scratch-postgres.js';
import { consoleReads, startReaders } from '../support/readers-thread.js';
import { missing, postgres } from '../../../../test/dependencies.js';

// An operator's console and a dashboard reading during a paced delivery round on PostgreSQL
// with a history of delivered messages: reads run on their own budget and connections, so no
// publish answers 503 and delivery p99 stays near the rounds without readers. Rounds with and
// without readers alternate and their medians are compared, with an absolute floor and the
// spread of the quiet rounds themselves, so the noise of a loaded machine decides nothing.

const HISTORY = 40_000;
const PER_ROUND = 200;
const RATE_PER_SECOND = 50;
const PAIRS = 5;
const DRINKS = ['mojito', 'caipirinha', 'old_fashioned', 'negroni', 'espresso_martini', 'margarita', 'daiquiri', 'pale_ale', 'cola'];
const INGREDIENTS = ['mint', 'lime', 'bourbon', 'gin', 'campari', 'coffee_beans', 'tequila', 'white_rum', 'lemon'];
const adminKey = `cn_${randomBytes(32).toString('base64url')}`;

type Json = Record<string, any>;

const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.99) - 1]!;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));

describe.skipIf(missing(postgres))('reads during a paced delivery round on PostgreSQL', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let server: RunningServer;
  let receiver: Server;
  /** Arrival time of each message of the current round, by its index (carried as the drink's stock). */
  let arrivals = new Map<number, number>();
  let onArrival = () => {};
  let registrationIds: string[] = [];

  // The loopback address itself: a name would cost a lookup per connection.
  const base = () => server.url.replace('localhost', '127.0.0.1');
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${base()}${path}`, {
      method,
      headers: { authorization: `Bearer ${adminKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const index = (JSON.parse(Buffer.concat(chunks).toString()) as Json).drink.stock as number;
        if (!arrivals.has(index)) arrivals.set(index, performance.now());
        res.writeHead(200).end();
        onArrival();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/stock`;
    scratch = await createScratchPostgres('cn_reads', { migrated: true });
    server = await startServer(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: scratch.url,
        ADMIN_API_KEY: adminKey,
        ALLOW_PRIVATE_TARGETS: '127.0.0.1/32',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: '1000000',
      }),
    );
    const target = (await (await call('POST', '/registerForStockUpdates', { url: receiverUrl })).json()) as Json;
    registrationIds = [target.id as string];
    // More targets for the console to list (concertAlert: stock changes do not go to them).
    for (let i = 0; i < 29; i++) {
      const other = (await (await call('POST', '/registerForAlert', { url: `https://hooks.example.com/t${i}` })).json()) as Json;
      registrationIds.push(other.id as string);
    }
    await fillDeliveredHistory(server.db, { messages: HISTORY, targets: [target.id], ownerKeyId: target.ownerKeyId });
    await server.db.query('ANALYZE');
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => receiver?.close(resolve));
    await scratch?.drop();
  });

  /** One paced round: PER_ROUND stock changes at RATE_PER_SECOND; latency from each one's scheduled time to its arrival. */
  async function round(): Promise<{ p99: number; publishStatuses: number[] }> {
    arrivals = new Map();
    const scheduled: number[] = [];
    const statuses: Promise<number>[] = [];
    const start = performance.now() + 20;
    for (let i = 0; i < PER_ROUND; i++) {
      scheduled[i] = start + (i * 1000) / RATE_PER_SECOND;
      await sleepUntil(scheduled[i]!);
      // Items in turn: a stock change locks its items, so changes of one item would queue behind each other.
      const drink = { id: `itm_${DRINKS[i % DRINKS.length]}`, stock: i };
      const ingredient = { id: `itm_${INGREDIENTS[i % INGREDIENTS.length]}`, stock: 1 };
      statuses.push(call('POST', '/stockChanges', { drink, ingredient }).then(async (res) => (await res.arrayBuffer(), res.status)));
    }
    const publishStatuses = await Promise.all(statuses);
    await new Promise<void>((resolve) => {
      onArrival = () => arrivals.size >= PER_ROUND && resolve();
      onArrival();
    });
    return { p99: p99(scheduled.map((at, i) => arrivals.get(i)! - at)), publishStatuses };
  }

  it('keeps delivery p99 near the rounds without readers, and never refuses a publish', async () => {
    await round(); // warm-up: prepared statements, connections, JIT
    const quiet: number[] = [];
    const busy: number[] = [];
    const publishes: number[] = [];
    const reads = new Map<number, number>();
    for (let pair = 0; pair < PAIRS; pair++) {
      // Alternate which comes first, so a drift of the machine's load favours neither.
      for (const withReaders of pair % 2 === 0 ? [false, true] : [true, false]) {
        const load = withReaders ? await startReaders(base(), adminKey, consoleReads(registrationIds)) : undefined;
        const result = await round();
        for (const [status, n] of (await load?.stop()) ?? []) reads.set(status, (reads.get(status) ?? 0) + n);
        (withReaders ? busy : quiet).push(result.p99);
        publishes.push(...result.publishStatuses);
      }
    }
    console.info(
      `reads during delivery: delivery p99 without readers ${quiet.map(Math.round).join(', ')} ms, with readers ${busy.map(Math.round).join(', ')} ms; reads answered ${JSON.stringify(Object.fromEntries(reads))}`,
    );
    expect(publishes.filter((status) => status !== 201 && status !== 200)).toEqual([]);
    expect(reads.get(200) ?? 0).toBeGreaterThan(20 * PAIRS);
    const baseline = median(quiet);
    // Issue 35's failure is seconds of p99 and refused publishes. On a 2-core machine shared with
    // other work a round's p99 swings by more than 1.5x on its own (measured: 84-1,282 ms between
    // quiet rounds of one run), so the bound is 2x or 250 ms over the quiet median, or 50 ms over
    // the worst quiet round; readers starving the delivery path's connections exceed all three.
    expect(median(busy)).toBeLessThanOrEqual(Math.max(2 * baseline, baseline + 250, Math.max(...quiet) + 50));
  }, 300_000);
});
