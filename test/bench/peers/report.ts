import { loadavg } from 'node:os';
import { percentile } from '../table.js';
import type { Contender } from './contenders.js';
import type { Form, PacedRound, ThroughputRound } from './rounds.js';
import { VARIANT_PAIRS } from './variants.js';

/** The offered rate of a form's paced rounds, the same for every contender. */
export interface Pace {
  msgsPerSecond: number;
  eventsPerSecond: number;
  share: number;
  /** The contender whose median delivered/s it is a share of. */
  slowest: string;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : n.toFixed(2));
export const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const pooled = (rounds: Array<{ latencies: number[] }>) => rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);

/** `share` of the slowest contender's median delivered/s in a form's throughput rounds. */
export function paceOf(form: Form, results: Map<string, ThroughputRound[]>, share: number): Pace {
  const [slowest, rate] = [...results]
    .map(([name, rounds]) => [name, median(rounds.map((r) => r.rate))] as const)
    .reduce((a, b) => (b[1] < a[1] ? b : a));
  const msgsPerSecond = rate * share;
  return { msgsPerSecond, eventsPerSecond: msgsPerSecond / form.registrations, share, slowest };
}

export function printThroughput(form: Form, contenders: Contender[], results: Map<string, ThroughputRound[]>): void {
  const bare = results.get('bare')!;
  const rounds = bare.length;
  console.log(
    `### ${form.name}, as fast as possible: ${form.events} events × ${form.registrations} registrations, ${form.inflight} in flight, median of ${rounds} (load ${load()})\n`,
  );
  console.log(
    '| contender | ratio to bare (min–max) | delivered/s | CPU ms / 1,000 msgs (service + database) | enqueue-to-arrival p50 / p99 under overload (publishers outrun the contender) |',
  );
  console.log('|---|---:|---:|---:|---:|');
  for (const c of contenders) {
    const rounds = results.get(c.name)!;
    const ratios = rounds.map((r, i) => r.rate / bare[i]!.rate);
    const lat = pooled(rounds);
    const cpu = median(rounds.map((r) => r.cpuService + r.cpuDatabase));
    const split = c.database ? ` (${fmt(median(rounds.map((r) => r.cpuService)))} + ${fmt(median(rounds.map((r) => r.cpuDatabase)))})` : '';
    console.log(
      `| ${c.name} | ${median(ratios).toFixed(2)} (${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}) | ${fmt(median(rounds.map((r) => r.rate)))} | ${fmt(cpu)}${split} | ${fmt(percentile(lat, 50))} / ${fmt(percentile(lat, 99))} ms |`,
    );
  }
  console.log('');
}

export function printPaced(form: Form, contenders: Contender[], results: Map<string, PacedRound[]>, pace: Pace): void {
  const rounds = results.get(contenders[0]!.name)!.length;
  const events = `${pace.eventsPerSecond.toFixed(1)} events/s`;
  const basis = `${Math.round(pace.share * 100)}% of ${pace.slowest}'s median delivered/s above`;
  console.log(
    `### ${form.name}, paced: ${form.events} events × ${form.registrations} registrations at ${events} (${basis}), pooled over ${rounds} round${rounds === 1 ? '' : 's'} (load ${load()})\n`,
  );
  console.log(
    '| contender | offered msgs/s | delivered/s (min–max) | enqueue-to-arrival p50 / p90 / p99 / max (from scheduled time) | p99 of each round | latest publish behind schedule |',
  );
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const c of contenders) {
    const rounds = results.get(c.name)!;
    const rates = rounds.map((r) => r.rate);
    const delivered = `${fmt(median(rates))} (${fmt(Math.min(...rates))}–${fmt(Math.max(...rates))})`;
    const lat = pooled(rounds);
    const ps = [50, 90, 99].map((p) => fmt(percentile(lat, p)));
    const each = rounds.map((r) => fmt(percentile(pooled([r]), 99))).join(', ');
    const behind = Math.max(...rounds.map((r) => r.behind));
    console.log(
      `| ${c.name} | ${fmt(pace.msgsPerSecond)} | ${delivered} | ${ps.join(' / ')} / ${fmt(lat.at(-1)!)} ms | ${each} ms | ${fmt(behind)} ms |`,
    );
  }
  console.log('');
}

