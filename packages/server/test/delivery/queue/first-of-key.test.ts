import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeliveries } from '../../../src/delivery/queue/insert.sql.js';
import { keyFreeSql } from '../../../src/delivery/queue/ordering-holds.sql.js';
import type { Queryable } from '../../../src/db/database.js';
import type { FreshDelivery, OutgoingMessage } from '../../../src/delivery/types.js';
import { addRegistration, createTestDatabase, databaseKinds, stockMessage, type TestDatabase } from '../../support/delivery-support.js';
import { postgres, present } from '../../../../../test/dependencies.js';

const URL = 'https://hooks.example.com/stock';

/** A stockUpdate of `drink` (its ordering key) for `target`. */
const message = (target: { id: string; ownerKeyId: string }, drink: string | null) => stockMessage(target, URL, drink);

const places = (fresh: FreshDelivery[]) => fresh.map((d) => [d.ordering_key, d.key_seq, d.first_of_key]);

// The local worker sends a keyed message at once only when the insert found it first of its
// (target, key): no earlier message of the key queued, on the wire or holding the key.
describe.each(databaseKinds())('the first message of a key on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => t?.drop());

  it('is the first of its key in the statement, with none of the key queued before or holding it', async () => {
    const a = await addRegistration(t.db, URL, { event: 'stockUpdate' });
    const b = await addRegistration(t.db, URL, { event: 'stockUpdate' });
    const insert = (...messages: OutgoingMessage[]) => t.db.transaction((tx) => insertDeliveries(tx, messages));
    expect(places(await insert(message(a, 'mojito'), message(a, 'mojito'), message(a, 'lime'), message(a, null)))).toEqual([
      ['mojito', 1, true],
      ['mojito', 2, false],
      ['lime', 1, true],
      [null, null, false],
    ]);
    // Earlier ones of the key are still queued; another target's key is its own.
    expect(places(await insert(message(a, 'mojito'), message(b, 'mojito')))).toEqual([
      ['mojito', 3, false],
      ['mojito', 1, true],
    ]);
    // Once they have ended (moved out of the queue), the next is first; a held key is not.
    await t.db.query(`DELETE FROM deliveries WHERE target_id = $1 AND ordering_key = 'mojito'`, [a.id]);
    await t.db.query(`INSERT INTO ordering_holds (target_id, ordering_key, delivery_id) VALUES ($1, 'lime', 'dlv_failed')`, [a.id]);
    await t.db.query(`DELETE FROM deliveries WHERE target_id = $1 AND ordering_key = 'lime'`, [a.id]);
    expect(places(await insert(message(a, 'mojito'), message(a, 'lime')))).toEqual([
      ['mojito', 4, true],
      ['lime', 2, false],
    ]);
  });

  it("updates a key's counter on its own page (heap-only), so publishing adds nothing to the counters' index", async () => {
    const a = await addRegistration(t.db, URL, { event: 'stockUpdate' });
    const keys = Array.from({ length: 400 }, (_, i) => `key ${String(i).padStart(3, '0')}`);
    const insert = (messages: OutgoingMessage[]) => t.db.transaction((tx) => insertDeliveries(tx, messages));
    const blocks = async () =>
      new Map(
        (
          await t.db.query<{ ordering_key: string; ctid: string }>(
            `SELECT ordering_key, ctid::text AS ctid FROM ordering_sequences WHERE target_id = $1`,
            [a.id],
          )
        ).map((r) => [r.ordering_key, r.ctid.slice(1).split(',')[0]]),
      );
    await insert(keys.map((key) => message(a, key)));
    const before = await blocks();
    // Every other key again: their pages filled when the counters were made.
    await insert(keys.filter((_, i) => i % 2 === 0).map((key) => message(a, key)));
    const after = await blocks();
    const moved = keys.filter((key) => after.get(key) !== before.get(key));
    expect(new Set(before.values()).size).toBeGreaterThan(1);
    expect(moved).toEqual([]);
  });

  it('numbers each (target, key) in publish order in one statement, however its targets and keys sort, beside unkeyed messages', async () => {
    const targets = [
      await addRegistration(t.db, URL, { event: 'stockUpdate' }),
      await addRegistration(t.db, URL, { event: 'stockUpdate' }),
      await addRegistration(t.db, URL, { event: 'stockUpdate' }),
    ];
    // Keys whose byte order and a locale's order differ, prefixes of each other, and none.
    const keys = ['b', 'B', 'a', 'é', null, 'Z', 'ä', 'a b', 'ab', 'e'];
    const insert = (messages: OutgoingMessage[]) => t.db.transaction((tx) => insertDeliveries(tx, messages));
    const last = new Map<string, number>();
    const expected = (messages: OutgoingMessage[]) =>
      messages.map((m) => {
        if (!m.orderingKey) return [m.targetId, null, null];
        const pair = `${m.targetId} ${m.orderingKey}`;
        last.set(pair, (last.get(pair) ?? 0) + 1);
        return [m.targetId, m.orderingKey, last.get(pair)];
      });
    // Some keys have places already when the statement comes.
    const before = [message(targets[0]!, 'B'), message(targets[1]!, 'é'), message(targets[2]!, 'ab'), message(targets[2]!, 'ab')];
    expect((await insert(before)).map((d) => [d.target_id, d.ordering_key, d.key_seq])).toEqual(expected(before));
    const messages = Array.from({ length: 90 }, (_, i) => message(targets[(i * 5) % 3]!, keys[(i * 7) % keys.length]!));
    const want = expected(messages);
    const fresh = await insert(messages);
    expect(fresh.map((d) => [d.target_id, d.ordering_key, d.key_seq])).toEqual(want);
    // The rows stored hold the places the answer gave.
    const stored = await t.db.query<{ id: string; target_id: string; ordering_key: string | null; key_seq: number | null }>(
      `SELECT id, target_id, ordering_key, key_seq::int AS key_seq FROM deliveries WHERE id = ANY($1::text[])`,
      [fresh.map((d) => d.id)],
    );
    const rows = new Map(stored.map((r) => [r.id, [r.target_id, r.ordering_key, r.key_seq]]));
    expect(fresh.map((d) => rows.get(d.id))).toEqual(want);
  });
});

