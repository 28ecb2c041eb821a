import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../src/db/database.js';
import { preparedName } from '../../src/db/prepared.js';
import { claimDue } from '../../src/delivery/claim/claim-due.js';
import { cancelDeliveriesForTarget } from '../../src/delivery/queue/cancel.sql.js';
import { insertDeliveries } from '../../src/delivery/queue/insert.sql.js';
import { dayAttemptsDeleteSql, pruneHistoryBatch, tidyHistory } from '../../src/delivery/upkeep/prune.sql.js';
import { recordOutcomes } from '../../src/delivery/record/record.sql.js';
import { requeueDelivery, requeueSince } from '../../src/delivery/queue/requeue.sql.js';
import type { ClaimedDelivery, Outcome } from '../../src/delivery/types.js';
import { Upkeep } from '../../src/delivery/upkeep/upkeep.js';
import { addHistoryDays } from '../../src/delivery/upkeep/partitions.sql.js';
import { targetHealthReport } from '../../src/domain/target-health-report.js';
import { createEventLookup } from '../../src/metrics/event-lookup.js';
import { createCursorCodec } from '../../src/pagination/cursor.js';
import { keysetPage } from '../../src/pagination/keyset.js';
import { createTestDatabase, type TestDatabase } from './delivery-support.js';
import { readLedger } from '../../src/delivery/queue/ledger.sql.js';
import { addFilter, Conditions, type MessageFilter } from '../../src/routes/delivery-filters.js';
import { fillDeliveredHistory, fillPending } from './fill-history.js';
import { idTimeBound } from '../../src/delivery/queue/id-time-bound.js';
import { ATTEMPT_LOG_SQL, attemptLogParams } from '../../src/routes/attempt-log.sql.js';

const PENDING = 2_000;
/** A history partition under this many rows may be scanned: each fill day holds thousands. */
const SMALL_PARTITION = 500;
/**
 * The history's newest message ended a minute before today's UTC midnight (this process's), its oldest a
 * day before: the partitions the plans read hold the same rows at any hour. Ending now, today's held only
 * the minutes since midnight (at 00:50, 1,700 rows of one owner), which the planner rightly reads whole.
 */
const FILL_END = new Date(new Date().setUTCHours(0, 0, 0, 0) - 60_000);
/** The start of the time-bounded reads: the history's last hour. */
const SINCE = () => new Date(FILL_END.getTime() - 3_600_000).toISOString();
const POLICY = { disableAfterMs: 86_400_000, breakAfter: 5, coolDownMs: 60_000 };
// The queue and the history; the targets' tables hold one row per target, read by primary key or, while small, scanned.
const HOT_TABLES = ['deliveries', 'delivery_history', 'delivery_attempts'];
const LIST_COLUMNS = 'seq, id, owner_key_id, message_id, kind, event, target_id, url, status, attempt_count, next_attempt_at, created_at';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}
interface Explained {
  what: string;
  generic: boolean;
  plan: PlanNode;
  /** How long the statement itself took to run, in ms (not asserted: printed with PLANS_TIMINGS=1). */
  ms?: number;
}

/** The database, explaining each statement before it runs it. */
function explaining(db: Database, into: Explained[], what: () => string): Database {
  const explain = async (q: Queryable, sql: string, params?: unknown[]) => {
    into.push({ what: what(), generic: false, plan: await planOf(q, sql, params) });
    if (preparedName(sql))
      into.push({
        what: what(),
        generic: true,
        plan: await db.transaction(async (tx) => {
          await tx.query('SET LOCAL plan_cache_mode = force_generic_plan');
          return planOf(tx, sql, params);
        }),
      });
    const started = performance.now();
    const rows = await q.query(sql, params);
    into.filter((e) => e.ms === undefined).forEach((e) => (e.ms = performance.now() - started));
    return rows;
  };
  const wrap = (q: Queryable): Queryable => ({ query: <T>(sql: string, params?: unknown[]) => explain(q, sql, params) as Promise<T[]> });
  return { kind: db.kind, query: wrap(db).query, transaction: (fn) => db.transaction((tx) => fn(wrap(tx))), close: () => db.close() };
}

