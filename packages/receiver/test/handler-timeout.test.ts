import { afterEach, describe, expect, it } from 'vitest';
import {
  createNodeHandler,
  createReceiver,
  MemoryDedupeStore,
  type DedupeStore,
  type EventContext,
  type ReceiverOptions,
} from '../src/index.js';
import { listen, messageId, SECRET, signed, stockUpdate, type Listening } from './helpers.js';

const json = JSON.stringify(stockUpdate);
const never = () => new Promise<void>(() => {});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let servers: Listening[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function serve(options: Omit<ReceiverOptions, 'secret' | 'logger'>): Promise<string> {
  const server = await listen(createNodeHandler(createReceiver({ secret: SECRET, logger: { error: () => undefined }, ...options })));
  servers.push(server);
  return `${server.url}/webhooks/stockUpdate`;
}

/** POSTs, however long the answer takes (a receiver that hangs times the test out); 'no answer' once `signal` aborts it. */
async function post(
  url: string,
  headers: Record<string, string>,
  signal?: AbortSignal,
): Promise<{ status: number; json: any } | 'no answer'> {
  try {
    const response = await fetch(url, { method: 'POST', headers, body: json, signal });
    return { status: response.status, json: await response.json().catch(() => undefined) };
  } catch {
    return 'no answer';
  }
}

describe('handlers that never settle', () => {
  it('answer 503 handler_timeout after handlerTimeoutSec, abort ctx.signal, and let the retry run the handler again', async () => {
    const runs: EventContext[] = [];
    const url = await serve({
      handlerTimeoutSec: 0.2,
      handlers: { webhooks: { stockUpdate: (_p, ctx) => (runs.push(ctx), runs.length === 1 ? never() : undefined) } },
    });
    const headers = signed(json);
    const first = await post(url, headers);
    expect(first).toMatchObject({
      status: 503,
      json: { code: 'handler_timeout', message: expect.stringMatching(/did not finish within 0.2 s/) },
    });
    expect(runs[0]!.signal.aborted).toBe(true);

    const retry = await post(url, headers);
    expect(retry).toMatchObject({ status: 200 });
    expect(runs).toHaveLength(2);
  });

  it('answer a retry after the lease ran out with a new run, not the stalled one', async () => {
    // The handler is fine; the store stalls once while marking the id handled.
    const inner = new MemoryDedupeStore();
    let stalls = 1;
    let claimedAt: number | undefined;
    let stalled!: () => void;
    const stall = new Promise<void>((resolve) => (stalled = resolve));
    const store: DedupeStore = {
      claim: (id, lease) => ((claimedAt ??= Date.now()), inner.claim(id, lease)),
      complete: (id, ttl) => (stalls-- > 0 ? (stalled(), never()) : inner.complete(id, ttl)),
      release: (id) => inner.release(id),
    };
    let runs = 0;
    const url = await serve({
      dedupe: store,
      leaseSec: 0.3,
      handlerTimeoutSec: 0.1,
      handlers: { webhooks: { stockUpdate: () => void runs++ } },
    });
    const headers = signed(json);
    // The first request is handled, then hangs while its id is marked handled.
    const first = new AbortController();
    const hanging = post(url, headers, first.signal);
    await stall;
    expect(runs).toBe(1);
    // The retry comes after the lease (0.3 s from the claim) ran out.
    await sleep(Math.max(0, claimedAt! + 350 - Date.now()));
    expect(await post(url, headers)).toMatchObject({ status: 200 });
    expect(runs).toBe(2);
    first.abort();
    expect(await hanging).toBe('no answer');
  });

  it('drop the late outcome of a timed-out run: the id stays unhandled until a retry succeeds', async () => {
    let runs = 0;
    let lateOutcome!: () => void;
    const late = new Promise<void>((resolve) => (lateOutcome = resolve));
    const url = await serve({
      handlerTimeoutSec: 0.1,
      handlers: {
        webhooks: {
          stockUpdate: async () => {
            if (++runs > 1) return;
            await sleep(300);
            // Once the receiver has taken this late outcome (its reactions run before the next turn of the loop).
            setImmediate(lateOutcome);
          },
        },
      },
    });
    const headers = signed(json, { id: messageId() });
    expect(await post(url, headers)).toMatchObject({ status: 503 });
    await late;
    expect(await post(url, headers)).toMatchObject({ status: 200 });
    expect(runs).toBe(2);
  });

  it('refuses a handlerTimeoutSec that is not shorter than leaseSec', () => {
    expect(() => createReceiver({ secret: SECRET, leaseSec: 5, handlers: {} })).toThrow(
      /handlerTimeoutSec \(10\) must be shorter than leaseSec \(5\)/,
    );
    expect(() => createReceiver({ secret: SECRET, handlerTimeoutSec: 0, handlers: {} })).toThrow(/positive number of seconds/);
  });
});