interface PlanNode {
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Parent Relationship'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

function* nodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* nodes(child);
}

// Under a backlog most keys have a message queued: the insert then tests nothing more of the key.
describe.each(databaseKinds())('what the insert reads of a key on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => t?.drop());

  /** How many times the insert of `messages` looked up a key's counter and its holds (EXPLAIN ANALYZE in a transaction rolled back). */
  async function lookups(messages: OutgoingMessage[]): Promise<{ counter: number; holds: number }> {
    let sent: { sql: string; params?: unknown[] } | undefined;
    const capture: Queryable = { query: (sql, params) => ((sent = { sql, params }), Promise.reject(new Error('captured'))) };
    await insertDeliveries(capture, messages).catch(() => undefined);
    let plan: PlanNode | undefined;
    await t.db
      .transaction(async (tx) => {
        const [row] = await tx.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sent!.sql}`, sent!.params);
        const json = row!['QUERY PLAN'];
        plan = (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode;
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // A probe of one key is a scan with a condition on the key (the statement's own upsert is no scan).
    const loops = (table: string) =>
      [...nodes(plan!)]
        .filter((n) => n['Relation Name'] === table && /ordering_key/.test(n['Index Cond'] ?? ''))
        .reduce((sum, n) => sum + (n['Actual Loops'] ?? 0), 0);
    return { counter: loops('ordering_sequences'), holds: loops('ordering_holds') };
  }

  it('reads its counter only when none of the key is queued, and its holds only when some key is held', async () => {
    const a = await addRegistration(t.db, URL, { event: 'stockUpdate' });
    await t.db.transaction((tx) => insertDeliveries(tx, [message(a, 'mojito')]));
    // mojito is queued: not first, found by one probe of the queue.
    expect(await lookups([message(a, 'mojito')])).toEqual({ counter: 0, holds: 0 });
    // Nothing of lime is queued and no key is held: the counter is read (a concurrent publisher may have moved it), no hold.
    expect(await lookups([message(a, 'lime')])).toEqual({ counter: 1, holds: 0 });
    // Some key is held: lime's holds are read too.
    await t.db.query(`INSERT INTO ordering_holds (target_id, ordering_key, delivery_id) VALUES ($1, 'tonic', 'dlv_failed')`, [a.id]);
    expect(await lookups([message(a, 'lime')])).toEqual({ counter: 1, holds: 1 });
  });
});

describe.runIf(present(postgres))('the first message of a key on PostgreSQL, between concurrent publishers', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('postgres');
  });
  afterAll(async () => t?.drop());

  /** Resolves once a session of this database waits for a lock. */
  async function someoneWaits(): Promise<void> {
    for (;;) {
      const [row] = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a USING (pid) WHERE NOT l.granted AND a.datname = current_database()`,
      );
      if (row!.n > 0) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('is not first when its publisher waited on the key while an earlier one committed: that one is queued', async () => {
    const a = await addRegistration(t.db, URL, { event: 'stockUpdate' });
    let inserted!: () => void;
    let commit!: () => void;
    const insertedEarlier = new Promise<void>((resolve) => (inserted = resolve));
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const earlier = t.db.transaction(async (tx) => {
      const fresh = await insertDeliveries(tx, [message(a, 'mojito')]);
      inserted();
      await committing;
      return fresh;
    });
    await insertedEarlier;
    // The second publisher's statement starts before the first commits, and waits for it on the key's counter.
    const later = t.db.transaction((tx) => insertDeliveries(tx, [message(a, 'mojito')]));
    await someoneWaits();
    commit();
    expect(places(await earlier)).toEqual([['mojito', 1, true]]);
    expect(places(await later)).toEqual([['mojito', 2, false]]);
  });
});

