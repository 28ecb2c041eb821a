import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timeOrderedIds, timeDigits } from '../../../src/delivery/queue/time-ordered-ids.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../support/delivery-support.js';

/**
 * Issue 29.3: the history's keys are the delivery and message ids. A history of random ids
 * (as every database written before time-ordered ids holds) takes new rows; with the engine's
 * ids they land next to each other, so an insert dirties few index pages, where uniformly
 * random ids of the same shape dirty a leaf page per index and row. Counted in buffers
 * (EXPLAIN BUFFERS after a checkpoint), not timed.
 */
const HISTORY = 50_000;
const ROWS = 2_000;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** The ids of the engine before issue 29.3: 22 uniformly random base62 characters. */
function randomIds(prefix: string, count: number): string[] {
  return Array.from({ length: count }, () => {
    let out = '';
    for (const b of randomBytes(44)) if (b < 248 && out.length < 22) out += ALPHABET[b % 62];
    return `${prefix}_${out}`;
  });
}

describe('delivery ids', () => {
  it('keep the prefix, the length and the alphabet, and sort in the order they were made', async () => {
    const first = timeOrderedIds('msg', 50);
    await new Promise((resolve) => setImmediate(resolve));
    let later = timeOrderedIds('msg', 1)[0]!;
    while (later.slice(4, 11) === first[0]!.slice(4, 11)) later = timeOrderedIds('msg', 1)[0]!;
    for (const id of [...first, later]) expect(id).toMatch(/^msg_[A-Za-z0-9]{22}$/);
    expect(first.every((id) => id < later)).toBe(true);
    expect(new Set(first).size).toBe(50);
  });

  it('put the time in fixed-width digits that sort as the times do, and 89 random bits after them', () => {
    const times = [0, 61, 62, 1_700_000_000_000, 1_700_000_000_001, 1_790_000_000_000, 3_000_000_000_000];
    const digits = times.map(timeDigits);
    expect(digits.every((d) => d.length === 7)).toBe(true);
    expect([...digits].sort()).toEqual(digits);
    // 89 random bits: each of the 15 characters after the time takes every one of the 62 base62
    // digits (15 × log2 62 > 89). Over 2,000 ids a position that draws from all 62 misses one with
    // a chance of 62 × (61/62)^2000 < 1e-12; a narrower draw (hex, base36, a fixed position) misses many.
    const ids = timeOrderedIds('dlv', 2_000);
    const tails = ids.map((id) => id.slice(11));
    expect(tails.every((tail) => tail.length === 15)).toBe(true);
    const digitsAt = Array.from({ length: 15 }, (_, i) => new Set(tails.map((tail) => tail[i])).size);
    expect(digitsAt).toEqual(Array.from({ length: 15 }, () => 62));
    expect(new Set(tails).size).toBe(2_000);
  });
});

describe.each(databaseKinds())('history inserts amid random ids (%s)', (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    // A history of random ids, as the engine wrote them before.
    await t.db.query(
      `INSERT INTO delivery_history (seq, id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, status,
         attempt_count, round_attempts, created_at)
       SELECT n, i, m, 'webhook', 'stockUpdate', 'reg_' || n % 30, 'key_a', 'https://hooks.example.com/x',
         'application/json', '{}', 'succeeded', 1, 1, now()
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS v(i, m, n)`,
      [randomIds('dlv', HISTORY), randomIds('msg', HISTORY)],
    );
  }, 300_000);

  afterAll(async () => {
    await t?.drop();
  });

  /** Pages the insert of ROWS rows with these ids dirtied, counted from a clean buffer cache. */
  async function dirtied(ids: string[], messageIds: string[], firstSeq: number): Promise<number> {
    await t.db.query('CHECKPOINT');
    const [row] = await t.db.query<{ 'QUERY PLAN': unknown }>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON)
       INSERT INTO delivery_history (seq, id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, status,
         attempt_count, round_attempts, created_at)
       SELECT $3::bigint + n, i, m, 'webhook', 'stockUpdate', 'reg_' || n % 30, 'key_a', 'https://hooks.example.com/x',
         'application/json', '{}', 'succeeded', 1, 1, now()
       FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS v(i, m, n)`,
      [ids, messageIds, firstSeq],
    );
    const plan = row!['QUERY PLAN'];
    const root = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: { 'Shared Dirtied Blocks': number } }>;
    return root[0]!.Plan['Shared Dirtied Blocks'];
  }

  it('dirty a few pages per hundred rows, where random ids dirty a leaf per index and row', async () => {
    const random = await dirtied(randomIds('dlv', ROWS), randomIds('msg', ROWS), HISTORY + 1);
    const ordered = await dirtied(timeOrderedIds('dlv', ROWS), timeOrderedIds('msg', ROWS), HISTORY + ROWS + 1);
    if (process.env.LOCALITY_FIGURES)
      console.log(`${kind}: pages dirtied per row, random ${random / ROWS}, time-ordered ${ordered / ROWS}`);
    // Random ids touch nearly every leaf of the two id indexes (about 280 each at 50,000 rows; two per row at millions).
    expect(random / ROWS).toBeGreaterThan(0.25);
    expect(ordered / ROWS).toBeLessThan(0.12);
    expect(ordered).toBeLessThan(random / 3);
  }, 120_000);
});