async function planOf(q: Queryable, sql: string, params?: unknown[]): Promise<PlanNode> {
  const [row] = await q.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const json = row!['QUERY PLAN'];
  return (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode;
}

function* nodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

/** A hot table, or a partition of the history (migration 102). */
const isHot = (name: string | undefined) => name !== undefined && (HOT_TABLES.includes(name) || name.startsWith('delivery_history_'));

/** What is wrong with a plan: a nested loop over two CTE scans, or a sequential scan of a hot table (a small partition aside). */
function faults(plan: PlanNode, small: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const node of nodes(plan)) {
    const children = node.Plans ?? [];
    if (node['Node Type'] === 'Nested Loop' && children.length === 2 && children.every((c) => c['Node Type'] === 'CTE Scan'))
      found.push('Nested Loop over CTE Scans');
    if (node['Node Type'] === 'Seq Scan' && isHot(node['Relation Name']) && !small.has(node['Relation Name']!))
      found.push(`Seq Scan on ${node['Relation Name']}`);
  }
  return found;
}

function outcome(delivery: ClaimedDelivery, statusCode: number, final = false): Outcome {
  const ok = statusCode < 300;
  const result = {
    startedAt: new Date(),
    durationMs: 3,
    statusCode,
    error: ok ? null : `HTTP ${statusCode}`,
    responseBody: '',
    retryAfterMs: null,
  };
  return { delivery, result, status: ok ? 'succeeded' : final ? 'failed' : 'pending', retryInMs: ok || final ? null : 60_000 };
}

/**
 * The hot statements' plans with a large history beside a small queue (issue 35): 2,000 pending
 * rows among `history` ended ones. Each statement the engine and the readers send is explained as
 * it is sent (same text, same parameters; prepared ones also with their generic plan), with
 * statistics taken before the history was written (autovacuum not there yet) and after.
 * The gate runs it at the smallest history where a missing index still shows (delivery/plans.test.ts),
 * test:scale at 200,000 (delivery/plans.scale.test.ts).
 */
