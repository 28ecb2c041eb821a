/**
 * Statements: the database CPU per message of the two statements every published message
 * goes through on PostgreSQL, the stock change (queue) and the record statement (queue to
 * history), this checkout against another clone or worktree (STATEMENTS_BASELINE, its root).
 * Each side gets a scratch database migrated by its own code, with its own registrations,
 * and runs its own statements on one connection; the two alternate batch by batch, so both
 * meet the same machine. CPU is the backend's time on a CPU (/proc/<pid>/schedstat, in ns),
 * not wall time. Forms: burst (10 registrations, 3 changes a stock statement, 100 outcomes a
 * record statement, as `npm run bench -- peers` sees them) and fan-out (50, 8, 200).
 * STATEMENTS_BATCHES (100) per form and side, the first 5 not counted. Runs only with
 * DATABASE_URL and STATEMENTS_BASELINE.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Database } from '../../packages/server/src/db/database.js';
import type { FreshDelivery, Outcome, TargetPolicy } from '../../packages/server/src/delivery/types.js';
import type { StockChange, StockChanged } from '../../packages/server/src/publish/stock-change.js';
import { createPgDatabase } from '../reliability/server-process.js';
import { stockChange } from './peers/message.js';
import { oneConnection } from './one-connection.js';
import { addBenchRegistrations } from './registrations.js';
import { printRatios } from './table.js';

const BATCHES = Number(process.env.STATEMENTS_BATCHES ?? 100);
const FORMS = [
  { name: 'burst', registrations: 10, changes: 3, outcomes: 100 },
  { name: 'fan-out', registrations: 50, changes: 8, outcomes: 200 },
];
const POLICY: TargetPolicy = { disableAfterMs: 86_400_000, breakAfter: 5, coolDownMs: 60_000 };
const here = fileURLToPath(new URL('../../', import.meta.url));

interface Side {
  db: Database;
  client: pg.Client;
  pid: number;
  changeStocks(changes: StockChange[]): Promise<Array<StockChanged | Error>>;
  record(outcomes: Outcome[]): Promise<unknown>;
  drop(): Promise<void>;
}

/** The backend's time on a CPU, ms. */
const cpuMs = (pid: number): number => Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

/** A scratch database migrated and seeded by the code of `root`, with `registrations` stockUpdate registrations. */
async function side(root: string, registrations: number): Promise<Side> {
  const src = (...paths: string[]) => {
    const found = paths.map((p) => join(root, 'packages/server/src', p));
    return import(found.find((p) => existsSync(p)) ?? found[0]!);
  };
  const [{ migrate }, { seed }, stock, record] = await Promise.all([
    src('db/migrate.ts'),
    src('db/seed.ts'),
    src('publish/stock-change.ts'),
    // A baseline from before delivery/ was filed by stage keeps its statements in delivery/sql/.
    src('delivery/record/record.sql.ts', 'delivery/sql/record.ts'),
  ]);
  const scratch = await createPgDatabase('statements');
  // One connection, every statement prepared once (as the server's pool does with its hot ones).
  const { db, client } = await oneConnection(scratch.url, { prepare: true });
  await migrate(db);
  await seed(db);
  await addBenchRegistrations(client, registrations);
  const [{ pid }] = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [{ pid: number }];
  const fanOut = new stock.StockFanOut();
  return {
    db,
    client,
    pid,
    // A baseline from before the outbox announced every delivery passes a `notify` flag (false: no NOTIFY at commit).
    changeStocks: (changes) =>
      stock.changeStocks.length === 4 ? stock.changeStocks(db, changes, false, fanOut) : stock.changeStocks(db, changes, fanOut),
    record: (outcomes) => record.recordBatch(db, outcomes, POLICY),
    drop: async () => {
      await client.end();
      await scratch.drop();
    },
  };
}

const succeeded = (d: FreshDelivery): Outcome => ({
  delivery: { ...d, attempt_count: 1 },
  result: { startedAt: new Date(), durationMs: 2, statusCode: 200, error: null, responseBody: 'ok', retryAfterMs: null },
  status: 'succeeded',
  retryInMs: null,
});

/** Database CPU per message (µs) of the stock and record statements on each side, batches alternated. */
async function measure(form: (typeof FORMS)[number], sides: Side[]): Promise<Array<{ stock: number; record: number }>> {
  const totals = sides.map(() => ({ stock: 0, record: 0, messages: 0 }));
  const queued = sides.map(() => [] as FreshDelivery[]);
  let event = 0;
  for (let batch = 0; batch < BATCHES; batch++) {
    for (const [k, s] of sides.entries()) {
      const start = cpuMs(s.pid);
      while (queued[k]!.length < form.outcomes) {
        const changes = Array.from({ length: form.changes }, () => stockChange(event++));
        for (const answer of await s.changeStocks(changes)) {
          if (answer instanceof Error) throw answer;
          queued[k]!.push(...answer.fresh);
        }
      }
      const queuedAt = cpuMs(s.pid);
      const ended = queued[k]!.splice(0, form.outcomes);
      await s.record(ended.map(succeeded));
      if (batch < 5) continue;
      totals[k]!.stock += queuedAt - start;
      totals[k]!.record += cpuMs(s.pid) - queuedAt;
      totals[k]!.messages += ended.length;
    }
  }
  return totals.map((t) => ({ stock: (1000 * t.stock) / t.messages, record: (1000 * t.record) / t.messages }));
}

export default async function statementsBench(): Promise<void> {
  const baseline = process.env.STATEMENTS_BASELINE;
  if (!process.env.DATABASE_URL || !baseline) {
    console.log('(skipped: set DATABASE_URL and STATEMENTS_BASELINE to the root of the clone or worktree to compare with)\n');
    return;
  }
  for (const form of FORMS) {
    const sides = [await side(here, form.registrations), await side(baseline, form.registrations)];
    try {
      const [ours, base] = await measure(form, sides);
      printRatios(
        `${form.name}: database CPU per message, ${form.registrations} registrations, ${form.changes} changes a stock statement, ${form.outcomes} outcomes a record statement (baseline: ${baseline})`,
        [
          { name: 'stock statement', ours: ours!.stock, baseline: base!.stock, unit: 'µs', better: 'lower' },
          { name: 'record statement', ours: ours!.record, baseline: base!.record, unit: 'µs', better: 'lower' },
          { name: 'both', ours: ours!.stock + ours!.record, baseline: base!.stock + base!.record, unit: 'µs', better: 'lower' },
        ],
      );
    } finally {
      for (const s of sides) await s.drop();
    }
  }
}