// A claim tests each keyed candidate: first of its key, and its key not held. Holds are rare, so
// they are probed only while some key is held.
describe.each(databaseKinds())('what a claim reads of a key on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => t?.drop());

  /** The rows the claims' key test lets go, and how many times it read the holds for its rows. */
  async function keyTest(): Promise<{ ids: number; holdProbes: number }> {
    const [row] = await t.db.query<{ 'QUERY PLAN': unknown }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) SELECT id FROM deliveries WHERE ${keyFreeSql('deliveries')}`,
    );
    const json = row!['QUERY PLAN'];
    const plan = (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode;
    // The holds as a SubPlan (probed per row, or read once and hashed), not the InitPlan that asks whether any key is held.
    const holdProbes = [...nodes(plan)]
      .filter((n) => n['Relation Name'] === 'ordering_holds' && n['Parent Relationship'] === 'SubPlan')
      .reduce((sum, n) => sum + (n['Actual Loops'] ?? 0), 0);
    return { ids: plan['Actual Rows'] ?? 0, holdProbes };
  }

  it("finds an earlier message of the key in the target's own index, by its key and place, past the target's unkeyed rows", async () => {
    const a = await addRegistration(t.db, URL, { event: 'stockUpdate' });
    const unkeyed = Array.from({ length: 40 }, () => message(a, null));
    await t.db.transaction((tx) => insertDeliveries(tx, [...unkeyed, message(a, 'mojito'), message(a, 'mojito')]));
    const [row] = await t.db.query<{ 'QUERY PLAN': unknown }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) SELECT id FROM deliveries WHERE target_id = $1 AND ${keyFreeSql('deliveries')}`,
      [a.id],
    );
    const json = row!['QUERY PLAN'];
    const plan = (typeof json === 'string' ? JSON.parse(json) : json)[0].Plan as PlanNode;
    // One index per queue row for both (migration 106): a keyed row costs no index entry more than an unkeyed one.
    const probes = [...nodes(plan)].filter((n) => n['Relation Name'] === 'deliveries' && n['Parent Relationship'] === 'SubPlan');
    expect(probes.length).toBeGreaterThan(0);
    for (const probe of probes) {
      expect(probe['Index Name']).toBe('deliveries_target');
      expect(probe['Index Cond']).toMatch(/ordering_key.*key_seq/);
      expect(probe['Actual Rows']).toBeLessThanOrEqual(1);
    }
    await t.db.query(`DELETE FROM deliveries WHERE target_id = $1`, [a.id]);
  });

  it('probes the holds of its keyed candidates only while some key is held', async () => {
    const a = await addRegistration(t.db, URL, { event: 'stockUpdate' });
    await t.db.transaction((tx) => insertDeliveries(tx, [message(a, 'mojito'), message(a, 'lime'), message(a, 'lime')]));
    expect(await keyTest()).toEqual({ ids: 2, holdProbes: 0 });
    await t.db.query(`INSERT INTO ordering_holds (target_id, ordering_key, delivery_id) VALUES ($1, 'lime', 'dlv_failed')`, [a.id]);
    const held = await keyTest();
    expect(held.ids).toBe(1);
    expect(held.holdProbes).toBeGreaterThan(0);
  });
});
