/**
 * Statements: the database's time on a CPU per message in the statements every published
 * message goes through, this checkout against a baseline, each side in a scratch database of its
 * own, migrated and seeded by its own code. The two alternate batch by batch, so both meet the same machine.
 *  - The stock change (queue) and the record statement (queue to history); on PGlite also the
 *    due-rows read between them, its claim (PostgreSQL's claim serves only the targets a running
 *    worker holds, so it is left out there).
 *  - PostgreSQL (with DATABASE_URL): the backend's CPU, on one connection with every statement
 *    prepared once (as the server's pool does with its hot ones). PGlite: its thread's CPU.
 *    Both from /proc/…/schedstat, in ns: not wall time.
 *
 * STATEMENTS_BASELINE is the root of another clone or worktree, or `unkeyed`: a copy of this
 * checkout whose stock statement queues every message without its ordering key (the peers
 * bench's unkeyed variant), both sides then changing 100 drinks in turn, 100 keys per target (issue 50).
 * Forms: burst (10 registrations, 3 changes a stock statement, 100 outcomes a record statement,
 * as `npm run bench -- peers` sees them) and fan-out (50, 8, 200). STATEMENTS_BATCHES (100) per
 * form and side, the first 5 not counted.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MigratableDatabase } from '../../packages/server/src/db/database.js';
import type { ClaimedDelivery, FreshDelivery, Outcome, TargetPolicy } from '../../packages/server/src/delivery/types.js';
import type { StockChange, StockChanged } from '../../packages/server/src/publish/stock-change.js';
import { createPgDatabase } from '../reliability/server-process.js';
import { keyedStockChange, stockChange } from './peers/message.js';
import { unkeyedCopy } from './peers/variants.js';
import { oneConnection } from './one-connection.js';
import { addBenchRegistrations, addKeyedDrinks } from './registrations.js';
import { printRatios, type Row } from './table.js';

const BATCHES = Number(process.env.STATEMENTS_BATCHES ?? 100);
const FORMS = [
  { name: 'burst', registrations: 10, changes: 3, outcomes: 100 },
  { name: 'fan-out', registrations: 50, changes: 8, outcomes: 200 },
];
type Form = (typeof FORMS)[number];
const POLICY: TargetPolicy = { disableAfterMs: 86_400_000, breakAfter: 5, coolDownMs: 60_000 };
const here = fileURLToPath(new URL('../../', import.meta.url));

type Delivery = FreshDelivery | ClaimedDelivery;

interface Side {
  /** The database's time on a CPU so far, ms. */
  cpuMs(): number;
  changeStocks(changes: StockChange[]): Promise<Array<StockChanged | Error>>;
  /** PGlite: reads up to `limit` due rows, oldest first, as its worker's claim does. */
  readDue?(limit: number): Promise<Delivery[]>;
  record(outcomes: Outcome[]): Promise<unknown>;
  close(): Promise<void>;
}