/** The contenders ours is held against (issue 29): every peer that keeps a message once it has answered. */
const durablePeer = (name: string) => name !== 'bare' && !name.startsWith('clubnotify') && !name.includes('without persistence');

/** Round by round (the same rotation), `a` against `b`: delivered/s a ÷ b, and CPU per message b ÷ a (above 1: a is ahead). */
function paired(a: ThroughputRound[], b: ThroughputRound[]) {
  const cpu = (r: ThroughputRound) => r.cpuService + r.cpuDatabase;
  return { rate: a.map((r, i) => r.rate / b[i]!.rate), cpu: a.map((r, i) => cpu(b[i]!) / cpu(r)) };
}

const spread = (xs: number[]) => `${median(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;

/** The variant pairs (peers/variants.ts) both of whose contenders ran. */
const presentPairs = (results: Map<string, unknown>) => VARIANT_PAIRS.filter(([a, b]) => results.has(a) && results.has(b));

/**
 * Where ours stands, from the throughput rounds: ours against each durable peer and PGlite
 * against PostgreSQL, as ratios of each round to the other contender's round of the same
 * rotation (the machine's load drifts less within a rotation than across the run), median and
 * range. Above 1, the first one named is ahead in that measure.
 */
export function printStanding(form: Form, results: Map<string, ThroughputRound[]>): void {
  const pg = results.get('clubnotify, PostgreSQL');
  const pglite = results.get('clubnotify, PGlite');
  const [ours, oursRounds] = pg ? ['clubnotify, PostgreSQL', pg] : ['clubnotify, PGlite', pglite];
  const rows: Array<[string, ReturnType<typeof paired>]> = [];
  if (oursRounds)
    for (const [name, rounds] of results) if (durablePeer(name)) rows.push([`${ours} against ${name}`, paired(oursRounds, rounds)]);
  if (pg && pglite) rows.push(['clubnotify, PGlite against clubnotify, PostgreSQL', paired(pglite, pg)]);
  for (const [a, b] of presentPairs(results)) rows.push([`${a} against ${b}`, paired(results.get(a)!, results.get(b)!)]);
  if (rows.length === 0) return;
  console.log(`### ${form.name}, where ours stands: each throughput round against the other's round of the same rotation\n`);
  console.log('| comparison | delivered/s, first ÷ second: median (min–max) | CPU per message, second ÷ first: median (min–max) |');
  console.log('|---|---:|---:|');
  for (const [label, { rate, cpu }] of rows) console.log(`| ${label} | ${spread(rate)} | ${spread(cpu)} |`);
  console.log('');
}

/**
 * Each variant pair (peers/variants.ts) in the paced rounds: each round's p99 enqueue-to-arrival
 * of the first ÷ the second's round of the same rotation (median, range): below 1, the first is ahead.
 */
export function printPacedStanding(form: Form, results: Map<string, PacedRound[]>): void {
  const pairs = presentPairs(results);
  if (pairs.length === 0) return;
  const p99 = (r: PacedRound) => percentile(pooled([r]), 99);
  console.log(`### ${form.name}, paced, variant pairs: each round's p99 against the other's round of the same rotation\n`);
  console.log('| comparison | p99 enqueue-to-arrival, first ÷ second: median (min–max) |');
  console.log('|---|---:|');
  for (const [a, b] of pairs) {
    const second = results.get(b)!;
    console.log(`| ${a} against ${b} | ${spread(results.get(a)!.map((r, i) => p99(r) / p99(second[i]!)))} |`);
  }
  console.log('');
}