export function describeHotPlans(history: number): void {
  describe.runIf(process.env.DATABASE_URL)(`hot statement plans with a history of ${history} on postgres`, () => {
    let t: TestDatabase;
    let targets: string[];
    let owner: string;
    const worker = `wrk_${randomBytes(8).toString('hex')}`;

    beforeAll(async () => {
      t = await createTestDatabase('postgres');
      // Statistics of empty tables, then the history's as the worker's pruner takes them (every
      // minute); the queue's stay those of an empty queue: a backlog has just arrived.
      await t.db.query('ANALYZE');
      const filled = await fillDeliveredHistory(t.db, { messages: history, targets: 40, endAt: FILL_END });
      targets = filled.targetIds;
      owner = filled.ownerKeyId;
      // The rows of the days before today move from the default partition into theirs, as the worker's retention run does.
      await addHistoryDays(t.db);
      await tidyHistory(t.db, false);
      await fillPending(t.db, { messages: PENDING, targetIds: targets, ownerKeyId: owner });
    }, 600_000);
    afterAll(async () => t?.drop());

    /** Runs the engine's and the readers' hot paths once through an explaining database; returns every plan. */
    async function explainHotPaths(): Promise<Explained[]> {
      const plans: Explained[] = [];
      let what = '';
      const db = explaining(t.db, plans, () => what);
      const args = { owner: worker, limit: 512, leaseMs: 60_000, perTarget: 32 };
      what = 'claim';
      const maps = { inFlight: new Map(), held: new Map(), ownerHeld: new Map(), perOwner: 2_048 };
      let claimed = (await claimDue(db, { ...args, ...maps })).rows;
      if (claimed.length === 0) claimed = (await claimDue(db, { ...args, ...maps })).rows;
      expect(claimed.length).toBeGreaterThan(10);
      what = 'claim (owners at their cap)';
      const capped = await claimDue(db, {
        ...args,
        ...maps,
        perOwner: 64,
        ownerHeld: new Map([[owner, 32]]),
        held: new Map(claimed.map((d) => [d.id, d.target_id])),
      });
      expect(capped.rows.length).toBe(32);
      what = 'record (successes)';
      await recordOutcomes(
        db,
        claimed.slice(0, 5).map((d) => outcome(d, 204)),
        POLICY,
      );
      what = 'record (with failures)';
      await recordOutcomes(db, [outcome(claimed[5]!, 204), outcome(claimed[6]!, 503), outcome(claimed[7]!, 500, true)], POLICY);
      what = 'publish (insert)';
      const url = 'https://hooks.example.com/plans';
      await db.transaction((tx) =>
        insertDeliveries(
          tx,
          targets.slice(0, 10).map((targetId) => ({
            kind: 'webhook',
            event: 'stockUpdate',
            targetId,
            ownerKeyId: owner,
            url,
            contentType: 'application/json',
            body: '{}',
          })),
        ),
      );
      what = 'health read';
      await targetHealthReport(db, targets[3]!);
      what = 'event lookup';
      await createEventLookup(db)(targets[4]!);
      const codec = createCursorCodec(randomBytes(32));
      const page = async (where: string[], params: unknown[]) => {
        const source = {
          collection: 'deliveries',
          from: 'delivery_messages',
          select: LIST_COLUMNS,
          seqColumn: 'seq',
          order: 'desc' as const,
        };
        const first = await keysetPage<{ id: string; seq: number; created_at: Date }>(
          db,
          codec,
          { ...source, where, params },
          { path: '/deliveries', limit: 50 },
        );
        const cursor = first.nextCursor ?? undefined;
        await keysetPage(db, codec, { ...source, where, params }, { path: '/deliveries', limit: 50, cursor });
        return first.rows;
      };
      const [{ message_id: messageId } = { message_id: undefined }] = await t.db.query<{ message_id: string }>(
        `SELECT message_id FROM delivery_history ORDER BY seq LIMIT 1`,
      );
      what = 'list deliveries (owner)';
      const shown = await page(['owner_key_id = $1'], [owner]);
      what = 'list deliveries (target)';
      await page(['target_id = $1'], [targets[5]!]);
      what = 'list deliveries (failed)';
      await page(['status = $1'], ['failed']);
      what = 'list deliveries (owner, failed)';
      await page(['owner_key_id = $1', 'status = $2'], [owner, 'failed']);
      // The spec's other filters, as the list builds them (issue 52).
      const filtered = async (f: MessageFilter, undelivered = false, ended?: string) => {
        const c = new Conditions();
        addFilter(c, f, '/query');
        if (undelivered) c.raw(`status <> 'succeeded'`);
        // By message id, the route bounds it by the time in the id (readByIdTime).
        if (ended !== undefined) c.add((n) => `updated_at >= $${n}`, ended);
        return page(c.where, c.params);
      };
      what = 'list deliveries (since)';
      await filtered({ since: SINCE() });
      what = 'list deliveries (owner, since, until)';
      await filtered({ owner, since: SINCE(), until: new Date().toISOString() });
      what = 'list deliveries (message id)';
      await filtered({ messageId: messageId! }, false, idTimeBound(messageId!));
      what = 'list deliveries (target, undelivered)';
      await filtered({ targetId: targets[8]! }, true);
      what = 'summary (owner, since)';
      await readLedger(db, { since: SINCE(), until: new Date().toISOString(), owner });
      what = 'recover';
      await db.transaction((tx) => requeueSince(tx, targets[7]!, ['failed'], new Date(Date.now() - 3_600_000).toISOString()));
      what = 'attempt log'; // as the routes send it, every column (the view's two were an index-only read)
      await db.query(ATTEMPT_LOG_SQL, attemptLogParams(shown));
      what = 'replay';
      const [ended] = await t.db.query<{ id: string }>(`SELECT id FROM delivery_history ORDER BY seq DESC LIMIT 1`);
      await db.transaction((tx) => requeueDelivery(tx, ended!.id, 'id', idTimeBound(ended!.id)));
      what = 'cancel';
      await db.transaction((tx) => cancelDeliveriesForTarget(tx, targets[6]!));
      what = 'prune';
      await pruneHistoryBatch(db, 3_600_000, 1_000);
      // Explained only: dropping the oldest day would take half the history from the next run.
      what = 'retention drop (a day’s attempts)';
      const [day] = await t.db.query<{ name: string }>(
        `SELECT name FROM delivery_history_partitions WHERE lower IS NOT NULL ORDER BY upper LIMIT 1`,
      );
      plans.push({ what, generic: false, plan: await planOf(t.db, dayAttemptsDeleteSql(`"${day!.name}"`)) });
      return plans;
    }

    const check = async (plans: Explained[]) => {
      // Today's day holds only what the statements above wrote (the fill ended before midnight): a table of a
      // few pages, which the planner rightly reads whole.
      const small = new Set(
        (
          await t.db.query<{ name: string }>(
            `SELECT t.relid::text AS name FROM pg_partition_tree('delivery_history') t WHERE t.isleaf
               AND (SELECT count(*) FROM delivery_history h WHERE h.tableoid = t.relid) < ${SMALL_PARTITION}`,
          )
        ).map((r) => r.name),
      );
      // The queue has no index on creation time (migration 030): it holds the backlog only, which a time-bounded read scans.
      // The attempt log reads every column of the attempts (the route shows them): below 200,000 messages the table holds
      // a tenth of that (5,000 rows at 50,000), whose scan the planner rightly prefers to 50 probes of its primary key;
      // plans.scale.test sees the key used (20,000 attempts).
      const allowed = (p: Explained, fault: string) =>
        (p.what.includes('since') && fault === 'Seq Scan on deliveries') ||
        (p.what === 'attempt log' && fault === 'Seq Scan on delivery_attempts' && history < 200_000) ||
        // Dropping a day reads all of it.
        (p.what.startsWith('retention drop') && fault.startsWith('Seq Scan on delivery_history_'));
      const bad = plans.flatMap((p) =>
        faults(p.plan, small)
          .filter((f) => !allowed(p, f))
          .map((f) => `${p.what}${p.generic ? ' (generic plan)' : ''}: ${f}`),
      );
      if (process.env.PLANS_TIMINGS) for (const p of plans) if (!p.generic) console.log(`${p.what}: ${p.ms!.toFixed(2)} ms`);
      expect(bad).toEqual([]);
      // The failures among the successes come from the small partial indexes, not a walk past every success.
      // A read bounded in time reads the history's partitions since then only: none of a day before it.
      const since = SINCE().slice(0, 10).replaceAll('-', '');
      for (const p of plans.filter((x) => x.what.includes('since'))) {
        const days = [...nodes(p.plan)].map((n) => /^delivery_history_(\d{8})$/.exec(n['Relation Name'] ?? '')?.[1]).filter(Boolean);
        expect(
          days.filter((d) => d! < since),
          `${p.what}${p.generic ? ' (generic plan)' : ''}`,
        ).toEqual([]);
      }
      for (const p of plans.filter((x) => (x.what.includes('failed') || x.what.includes('undelivered')) && !x.generic)) {
        const indexes = [...nodes(p.plan)].map((n) => (n as { 'Index Name'?: string })['Index Name']).filter(Boolean);
        expect(
          indexes.some((name) => name!.includes('unsettled')),
          `${p.what}: ${indexes.join(', ')}`,
        ).toBe(true);
      }
      expect(new Set(plans.map((p) => p.what)).size).toBe(22);
    };

    it('plans every hot statement on indexes while the queue’s statistics are those of an empty queue', async () => {
      await check(await explainHotPaths());
    }, 120_000);

    it('plans them on indexes once the worker’s upkeep analyzed the queue', async () => {
      const upkeep = new Upkeep(t.db, (error) => {
        throw error;
      });
      upkeep.tick(performance.now(), true);
      await upkeep.settle();
      await check(await explainHotPaths());
    }, 120_000);
  });
}