/** Time on a CPU of a process or thread (its /proc folder), ms. */
const cpuMsOf = (proc: string): number => Number(readFileSync(`${proc}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

/** The code of the checkout at `root`: `paths` are tried in turn under packages/server/src (a baseline may keep a module elsewhere). */
const code = (root: string) => {
  const src = (...paths: string[]) => {
    const found = paths.map((p) => join(root, 'packages/server/src', p));
    return import(found.find((p) => existsSync(p)) ?? found[0]!);
  };
  return Promise.all([
    src('db/migrate.ts'),
    src('db/seed.ts'),
    src('publish/stock-change.ts'),
    // A baseline from before delivery/ was filed by stage keeps its statements in delivery/sql/.
    src('delivery/record/record.sql.ts', 'delivery/sql/record.ts'),
    src('delivery/claim/claim.sql.ts', 'delivery/sql/claim.ts'),
    src('db/open.ts'),
  ]);
};

/** A database of the checkout at `root`, migrated and seeded, with `registrations` stockUpdate registrations (and the keyed drinks). */
async function side(root: string, form: Form, keyed: boolean, pg: boolean): Promise<Side> {
  const [{ migrate }, { seed }, stock, record, claim, { openDatabase }] = await code(root);
  const { db, cpuMs, close } = pg ? await postgres() : await pglite(openDatabase);
  await migrate(db);
  await seed(db);
  await addBenchRegistrations(db, form.registrations);
  if (keyed) await addKeyedDrinks(db);
  const fanOut = new stock.StockFanOut();
  return {
    cpuMs,
    // A baseline from before the outbox announced every delivery passes a `notify` flag (false: no NOTIFY at commit).
    changeStocks: (changes) =>
      stock.changeStocks.length === 4 ? stock.changeStocks(db, changes, false, fanOut) : stock.changeStocks(db, changes, fanOut),
    readDue: pg || !claim.readDueRows ? undefined : (limit) => claim.readDueRows(db, limit, [], [], []),
    record: (outcomes) => record.recordBatch(db, outcomes, POLICY),
    close,
  };
}

async function postgres() {
  const scratch = await createPgDatabase('statements');
  const { db, client } = await oneConnection(scratch.url, { prepare: true });
  const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
  return {
    db,
    cpuMs: () => cpuMsOf(`/proc/${pid}`),
    close: async () => {
      await client.end();
      await scratch.drop();
    },
  };
}

/** PGlite in memory; its thread is the one opening it started (each side's own code opens its own). */
async function pglite(openDatabase: (options: object) => Promise<MigratableDatabase>) {
  const before = new Set(readdirSync('/proc/self/task'));
  const db = await openDatabase({});
  const threads = readdirSync('/proc/self/task').filter((t) => !before.has(t));
  return {
    db,
    cpuMs: () => threads.reduce((sum, t) => sum + cpuMsOf(`/proc/self/task/${t}`), 0),
    close: () => db.close(),
  };
}

const succeeded = (d: Delivery): Outcome => ({
  delivery: { ...d, attempt_count: 1 } as Outcome['delivery'],
  result: { startedAt: new Date(), durationMs: 2, statusCode: 200, error: null, responseBody: 'ok', retryAfterMs: null },
  status: 'succeeded',
  retryInMs: null,
});

interface PerMessage {
  stock: number;
  claim: number;
  record: number;
}

/** Database CPU per message (µs) of each statement on each side, batches alternated. */
async function measure(form: Form, sides: Side[], keyed: boolean): Promise<PerMessage[]> {
  const totals = sides.map(() => ({ stock: 0, claim: 0, record: 0, messages: 0 }));
  const queued = sides.map(() => [] as Delivery[]);
  const change = keyed ? keyedStockChange : stockChange;
  // Each side publishes the same changes in the same order.
  const events = sides.map(() => 0);
  for (let batch = 0; batch < BATCHES; batch++) {
    for (const [k, s] of sides.entries()) {
      const t0 = s.cpuMs();
      while (queued[k]!.length < form.outcomes) {
        const changes = Array.from({ length: form.changes }, () => change(events[k]!++));
        for (const answer of await s.changeStocks(changes)) {
          if (answer instanceof Error) throw answer;
          queued[k]!.push(...answer.fresh);
        }
      }
      const t1 = s.cpuMs();
      // The due rows are the oldest queued ones: what the read returns replaces them.
      const ended = queued[k]!.splice(0, form.outcomes);
      const read = s.readDue ? await s.readDue(form.outcomes) : ended;
      const t2 = s.cpuMs();
      await s.record(read.map(succeeded));
      if (batch < 5) continue;
      const total = totals[k]!;
      total.stock += t1 - t0;
      total.claim += t2 - t1;
      total.record += s.cpuMs() - t2;
      total.messages += read.length;
    }
  }
  return totals.map((t) => ({
    stock: (1000 * t.stock) / t.messages,
    claim: (1000 * t.claim) / t.messages,
    record: (1000 * t.record) / t.messages,
  }));
}

function print(title: string, [ours, base]: PerMessage[], claims: boolean): void {
  const row = (name: string, of: (m: PerMessage) => number): Row => ({
    name,
    ours: of(ours!),
    baseline: of(base!),
    unit: 'µs',
    better: 'lower',
  });
  printRatios(title, [
    row('stock statement', (m) => m.stock),
    ...(claims ? [row('due-rows read', (m) => m.claim)] : []),
    row('record statement', (m) => m.record),
    row('all', (m) => m.stock + m.claim + m.record),
  ]);
}

export default async function statementsBench(): Promise<void> {
  const named = process.env.STATEMENTS_BASELINE;
  if (!named) {
    console.log('(skipped: set STATEMENTS_BASELINE to the root of the clone or worktree to compare with, or to `unkeyed`)\n');
    return;
  }
  const keyed = named === 'unkeyed';
  const baseline = keyed ? await unkeyedCopy() : named;
  try {
    for (const pg of process.env.DATABASE_URL ? [false, true] : [false]) {
      for (const form of FORMS) {
        const sides = [await side(here, form, keyed, pg), await side(baseline, form, keyed, pg)];
        try {
          const what = `${pg ? 'PostgreSQL' : 'PGlite'}, ${form.name}: database CPU per message, ${form.registrations} registrations, ${form.changes} changes a stock statement, ${form.outcomes} outcomes a record statement`;
          print(
            `${what} (baseline: ${keyed ? 'this checkout, unkeyed; 100 keys per target' : baseline})`,
            await measure(form, sides, keyed),
            !pg,
          );
        } finally {
          for (const s of sides) await s.close();
        }
      }
    }
  } finally {
    if (keyed) await rm(baseline, { recursive: true, force: true });
  }
}
