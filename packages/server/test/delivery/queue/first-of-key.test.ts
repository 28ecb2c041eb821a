import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeliveries } from '../../../src/delivery/queue/insert.sql.js';
import type { FreshDelivery, OutgoingMessage } from '../../../src/delivery/types.js';
import { addRegistration, createTestDatabase, databaseKinds, type TestDatabase } from '../../support/delivery-support.js';
import { postgres, present } from '../../../../../test/dependencies.js';

const URL = 'https://hooks.example.com/stock';

/** A stockUpdate of `drink` (its ordering key) for `target`. */
const message = (target: { id: string; ownerKeyId: string }, drink: string | null): OutgoingMessage => ({
  kind: 'webhook',
  event: 'stockUpdate',
  targetId: target.id,
  ownerKeyId: target.ownerKeyId,
  url: URL,
  contentType: 'application/json',
  body: JSON.stringify({ drink: { id: drink } }),
  orderingKey: drink ?? undefined,
});

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
