import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../src/db/database.js';
import { seed } from '../../src/db/seed.js';
import { HttpProblem } from '../../src/http/problem.js';
import { StockChangeBatcher } from '../../src/publish/stock-batch.js';
import { changeStocks, StockFanOut, type StockChange, type StockChanged } from '../../src/publish/stock-change.js';
import { targetStateSql } from '../../src/delivery/queue/fragments.sql.js';
import type { PayloadVersioning } from '../../src/delivery/payload-versions.js';
import { addRegistration, createTestDatabase, databaseKinds, type TestDatabase } from '../support/delivery-support.js';
import { dbFactories, startTestServer, type TestServer } from '../support/server-support.js';

const change = (drink: string, drinkStock: number, ingredient: string, ingredientStock: number): StockChange => ({
  drink: { id: drink, stock: drinkStock },
  ingredient: { id: ingredient, stock: ingredientStock },
});

describe.each(databaseKinds())('stock changes gathered into one statement on %s', (kind) => {
  let t: TestDatabase;
  let statements: number;
  let counted: Queryable;
  let targets: string[];

  beforeEach(async () => {
    t = await createTestDatabase(kind);
    await seed(t.db);
    targets = [];
    for (let i = 0; i < 3; i++)
      targets.push((await addRegistration(t.db, `https://hooks.example.com/stock/${i}`, { event: 'stockUpdate' })).id);
    statements = 0;
    counted = { query: (sql, params) => (statements++, t.db.query(sql, params)) };
  });
  afterEach(() => t.drop());

  const stocks = async () =>
    new Map((await t.db.query<{ id: string; stock: number }>('SELECT id, stock FROM items')).map((r) => [r.id, r.stock]));
  const bodies = async () =>
    (await t.db.query<{ body: string; target_id: string }>('SELECT body, target_id FROM delivery_messages ORDER BY seq')).map(
      (r) => r.body,
    );

  it('changes that arrive while statements are out go in one, as if made one after the other', async () => {
    // The two first statements answer only once the rest have arrived (and wait).
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let ran = 0;
    let bothRan!: () => void;
    const twoRan = new Promise<void>((resolve) => (bothRan = resolve));
    const gated: Queryable = {
      async query<T>(sql: string, params?: unknown[]) {
        const n = ++statements;
        const rows = await t.db.query<T>(sql, params);
        // Both first statements have run (and committed) before the third may go: their order is settled.
        if (n <= 2 && ++ran === 2) bothRan();
        if (n <= 2) await gate;
        return rows;
      },
    };
    const fanOut = new StockFanOut();
    const batcher = new StockChangeBatcher(gated, 2, fanOut);
    // With as many ids drawn as there are registrations (the first change of a process draws none).
    await new StockChangeBatcher(t.db, 2, fanOut).change(change('itm_old_fashioned', 1, 'itm_bourbon', 1));
    const calls = [
      change('itm_mojito', 1, 'itm_mint', 1),
      change('itm_caipirinha', 2, 'itm_lime', 2),
      // These wait for a statement, then go together: the later change of an item wins.
      change('itm_mojito', 5, 'itm_mint', 6),
      change('itm_negroni', 7, 'itm_gin', 8),
      change('itm_mojito', 9, 'itm_lime', 10),
    ].map((c) => batcher.change(c));
    await twoRan;
    // A batcher that did not wait for a free statement would send a third one now.
    await new Promise((r) => setTimeout(r, 50));
    expect(statements).toBe(2);
    open();
    const answers = await Promise.all(calls);
    expect(statements).toBe(3);
    expect(answers.map((a) => [a.levels.drink.stock, a.levels.ingredient.stock])).toEqual([
      [1, 1],
      [2, 2],
      [5, 6],
      [7, 8],
      [9, 10],
    ]);
    expect(answers[2]!.levels).toEqual({
      drink: { id: 'itm_mojito', name: 'Mojito', stock: 5, unit: 'glass' },
      ingredient: { id: 'itm_mint', name: 'Fresh mint', stock: 6, unit: 'bunch' },
    });
    const now = await stocks();
    expect([now.get('itm_mojito'), now.get('itm_mint'), now.get('itm_lime'), now.get('itm_negroni'), now.get('itm_gin')]).toEqual([
      9, 6, 10, 7, 8,
    ]);
    // Each change's webhook, to every registration, with the change's answer as its body; and the handoff's view of them.
    expect((await bodies()).slice(3).sort()).toEqual(answers.flatMap((a) => targets.map(() => JSON.stringify(a.levels))).sort());
    for (const a of answers) {
      expect(a.fresh.map((d) => d.target_id).sort()).toEqual([...targets].sort());
      expect(new Set(a.fresh.map((d) => d.body))).toEqual(new Set([JSON.stringify(a.levels)]));
    }
    const ids = answers.flatMap((a) => a.fresh.map((d) => d.id));
    expect(new Set(ids).size).toBe(15);
    const rows = await t.db.query<{ id: string; body: string }>('SELECT id, body FROM delivery_messages');
    expect(rows).toHaveLength(3 + 15);
    const byId = new Map(rows.map((r) => [r.id, r.body]));
    for (const a of answers) for (const d of a.fresh) expect(byId.get(d.id)).toBe(d.body);
  });

  it('a change whose item is missing gets its 404; the changes around it are made', async () => {
    const batcher = new StockChangeBatcher(counted);
    const [first, second, missing, wrongKind, made] = await Promise.allSettled([
      batcher.change(change('itm_mojito', 1, 'itm_mint', 1)),
      batcher.change(change('itm_caipirinha', 2, 'itm_lime', 2)),
      batcher.change(change('itm_mojito', 3, 'itm_nope', 3)),
      batcher.change(change('itm_mint', 4, 'itm_mint', 4)),
      batcher.change(change('itm_negroni', 5, 'itm_gin', 5)),
    ]);
    expect([first.status, second.status, made.status]).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    for (const [result, pointer] of [
      [missing, '/body/ingredient/id'],
      [wrongKind, '/body/drink/id'],
    ] as const) {
      expect(result.status).toBe('rejected');
      const problem = (result as PromiseRejectedResult).reason as HttpProblem;
      expect(problem).toBeInstanceOf(HttpProblem);
      expect(problem.errors?.[0]?.pointer).toBe(pointer);
    }
    const now = await stocks();
    expect([now.get('itm_mojito'), now.get('itm_mint'), now.get('itm_negroni')]).toEqual([1, 1, 5]);
    expect(await bodies()).toHaveLength(9);
  });

  it('a batch the database refuses is run again one change at a time: only the bad change fails', async () => {
    const batcher = new StockChangeBatcher(counted);
    const results = await Promise.allSettled([
      batcher.change(change('itm_mojito', 1, 'itm_mint', 1)),
      batcher.change(change('itm_caipirinha', 2, 'itm_lime', 2)),
      batcher.change(change('itm_negroni', 3, 'itm_gin', 3)),
      // Below the column's CHECK (stock >= 0): the spec's validation keeps it out of requests.
      batcher.change(change('itm_old_fashioned', -1, 'itm_bourbon', 4)),
      batcher.change(change('itm_mojito', 5, 'itm_campari', 5)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const now = await stocks();
    expect([
      now.get('itm_negroni'),
      now.get('itm_old_fashioned'),
      now.get('itm_bourbon'),
      now.get('itm_mojito'),
      now.get('itm_campari'),
    ]).toEqual([3, 30, 6, 5, 5]);
    expect(await bodies()).toHaveLength(12);
  });

  it('hands over each target the state the shared target lookup reads (secrets in rotation, rate, pull, circuit, holder)', async () => {
    const [rotated, limited, pulled] = targets as [string, string, string];
    await t.db.query(
      `UPDATE registrations SET previous_secret = 'whsec_b2xkIHNlY3JldA==', previous_secret_expires_at = now() + interval '1 hour' WHERE id = $1`,
      [rotated],
    );
    await t.db.query(`UPDATE registrations SET rate_limit_per_second = 7 WHERE id = $1`, [limited]);
    await t.db.query(`UPDATE registrations SET delivery = 'pull' WHERE id = $1`, [pulled]);
    await t.db.query(
      `INSERT INTO delivery_targets (target_id, circuit_open_until, holder, holder_until) VALUES ($1, now() + interval '1 minute', 'wrk_x', now() + interval '1 minute')`,
      [limited],
    );
    const { fresh } = await new StockChangeBatcher(t.db).change(change('itm_mojito', 1, 'itm_mint', 1));
    const [row] = await t.db.query<{ state: string }>(`SELECT ${targetStateSql('(SELECT unnest($1::text[]) AS target_id)')} AS state`, [
      targets,
    ]);
    const looked = new Map((JSON.parse(row!.state) as Array<{ target_id: string; hold_left_ms: number }>).map((x) => [x.target_id, x]));
    const pick = (d: Record<string, unknown>) => ({
      secret: d.secret,
      rate_limit: d.rate_limit,
      target_active: d.target_active,
      pull: d.pull,
      circuit: d.circuit,
      holder: d.holder,
      held: d.hold_left_ms !== null && (d.hold_left_ms as number) > 0,
    });
    expect(fresh.map((d) => d.target_id).sort()).toEqual([...targets].sort());
    for (const d of fresh) expect(pick(d as never)).toEqual(pick(looked.get(d.target_id) as never));
    expect(fresh.find((d) => d.target_id === rotated)!.secret).toContain(' ');
  });

  // Two versions: the body of 1 is 2's with the unit marked, so each target's body shows its version.
  const versions: PayloadVersioning = {
    current: 2,
    versions: [1, 2].map((version) => ({ version, contract: `${version}.0.0` })),
    convert: (_ref, body) => ({ contentType: 'application/json', body: body.replace(/"unit":"(\w+)"/, '"unit":"$1 (v1)"') }),
  };
  /** Every target but the first on version 1; a first change of `warm` (drink, ingredient) pairs through a batcher. */
  const pinned = async (warm: Array<[string, string]>) => {
    await t.db.query('UPDATE registrations SET payload_version = 2', []);
    await t.db.query('UPDATE registrations SET payload_version = 1 WHERE id <> $1', [targets[0]]);
    const fanOut = new StockFanOut();
    const batcher = new StockChangeBatcher(t.db, 1, fanOut, versions);
    for (const [drink, ingredient] of warm) await batcher.change(change(drink, 1, ingredient, 1));
    statements = 0;
    return fanOut;
  };
  /** Each answer's webhooks: one per target in its version, as queued. */
  const expectVersions = async (answers: StockChanged[]) => {
    for (const a of answers) {
      expect(a.fresh.map((d) => [d.target_id, d.payload_version]).sort()).toEqual(
        [...targets].map((id) => [id, id === targets[0] ? 2 : 1]).sort(),
      );
      for (const d of a.fresh) {
        expect(d.body.includes('(v1)')).toBe(d.payload_version === 1);
        expect(d.body_version).toBe(d.payload_version);
        expect(JSON.parse(d.body)).toMatchObject({
          drink: { stock: a.levels.drink.stock },
          ingredient: { stock: a.levels.ingredient.stock },
        });
      }
    }
    const rows = await t.db.query<{ id: string; body: string; payload_version: number; body_version: number }>(
      'SELECT id, body, payload_version, body_version FROM deliveries',
    );
    const queued = new Map(rows.map((r) => [r.id, r]));
    for (const d of answers.flatMap((a) => a.fresh))
      expect(queued.get(d.id)).toEqual({ id: d.id, body: d.body, payload_version: d.payload_version, body_version: d.body_version });
  };
  const answered = (made: Array<StockChanged | HttpProblem>) =>
    made.map((m) => (m instanceof HttpProblem ? expect.unreachable(m.message) : m));

  it('queues the webhooks of targets on an older payload version in the same statement, converted before it', async () => {
    const fanOut = await pinned([
      ['itm_mojito', 'itm_mint'],
      ['itm_negroni', 'itm_mint'],
    ]);
    const made = await changeStocks(
      counted,
      [1, 2, 3, 4, 5].map((n) => change(n % 2 ? 'itm_mojito' : 'itm_negroni', n, 'itm_mint', n)),
      fanOut,
      versions,
    );
    expect(statements).toBe(1);
    await expectVersions(answered(made));
  });

  it('an item renamed since its last body, or not seen yet: the statement changes nothing and runs again with the bodies it made', async () => {
    const fanOut = await pinned([['itm_mojito', 'itm_mint']]);
    await t.db.query("UPDATE items SET name = 'Mojito royal' WHERE id = 'itm_mojito'", []);
    const renamed = answered(await changeStocks(counted, [change('itm_mojito', 7, 'itm_mint', 8)], fanOut, versions));
    for (const d of renamed[0]!.fresh) expect(JSON.parse(d.body)).toMatchObject({ drink: { name: 'Mojito royal' } });
    await expectVersions(renamed);
    expect(statements).toBe(2);
    statements = 0;
    const unseen = answered(await changeStocks(counted, [change('itm_negroni', 9, 'itm_lime', 10)], fanOut, versions));
    expect(statements).toBe(2);
    await expectVersions(unseen);
    // Each change queued once (the warm-up's too), and made once.
    expect(await bodies()).toHaveLength(3 * targets.length);
    const now = await stocks();
    expect([now.get('itm_mojito'), now.get('itm_mint'), now.get('itm_negroni'), now.get('itm_lime')]).toEqual([7, 8, 9, 10]);
    // Seen now: the next change of these items goes in one statement.
    statements = 0;
    await expectVersions(answered(await changeStocks(counted, [change('itm_mojito', 11, 'itm_lime', 12)], fanOut, versions)));
    expect(statements).toBe(1);
  });

  it('draws more ids when registrations were added since the last change', async () => {
    const batcher = new StockChangeBatcher(t.db);
    await batcher.change(change('itm_mojito', 1, 'itm_mint', 1));
    for (let i = 3; i < 20; i++)
      targets.push((await addRegistration(t.db, `https://hooks.example.com/stock/${i}`, { event: 'stockUpdate' })).id);
    const answers = await Promise.all([1, 2, 3, 4].map((n) => batcher.change(change('itm_caipirinha', n, 'itm_lime', n))));
    expect(answers.map((a) => a.fresh.length)).toEqual([20, 20, 20, 20]);
    expect(await bodies()).toHaveLength(3 + 80);
  });

  it.runIf(kind === 'pglite')(
    'waits for the statements already sent (PGlite runs one at a time) and takes the changes that arrived meanwhile',
    async () => {
      const fanOut = new StockFanOut();
      await new StockChangeBatcher(t.db, 1, fanOut).change(change('itm_mojito', 1, 'itm_mint', 1));
      const free: Queryable & Pick<Database, 'free'> = { query: counted.query, free: () => t.db.free!() };
      const batcher = new StockChangeBatcher(free, 1, fanOut);
      // Out before the changes: the database finishes it first whatever the batcher does.
      const busy = t.db.query('SELECT pg_sleep(0.05)');
      const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.change(change('itm_caipirinha', n, 'itm_lime', n))));
      await busy;
      // Without waiting, the first change would have gone alone and the other four after it.
      expect(statements).toBe(1);
      expect(answers.map((a) => a.levels.drink.stock)).toEqual([1, 2, 3, 4, 5]);
      expect((await stocks()).get('itm_caipirinha')).toBe(5);
    },
  );

  it('makes fewer changes a statement when each queues many webhooks (about 2,048 deliveries)', async () => {
    for (let i = 3; i < 100; i++)
      targets.push((await addRegistration(t.db, `https://hooks.example.com/stock/${i}`, { event: 'stockUpdate' })).id);
    const fanOut = new StockFanOut();
    await new StockChangeBatcher(t.db, 2, fanOut).change(change('itm_mojito', 1, 'itm_mint', 1));
    expect(fanOut.changesPerStatement()).toBe(20);
    const batcher = new StockChangeBatcher(counted, 2, fanOut);
    const answers = await Promise.all(Array.from({ length: 45 }, (_, i) => batcher.change(change('itm_caipirinha', i, 'itm_lime', i))));
    // Two go at once; the 43 that wait go 20, 20 and 3 to a statement.
    expect(statements).toBe(5);
    expect(answers.map((a) => a.levels.drink.stock)).toEqual(Array.from({ length: 45 }, (_, i) => i));
    expect(await bodies()).toHaveLength(46 * 100);
  });
});

describe.each(dbFactories())('POST /stockChanges answered from a batch on $name (answers not enforced, as in production)', (factory) => {
  let s: TestServer;
  beforeEach(async () => {
    s = await startTestServer(factory, { deps: { responseValidation: 'warn' } });
    for (let i = 0; i < 2; i++) await s.call('POST', '/registerForStockUpdates', { body: { url: `https://hooks.example.com/stock/${i}` } });
  });
  afterEach(() => s.close());

  it('answers each of many concurrent changes with its own levels or its own 404', async () => {
    const pairs = [
      ['itm_mojito', 'itm_mint'],
      ['itm_caipirinha', 'itm_lime'],
      ['itm_old_fashioned', 'itm_bourbon'],
      ['itm_negroni', 'itm_gin'],
    ];
    const requests = Array.from({ length: 24 }, (_, i) => {
      const [drink, ingredient] = i % 6 === 5 ? ['itm_nope', 'itm_mint'] : pairs[i % 4]!;
      return { drink: { id: drink!, stock: 100 + i }, ingredient: { id: ingredient!, stock: 200 + i } };
    });
    const answers = await Promise.all(
      requests.map(async (body) => {
        const res = await s.call('POST', '/stockChanges', { key: s.adminKey, body });
        return {
          status: res.status,
          body: (await res.json()) as {
            drink?: { id: string; stock: number };
            ingredient?: { stock: number };
            errors?: Array<{ pointer: string }>;
          },
        };
      }),
    );
    answers.forEach((a, i) => {
      const sent = requests[i]!;
      if (sent.drink.id === 'itm_nope') {
        expect(a.status).toBe(404);
        expect(a.body.errors?.[0]?.pointer).toBe('/body/drink/id');
      } else {
        expect(a.status).toBe(200);
        expect([a.body.drink?.id, a.body.drink?.stock, a.body.ingredient?.stock]).toEqual([
          sent.drink.id,
          sent.drink.stock,
          sent.ingredient.stock,
        ]);
      }
    });
    const made = answers.filter((a) => a.status === 200);
    const queued = await s.db.query<{ body: string }>(`SELECT body FROM delivery_messages WHERE event = 'stockUpdate'`);
    expect(queued.map((q) => q.body).sort()).toEqual(made.flatMap((a) => [JSON.stringify(a.body), JSON.stringify(a.body)]).sort());
  });
});
