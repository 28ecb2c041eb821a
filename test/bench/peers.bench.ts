/**
 * Peers: clubnotify against what a user would build instead, a job queue plus a signing
 * POST, and against no queue at all. Every contender is a service process on 127.0.0.1 that
 * takes `POST /stockChanges` (8 in flight from this process), queues one message per
 * registration durably before answering 200, and has a worker sign each message with our
 * Standard Webhooks code and POST it through undici to one loopback receiver in this process.
 *
 * Equal: Node (this one), the receiver, the signed stockUpdate body (same JSON, same
 * headers and signing code), the registrations (all pointing at the receiver), the
 * in-flight limit of sending (40 in burst, 64 in fan-out), commit-before-answer where the
 * row says durable (PostgreSQL with synchronous_commit on and fsync; PGlite on disk; Redis
 * with appendfsync always), retries on failure (never exercised: the receiver answers 200).
 * Ours runs as an operator runs it in production: `npm start` (main.ts) with NODE_ENV=production
 * (requests validated; answers checked against the spec and mismatches logged, not enforced,
 * so a stock change is one autocommitted statement, shared with the changes that arrived while
 * the previous statements were out), LOG_LEVEL=error (no per-request log
 * line), the default worker (64 in flight, 4 per target); PEERS_NODE_ENV=development runs it
 * the strict way (then the publish is that statement in a transaction that waits for the check).
 * Not equal: ours authenticates an admin key, validates the request, updates two item rows,
 * reads the registrations from the database in the publish statement, keeps a per-target
 * limit of 4 and an attempt log, and gathers concurrent publishes into one statement and
 * one commit (each answered once that commit is durable);
 * the peers read registrations from memory, skip auth and validation, keep no attempt
 * log (BullMQ removes completed jobs; graphile-worker deletes them), and commit each
 * publish on its own (one addJobs, one MULTI). "bare" queues nothing:
 * it answers the publish and sends at once, so it is the cost of sending alone.
 *
 * Each form runs two kinds of round, the same number of each, every contender in the same
 * run, rounds interleaved and each round starting one contender later; one smaller warm-up
 * round each is not counted. A round publishes the form's events, waits for every message id
 * to arrive, then 500 ms more (outcomes recorded).
 *  - Throughput rounds: the publishers go as fast as they can, each publishing the next event
 *    as soon as its last one is answered. They outrun every contender (even bare), so the
 *    queue grows through the round and the latency column of this table measures the queue's
 *    length under overload, not the system's latency: it is labelled so. Equal here: the
 *    publishers; not equal: the offered rate (it is whatever each contender accepts).
 *  - Paced rounds: the same events at a fixed offered rate, equal for all contenders:
 *    PEERS_PACED_SHARE (0.5) of the slowest contender's median delivered/s in that form's
 *    throughput rounds of this run, in events/s (msgs/s ÷ registrations). Event i is due at
 *    start + i / rate; a publisher behind schedule (its last publish not yet answered)
 *    publishes at once, and its messages' latency still counts from the scheduled time, so a
 *    stall is charged to every event it delays (no coordinated omission). The table gives
 *    delivered/s (first scheduled publish to last arrival: about the offered rate when the
 *    contender keeps up, a shade over when latency is small since the last event is due
 *    (n - 1) / rate after the first; well under when it does not, and then its latency grows
 *    through the round), enqueue-to-arrival p50 / p90 / p99 / max pooled over the rounds, each
 *    round's p99, and how far behind schedule the latest publish started (1 ms or so is timer
 *    granularity). Half of a rate reached under overload is not always sustainable at a
 *    steady pace (work amortised over a backlog, such as one fsync per batch, costs more per
 *    message without one): the delivered/s column shows who did not keep up. Equal here: the
 *    offered rate and schedule; not equal: the share of its capacity that rate is for each
 *    contender (the fastest idle most). CPU is not measured in these rounds.
 * After each form's throughput table, where ours stands: ours against each durable peer, and PGlite
 * against PostgreSQL, each round divided by the other's round of the same rotation (median, range).
 * CPU (throughput rounds) is read after the 500 ms. It is the time on a CPU (/proc schedstat, in
 * ns, every thread) of the service process and of its database processes: the PostgreSQL
 * backends of its own database (not the shared walwriter/checkpointer), the private
 * redis-server; PGlite is in the service.
 * BullMQ gets private redis-servers (without persistence, and with the AOF and appendfsync
 * always), not the shared one on 6379, whose CPU other users share. PostgreSQL contenders run
 * only with DATABASE_URL. PEERS_BASELINE=<root of another clone or worktree> adds ours from there
 * on PostgreSQL ("clubnotify, PostgreSQL, baseline"), to compare two versions in the same run. PEERS_ROUNDS (3), PEERS_SCALE (1), PEERS_PACED_SHARE (0.5), PEERS_ONLY (names,
 * comma-separated: bare plus the contenders whose name contains one), PEERS_FORMS (burst, fan-out; both).
 * Variants of ours, in pairs that differ in one thing, join only when PEERS_ONLY names them (peers/variants.ts):
 * PEERS_ONLY=keyed ("keyed", 100 ordering keys per target, against "unkeyed", issue 50; PEERS_KEYS=8,100 adds the seed's 8) and PEERS_ONLY=pinned
 * ("pinned to 1", every delivery converted at enqueue, against "unpinned", issue 47) and PEERS_ONLY=signed
 * ("signed v1a", every target on ed25519, against "signed v1", HMAC, issue 51); each pair's ratios,
 * round by round, follow the standing table (throughput) and the paced table (p99 enqueue-to-arrival).
 */
