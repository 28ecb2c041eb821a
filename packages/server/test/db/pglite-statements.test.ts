import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementCache } from '../../src/db/pglite-statements.js';

const INT8_OID = 20;

describe('PGlite prepared statements', () => {
  let db: PGlite;
  let cache: ReturnType<typeof createStatementCache>;

  beforeAll(async () => {
    db = new PGlite({ parsers: { [INT8_OID]: (value: string) => Number(value) } });
    await db.waitReady;
    cache = createStatementCache(db);
    await db.exec(`CREATE TABLE things (id text PRIMARY KEY, n int8, at timestamptz, doc jsonb, tags text[], ok boolean, note text)`);
  });
  afterAll(() => db.close());

  it('returns the same rows as PGlite.query for every column type and parameter kind', async () => {
    const at = new Date('2026-11-22T10:00:00.123Z');
    const params = ['t1', 42, at, { nested: [1, 'two'], quote: "it's" }, ['a', 'b,c', 'd"e'], true, null];
    await cache.query(`INSERT INTO things VALUES ($1, $2, $3, $4, $5, $6, $7)`, params);
    const sql = `SELECT *, count(*) OVER ()::int8 AS total, 'héllo ✓'::text AS unicode FROM things WHERE id = $1`;
    const ours = await cache.query(sql, ['t1']);
    const theirs = (await db.query(sql, ['t1'])).rows;
    expect(ours).toEqual(theirs);
    expect(ours[0]).toMatchObject({
      id: 't1',
      n: 42,
      at,
      doc: { nested: [1, 'two'], quote: "it's" },
      tags: ['a', 'b,c', 'd"e'],
      ok: true,
      note: null,
      total: 1,
    });
  });

  it('reuses one prepared statement per SQL text', async () => {
    const before = await cache.query(`SELECT count(*)::int AS n FROM pg_prepared_statements`);
    for (let i = 0; i < 5; i++) await cache.query(`SELECT $1::int + 1 AS v`, [i]);
    const after = await cache.query(`SELECT count(*)::int AS n FROM pg_prepared_statements`);
    expect((after[0]!.n as number) - (before[0]!.n as number)).toBeLessThanOrEqual(2);
  });

  it('raises PostgreSQL errors with their fields and keeps working afterwards', async () => {
    const error = await cache.query(`INSERT INTO things (id) VALUES ($1)`, ['t1']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'things_pkey', severity: 'ERROR' });
    expect(String((error as Error).message)).toMatch(/duplicate key/);
    await expect(cache.query(`SELECT nope FROM things`)).rejects.toMatchObject({ code: '42703' });
    await expect(cache.query(`SELECT $1::int AS v`, [])).rejects.toMatchObject({ code: '08P01' });
    expect(await cache.query(`SELECT $1::int AS v`, [7])).toEqual([{ v: 7 }]);
  });

  it('follows a table whose columns changed under a prepared statement', async () => {
    await db.exec(`CREATE TABLE shifting (a int)`);
    await cache.query(`INSERT INTO shifting VALUES ($1)`, [1]);
    expect(await cache.query(`SELECT * FROM shifting`)).toEqual([{ a: 1 }]);
    await db.exec(`ALTER TABLE shifting ADD COLUMN b text DEFAULT 'x'`);
    expect(await cache.query(`SELECT * FROM shifting`)).toEqual([{ a: 1, b: 'x' }]);
  });

  it('closes the least recently used statements beyond its bound', async () => {
    for (let i = 0; i < 260; i++) expect(await cache.query(`SELECT ${i}::int AS v WHERE $1::bool`, [true])).toEqual([{ v: i }]);
    const [row] = await cache.query(`SELECT count(*)::int AS n FROM pg_prepared_statements`);
    expect(row!.n).toBeLessThanOrEqual(200);
    expect(await cache.query(`SELECT 0::int AS v WHERE $1::bool`, [true])).toEqual([{ v: 0 }]);
  });

  it('keeps nothing of a reply once returned: thousands of queries leave the live heap as it was', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const live = () => {
      gc();
      return process.memoryUsage().heapUsed;
    };
    const rows = (i: number) => cache.query(`SELECT n, $1::text AS note FROM generate_series(1, 5) n`, [`reply ${i}`]);
    for (let i = 0; i < 1_000; i++) await rows(i);
    const before = live();
    for (let i = 0; i < 5_000; i++) await rows(i);
    // PGlite's execProtocolRawSync kept every parsed reply: about 5 MB over these 5,000.
    expect(live() - before).toBeLessThan(1_048_576);
  });

  it('keeps transaction semantics: an error aborts the block until ROLLBACK', async () => {
    await db.exec('BEGIN');
    await cache.query(`INSERT INTO things (id) VALUES ($1)`, ['t2']);
    await expect(cache.query(`INSERT INTO things (id) VALUES ($1)`, ['t2'])).rejects.toMatchObject({ code: '23505' });
    await expect(cache.query(`SELECT 1 AS one`)).rejects.toMatchObject({ code: '25P02' });
    await db.exec('ROLLBACK');
    expect(await cache.query(`SELECT id FROM things WHERE id = $1`, ['t2'])).toEqual([]);
  });

  describe('a statement run on its generic plan', () => {
    // A custom plan would see the array's length; left to itself the planner plans this one on every call.
    const sql = `SELECT count(*)::int AS n FROM things t JOIN unnest($1::text[]) AS u (id) ON u.id = t.id`;
    const plans = async () =>
      (
        await cache.query(
          `SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement = $1`,
          [sql],
        )
      )[0];
    const mode = async () => (await cache.query(`SELECT current_setting('plan_cache_mode') AS mode`))[0]!.mode;

    it('is never planned for its parameters, and leaves the session planning the others as before', async () => {
      for (let i = 0; i < 8; i++) expect(await cache.query(sql, [['t1', `x${i}`]], true)).toEqual([{ n: 1 }]);
      expect(await plans()).toEqual({ generic: 8, custom: 0 });
      expect(await mode()).toBe('auto');
    });

    it('reports its own error in a transaction, and the rollback leaves the mode as it was', async () => {
      await db.exec('BEGIN');
      await expect(cache.query(`SELECT 1 / $1::int AS v`, [0], true)).rejects.toMatchObject({ code: '22012' });
      await db.exec('ROLLBACK');
      expect(await mode()).toBe('auto');
      await expect(cache.query(`SELECT 1 / $1::int AS v`, [0], true)).rejects.toMatchObject({ code: '22012' });
      expect(await mode()).toBe('auto');
      expect(await cache.query(`SELECT 2 / $1::int AS v`, [1], true)).toEqual([{ v: 2 }]);
    });
  });
});
