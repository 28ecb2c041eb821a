import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MigratableDatabase, Queryable } from '../../src/db/database.js';
import { deliveryOfTarget } from '../../src/delivery/pull/pull.sql.js';
import { idTimeBound, ID_CLOCK_MARGIN_MS } from '../../src/delivery/queue/id-time-bound.js';
import { timeDigits, timeOrderedId } from '../../src/delivery/queue/time-ordered-ids.js';
import { eventsOfDeliveries } from '../../src/delivery/record/operational.sql.js';
import { addHistoryDays } from '../../src/delivery/upkeep/partitions.sql.js';
import { fillDeliveredHistory } from '../support/fill-history.js';
import { dbFactories, startTestServer, type TestServer } from '../support/server-support.js';

const DAY = 86_400_000;

interface Sent {
  sql: string;
  params?: unknown[];
}

/** The database, noting every statement that reads the history (the table or the log's view). */
function noting<T extends object>(db: T, into: Sent[]): T {
  return new Proxy(db, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop === 'query')
        return (sql: string, params?: unknown[]) => {
          if (/delivery_history\b|delivery_messages|delivery_attempt_log/.test(sql)) into.push({ sql, params });
          return (value as Queryable['query']).call(target, sql, params);
        };
      if (prop === 'transaction')
        return (fn: (tx: Queryable) => Promise<unknown>) =>
          (value as MigratableDatabase['transaction']).call(target, (tx) => fn(noting(tx, into)));
      if (prop === 'reads') return value && noting(value as object, into);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

interface PlanNode {
  'Relation Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function* nodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

/** The history's day partitions (YYYYMMDD) a statement scans, from EXPLAIN ANALYZE in a transaction rolled back. */
async function daysScanned(db: MigratableDatabase, { sql, params }: Sent): Promise<string[]> {
  let plan: PlanNode | undefined;
  await db
    .transaction(async (tx) => {
      const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params);
      const json = row!['QUERY PLAN'];
      plan = (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode;
      throw new Error('rolled back');
    })
    .catch(() => undefined);
  return [...nodes(plan!)]
    .filter((n) => (n['Actual Loops'] ?? 0) > 0)
    .map((n) => /^delivery_history_(\d{8})$/.exec(n['Relation Name'] ?? '')?.[1])
    .filter((d): d is string => d !== undefined);
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '');

describe('the bound an id gives', () => {
  const now = Date.parse('2026-12-06T12:00:00Z');
  const id = (ms: number) => `dlv_${timeDigits(ms)}${'a'.repeat(15)}`;

  it('is its time less the margin, for a time-ordered id', () => {
    expect(idTimeBound(id(now - 5_000), now)).toBe(new Date(now - 5_000 - ID_CLOCK_MARGIN_MS).toISOString());
    expect(idTimeBound(`msg_${timeDigits(now)}${'Z'.repeat(15)}`, now)).toBe(new Date(now - ID_CLOCK_MARGIN_MS).toISOString());
  });

  it('is none for an id of another shape, one reading before time-ordered ids, or one from beyond the margin ahead', () => {
    for (const other of ['dlv_short', `dlv_${timeDigits(now)}${'a'.repeat(14)}-`, `dlv_${timeDigits(now)}${'a'.repeat(16)}`])
      expect(idTimeBound(other, now)).toBeUndefined();
    expect(idTimeBound(id(Date.parse('2026-11-25T23:59:59Z')), now)).toBeUndefined();
    expect(idTimeBound(id(now + ID_CLOCK_MARGIN_MS + 1), now)).toBeUndefined();
    expect(idTimeBound(id(now + ID_CLOCK_MARGIN_MS - 1), now)).toBeDefined();
  });
});

// Issue 52: a lookup by delivery or message id reads the history's days from its id's time on (less an hour).
describe.each(dbFactories())('lookups of the history by id on $name', (factory) => {
  let s: TestServer;
  const sent: Sent[] = [];
  let db: MigratableDatabase;
  let delivery: { id: string; message_id: string; target_id: string; created_at: Date };
  const days = [3, 2, 1, 0];

  beforeAll(async () => {
    const database = await factory.open({ migrated: true });
    db = database.db;
    const { targetIds } = await fillDeliveredHistory(db, {
      messages: 20,
      targets: 2,
      endAt: new Date(Date.now() - 3 * DAY),
      spanMs: 3_600_000,
    });
    const owner = (await db.query<{ owner_key_id: string }>('SELECT owner_key_id FROM registrations WHERE id = $1', [targetIds[0]]))[0]!
      .owner_key_id;
    for (const back of days.slice(1))
      await fillDeliveredHistory(db, {
        messages: 20,
        targets: targetIds,
        ownerKeyId: owner,
        endAt: new Date(Date.now() - back * DAY),
        spanMs: 3_600_000,
      });
    await addHistoryDays(db);
    s = await startTestServer(factory, { database: { db: noting(db, sent), drop: database.drop } });
    const since = Date.now() - 1.5 * DAY;
    // The newest delivery of two days ago: the days before it are the ones its lookups leave out.
    const [newest] = await db.query<typeof delivery>(
      `SELECT id, message_id, target_id, created_at FROM delivery_history WHERE created_at < $1 ORDER BY seq DESC LIMIT 1`,
      [new Date(since).toISOString()],
    );
    delivery = newest!;
  }, 120_000);
  afterAll(async () => s?.close());

  it('has rows in a partition of each of four days', async () => {
    const rows = await db.query<{ name: string }>(
      `SELECT DISTINCT tableoid::regclass::text AS name FROM delivery_history WHERE tableoid::regclass::text ~ '^delivery_history_[0-9]{8}$'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(days.length);
  });

  it('reads no day before the id’s for a delivery, its message, its replay, skip, a pull report and the events of a batch', async () => {
    sent.length = 0;
    const key = { key: s.adminKey };
    const one = await s.call('GET', `/deliveries/${delivery.id}`, key);
    expect(one.status).toBe(200);
    expect(((await one.json()) as { id: string }).id).toBe(delivery.id);
    const listed = await s.call('GET', `/deliveries?messageId=${delivery.message_id}`, key);
    expect(((await listed.json()) as { data: Array<{ id: string }> }).data.map((d) => d.id)).toEqual([delivery.id]);
    const dry = await s.call('POST', '/deliveries/replay', {
      ...key,
      body: { messageId: delivery.message_id, status: 'succeeded', since: new Date(Date.now() - 4 * DAY).toISOString(), dryRun: true },
    });
    expect(await dry.json()).toMatchObject({ replayed: 1 });
    expect((await s.call('POST', `/deliveries/${delivery.id}/skip`, key)).status).toBe(409);
    expect(await deliveryOfTarget(noting(db, sent), delivery.target_id, delivery.id)).toBe(true);
    await eventsOfDeliveries(noting(db, sent), [delivery.id]);
    const replayed = await s.call('POST', `/deliveries/${delivery.id}/replay`, key);
    expect(replayed.status).toBe(202);

    expect(sent.length).toBeGreaterThanOrEqual(7);
    const first = dayOf(new Date(delivery.created_at).getTime() - 3_600_000);
    const earliest = dayOf(Date.now() - 3_600_000);
    for (const statement of sent) {
      const scanned = await daysScanned(db, statement);
      // The events of a batch are of deliveries it has just recorded: the last hour's days only.
      const from = statement.sql.includes('now() - interval') ? earliest : first;
      expect(
        scanned.filter((d) => d < from),
        statement.sql,
      ).toEqual([]);
    }
  });

  it('finds a delivery whose random id (before time-ordered ids) reads as a later time than it was made', async () => {
    const [old, other] = await db.query<{ id: string; created_at: Date }>(
      `SELECT id, created_at FROM delivery_history WHERE created_at < $1 ORDER BY seq LIMIT 2`,
      [new Date(Date.now() - 2 * DAY).toISOString()],
    );
    const random = timeOrderedId('dlv');
    const message = timeOrderedId('msg');
    await db.query('UPDATE delivery_history SET id = $2, message_id = $3 WHERE id = $1', [old!.id, random, message]);
    // Another delivery of that message, replayed and ended now: it keeps its creation time.
    await db.query('UPDATE delivery_history SET message_id = $2, created_at = $3, completed_at = now() WHERE id = $1', [
      other!.id,
      message,
      old!.created_at,
    ]);
    const res = await s.call('GET', `/deliveries/${random}`, { key: s.adminKey });
    expect(res.status).toBe(200);
    const listed = await s.call('GET', `/deliveries?messageId=${message}`, { key: s.adminKey });
    expect(((await listed.json()) as { data: Array<{ id: string }> }).data.map((d) => d.id).sort()).toEqual([random, other!.id].sort());
  });
});
