import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createNodeHandler,
  createReceiver,
  runSuite,
  triggerEvent,
  type OrderingContext,
  type OrderingPosition,
  type SuiteReport,
} from '../src/index.js';
import { listen, post, SECRET, signed, stockUpdate, type Listening } from './helpers.js';

const BODY = JSON.stringify(stockUpdate);
let open: Listening | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

/** A kit receiver whose stockUpdate handler records ctx.ordering and answers what `choose` says for it. */
async function kitReceiver(choose: (ordering: OrderingContext) => number = () => 200) {
  const seen: Array<OrderingContext | undefined> = [];
  const receiver = createReceiver({
    secrets: [SECRET],
    logger: { error: () => undefined },
    handlers: {
      webhooks: {
        stockUpdate: (_payload, ctx) => {
          seen.push(ctx.ordering);
          const status = ctx.ordering ? choose(ctx.ordering) : 200;
          return status === 200 ? undefined : { status };
        },
        concertAlert: (_payload, ctx) => void seen.push(ctx.ordering),
      },
    },
  });
  open = await listen(createNodeHandler(receiver));
  const url = `${open.url}/webhooks/stockUpdate`;
  const send = (sequence: number, id?: string) =>
    triggerEvent({ event: 'stockUpdate', url, secret: SECRET, ordering: { sequence }, ...(id ? { id } : {}) });
  return { seen, send, url };
}

const positions = (seen: Array<OrderingContext | undefined>): Array<[OrderingPosition, number]> =>
  seen.map((o) => [o!.position, o!.missed]);

describe('ctx.ordering', () => {
  it('gives the key and sequence, and where the message stands: first, next, gap (with how many missed), stale', async () => {
    const r = await kitReceiver();
    for (const sequence of [1, 2, 5, 3]) expect((await r.send(sequence)).status).toBe(200);
    expect(r.seen.map((o) => [o!.key, o!.sequence, o!.last])).toEqual([
      ['itm_mojito', 1, undefined],
      ['itm_mojito', 2, 1],
      ['itm_mojito', 5, 2],
      ['itm_mojito', 3, 5],
    ]);
    expect(positions(r.seen)).toEqual([
      ['first', 0],
      ['next', 0],
      ['gap', 2],
      ['stale', 0],
    ]);
  });

  it('lets the handler ask for a retry: a message not answered 2xx does not move its key on', async () => {
    // Retry on a gap once; the second attempt of the same message is taken.
    let retried = false;
    const r = await kitReceiver((o) => (o.position === 'gap' && !retried ? ((retried = true), 503) : 200));
    await r.send(1);
    expect((await r.send(3, 'msg_gap')).status).toBe(503);
    expect((await r.send(3, 'msg_gap')).status).toBe(200);
    await r.send(4);
    expect(positions(r.seen)).toEqual([
      ['first', 0],
      ['gap', 1],
      ['gap', 1],
      ['next', 0],
    ]);
  });

  it('is undefined for an event that is not ordered, and refuses malformed ordering headers with 400', async () => {
    const r = await kitReceiver();
    const alert = await triggerEvent({ event: 'concertAlert', url: `${open!.url}/webhooks/concertAlert`, secret: SECRET });
    expect(alert.status).toBe(200);
    expect(alert.sent.headers['webhook-ordering-key']).toBeUndefined();
    expect(r.seen).toEqual([undefined]);
    const malformed: Array<Record<string, string>> = [
      { 'webhook-ordering-key': 'itm_mojito' },
      { 'webhook-ordering-key': 'itm_mojito', 'webhook-ordering-sequence': '0' },
      { 'webhook-ordering-key': '%E0%A4%A', 'webhook-ordering-sequence': '1' },
    ];
    for (const bad of malformed) {
      const answer = await post(r.url, { ...signed(BODY), ...bad }, BODY);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.json.type).toMatch(/malformed-headers/);
    }
  });
});

describe('the sender suite on ordering', () => {
  const ids = (report: SuiteReport, outcome: string) =>
    report.groups.flatMap((g) =>
      g.rules.filter((x) => x.outcome === outcome && x.id.startsWith('ordering')).map((x) => `${g.title} ${x.id}`),
    );

  it('passes a kit receiver on both ordered events', async () => {
    const receiver = createReceiver({
      secrets: [SECRET],
      logger: { error: () => undefined },
      handlers: { webhooks: { stockUpdate: () => undefined }, callbacks: { concertAlert: () => undefined } },
    });
    open = await listen(createNodeHandler(receiver));
    const report = await runSuite({ url: open.url, secret: SECRET, events: ['webhook.stockUpdate', 'callback.concertAlert'] });
    expect(ids(report, 'pass').sort()).toEqual([
      'callback concertAlert ordering-out-of-order',
      'callback concertAlert ordering-stale',
      'webhook stockUpdate ordering-out-of-order',
      'webhook stockUpdate ordering-stale',
    ]);
  });

  it('fails a receiver that refuses a gap, and one that will not take back a message it has passed', async () => {
    // Checks no signature: answers by the ordering headers alone, as its flaw says.
    for (const [flaw, expected] of [
      ['gap', 'webhook stockUpdate ordering-out-of-order'],
      ['stale', 'webhook stockUpdate ordering-stale'],
    ] as const) {
      const last = new Map<string, number>();
      const server = createServer((req, res) => {
        req.resume().on('end', () => {
          const key = String(req.headers['webhook-ordering-key']);
          const sequence = Number(req.headers['webhook-ordering-sequence'] ?? 0);
          const before = last.get(key) ?? 0;
          const refuse = flaw === 'gap' ? sequence > before + 1 : sequence > 0 && sequence <= before;
          if (!refuse) last.set(key, Math.max(before, sequence));
          res.statusCode = refuse ? (flaw === 'gap' ? 400 : 409) : 200;
          res.end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        const report = await runSuite({ url, secret: SECRET, events: ['webhook.stockUpdate'] });
        expect(ids(report, 'fail'), flaw).toEqual([expected]);
      } finally {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    }
  });
});