import { autovacuumWarning, bullmq, bullmqName, ours, peer, scratchDatabase, type Contender } from './peers/contenders.js';
import { receiver, type Receiver } from './peers/receiver.js';
import { load, paceOf, printPaced, printPacedStanding, printStanding, printThroughput } from './peers/report.js';
import { pacedRound, rotated, throughputRound, type Form } from './peers/rounds.js';
import { keyedPairs, pinnedPairs, signedPairs } from './peers/variants.js';

const ROUNDS = Number(process.env.PEERS_ROUNDS ?? 3);
const SCALE = Number(process.env.PEERS_SCALE ?? 1);
const PACED_SHARE = Number(process.env.PEERS_PACED_SHARE ?? 0.5);
const FORMS: Form[] = [
  { name: 'burst', events: Math.round(300 * SCALE), registrations: 10, inflight: 40 },
  { name: 'fan-out', events: Math.round(60 * SCALE), registrations: 50, inflight: 64 },
];

/** A form's warm-up, throughput rounds and paced rounds, each table printed when measured. */
async function measure(form: Form, contenders: Contender[], hook: string, rx: Receiver): Promise<void> {
  const urls = Array.from({ length: form.registrations }, (_, i) => `${hook}?t=${i}`);
  for (const c of contenders) await c.setup(urls, form.inflight);
  for (const c of contenders) await throughputRound(c, form, Math.ceil(form.events / 3), rx);
  const throughput = await rotated(contenders, ROUNDS, (c) => throughputRound(c, form, form.events, rx));
  printThroughput(form, contenders, throughput);
  printStanding(form, throughput);
  const pace = paceOf(form, throughput, PACED_SHARE);
  const paced = await rotated(contenders, ROUNDS, (c) => pacedRound(c, form, pace.eventsPerSecond, rx));
  printPaced(form, contenders, paced, pace);
  printPacedStanding(form, paced);
}

export default async function peersBench(): Promise<void> {
  console.log(
    `Node ${process.version}; load at start ${load()}; ours with NODE_ENV=${process.env.PEERS_NODE_ENV ?? 'production'}, LOG_LEVEL=error; paced at ${PACED_SHARE * 100}% of the slowest\n`,
  );
  const warning = process.env.DATABASE_URL ? await autovacuumWarning() : '';
  if (warning) console.log(warning);
  const rx = receiver();
  const hook = await rx.listen();
  const contenders: Contender[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  const only = process.env.PEERS_ONLY?.split(',');
  const wanted = (name: string) => !only || name === 'bare' || only.some((o) => name.includes(o));
  // Only the contenders PEERS_ONLY keeps are started: each is a process or more, and set-up under load takes long.
  const add = async (name: string, make: () => Promise<Contender>) => {
    if (wanted(name)) contenders.push(await make());
  };
  const pg = process.env.DATABASE_URL;
  try {
    await add('bare', () => peer('bare', './bare-service.ts', {}));
    await add('clubnotify, PGlite', () => ours('clubnotify, PGlite'));
    const database = async (area: string) => {
      const db = await scratchDatabase(area);
      cleanups.push(db.drop);
      return db;
    };
    if (pg) await add('clubnotify, PostgreSQL', async () => ours('clubnotify, PostgreSQL', await database('peers_ours')));
    if (pg && process.env.PEERS_BASELINE) {
      const name = 'clubnotify, PostgreSQL, baseline';
      await add(name, async () => ours(name, await database('peers_base'), process.env.PEERS_BASELINE));
    }
    if (only?.some((o) => o.includes('keyed'))) await keyedPairs(contenders, cleanups);
    if (only?.some((o) => o.includes('pinned'))) await pinnedPairs(contenders, cleanups);
    if (only?.some((o) => o.includes('signed'))) await signedPairs(contenders, cleanups);
    for (const durable of [false, true]) await add(bullmqName(durable), () => bullmq(durable));
    if (pg) {
      const name = 'graphile-worker, batched';
      await add(name, async () => {
        const db = await database('peers_gw');
        return peer(name, './graphile-service.ts', { DATABASE_URL: db.url }, db.meter());
      });
    }
    if (!pg) console.log('(PostgreSQL contenders skipped: set DATABASE_URL to measure them too)\n');
    // A variant pair is made whole; PEERS_ONLY may keep one half of it (unkeyed).
    for (const c of contenders.filter((c) => !wanted(c.name))) await c.stop();
    contenders.splice(0, contenders.length, ...contenders.filter((c) => wanted(c.name)));
    const forms = process.env.PEERS_FORMS?.split(',');
    for (const form of FORMS.filter((f) => !forms || forms.includes(f.name))) await measure(form, contenders, hook, rx);
  } finally {
    for (const c of contenders) await c.stop();
    for (const cleanup of cleanups) await cleanup();
    await rx.close();
  }
}
