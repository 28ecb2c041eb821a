import { PUBLISHERS, type Contender } from './contenders.js';
import type { Receiver } from './receiver.js';

export interface Form {
  name: string;
  events: number;
  registrations: number;
  inflight: number;
}

/** A throughput round: publishers as fast as they can go. */
export interface ThroughputRound {
  /** Delivered messages per second, first publish to last arrival. */
  rate: number;
  cpuService: number;
  cpuDatabase: number;
  /** Enqueue-to-arrival per message, ms from the start of its publish request. */
  latencies: number[];
}

/** A paced round: event i is due at start + i / rate. */
export interface PacedRound {
  /** Delivered messages per second, first scheduled publish to last arrival: about the offered rate when kept up. */
  rate: number;
  /** Enqueue-to-arrival per message, ms from its event's scheduled time. */
  latencies: number[];
  /** How far behind schedule the latest publish started, ms. */
  behind: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const maxOf = (xs: number[]) => xs.reduce((m, x) => Math.max(m, x), -Infinity);

/**
 * Publishes events 0..events-1 from PUBLISHERS concurrent publishers, each taking the next
 * event when its last publish was answered. `from(i)` resolves when event i may go, with the
 * time its messages' latency counts from.
 */
async function publishAll(c: Contender, events: number, from: (i: number) => Promise<number>): Promise<number[]> {
  const origins: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: PUBLISHERS }, async () => {
      while (next < events) {
        const i = next++;
        origins[i] = await from(i);
        await c.publish(i);
      }
    }),
  );
  return origins;
}

/** Publishes a round, waits for every message to arrive, then 500 ms more (outcomes recorded). */
async function deliver(c: Contender, form: Form, events: number, rx: Receiver, from: (i: number) => Promise<number>) {
  const total = events * form.registrations;
  const arrived = rx.expect(total, 180_000);
  arrived.catch(() => {}); // awaited below; a publish failure must not leave it unhandled
  const started = performance.now();
  const origins = await publishAll(c, events, from);
  const arrivals = [...(await arrived).values()];
  await sleep(500);
  return {
    total,
    seconds: (maxOf(arrivals.map((a) => a.at)) - started) / 1000,
    latencies: arrivals.map((a) => a.at - origins[a.event]!),
  };
}

export async function throughputRound(c: Contender, form: Form, events: number, rx: Receiver): Promise<ThroughputRound> {
  c.service.start();
  c.database?.start();
  const { total, seconds, latencies } = await deliver(c, form, events, rx, async () => performance.now());
  const perThousand = 1000 / total;
  return {
    rate: total / seconds,
    cpuService: c.service.stop() * perThousand,
    cpuDatabase: (c.database?.stop() ?? 0) * perThousand,
    latencies,
  };
}

/**
 * Publishes `eventsPerSecond` on a fixed schedule. A publisher behind schedule publishes at
 * once, and its messages' latency still counts from the scheduled time (no coordinated omission).
 */
export async function pacedRound(c: Contender, form: Form, eventsPerSecond: number, rx: Receiver): Promise<PacedRound> {
  const interval = 1000 / eventsPerSecond;
  const start = performance.now();
  let behind = 0;
  const due = async (i: number) => {
    const at = start + i * interval;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    behind = Math.max(behind, performance.now() - at);
    return at;
  };
  const { total, seconds, latencies } = await deliver(c, form, form.events, rx, due);
  return { rate: total / seconds, latencies, behind };
}

/** Runs `rounds` rounds of every contender, interleaved, each round starting one contender later. */
export async function rotated<T>(contenders: Contender[], rounds: number, run: (c: Contender) => Promise<T>): Promise<Map<string, T[]>> {
  const results = new Map<string, T[]>(contenders.map((c) => [c.name, []]));
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(r + k) % contenders.length]!;
      results.get(c.name)!.push(await run(c));
    }
  }
  return results;
}
