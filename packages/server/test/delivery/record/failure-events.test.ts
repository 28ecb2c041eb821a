// A failure and the operational event that tells its owner are one transaction: whoever reads the
// delivery failed also finds its deliveryFailed queued, and what stops the event stops the record.
import { describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../../src/db/database.js';
import { recordBatch } from '../../../src/delivery/record/record.sql.js';
import type { ClaimedDelivery, Outcome } from '../../../src/delivery/types.js';
import { addRegistration, claimAsIdle, createTestDatabase, databaseKinds, queueMessages } from '../../support/delivery-support.js';

const POLICY = { disableAfterMs: 86_400_000, breakAfter: 5, coolDownMs: 60_000 };
const URL = 'http://127.0.0.1:9/hook';

const failedForGood = (delivery: ClaimedDelivery): Outcome => ({
  delivery,
  result: { startedAt: new Date(), durationMs: 3, statusCode: 500, error: null, responseBody: 'no', retryAfterMs: null },
  status: 'failed',
  retryInMs: null,
});

/** `db`, whose connection is lost as soon as a statement reads the owners' operational-event subscriptions. */
function lostWhileTelling(db: Database): Database {
  const cut = (q: Queryable): Queryable => ({
    query: (sql, params) =>
      sql.includes('FROM operational_subscriptions') ? Promise.reject(new Error('connection lost')) : q.query(sql, params),
  });
  return { ...db, kind: db.kind, query: cut(db).query, transaction: (fn) => db.transaction((tx) => fn(cut(tx))) };
}

async function addOperationalSubscription(db: Queryable, ownerKeyId: string): Promise<string> {
  const id = `ops_${ownerKeyId.slice(4)}`;
  await db.query(
    `INSERT INTO operational_subscriptions (id, owner_key_id, url, secret, events) VALUES ($1, $2, $3, 'whsec_x', ARRAY['deliveryFailed'])`,
    [id, ownerKeyId, 'http://127.0.0.1:9/ops'],
  );
  return id;
}

const statusOf = async (db: Queryable, id: string) =>
  (
    await db.query<{ status: string }>(
      `SELECT status FROM delivery_history WHERE id = $1 UNION ALL SELECT 'queued' FROM deliveries WHERE id = $1`,
      [id],
    )
  )[0]?.status;

describe.each(databaseKinds())('a failure and its deliveryFailed on %s', (kind) => {
  it('are recorded together: the delivery reads failed when its owner’s event is queued', async () => {
    const t = await createTestDatabase(kind);
    try {
      const target = await addRegistration(t.db, URL);
      const ops = await addOperationalSubscription(t.db, target.ownerKeyId);
      await queueMessages(t.db, target, URL, 1);
      const delivery = (await claimAsIdle(t.db, 'wrk_a', 1))[0]!;
      const { queued } = await recordBatch(t.db, [failedForGood(delivery)], POLICY);
      expect(await statusOf(t.db, delivery.id)).toBe('failed');
      expect(queued.map((d) => d.target_id)).toEqual([ops]);
    } finally {
      await t.drop();
    }
  });

  it('are neither recorded when the event cannot be queued: the delivery stays queued for another attempt', async () => {
    const t = await createTestDatabase(kind);
    try {
      const target = await addRegistration(t.db, URL);
      await addOperationalSubscription(t.db, target.ownerKeyId);
      await queueMessages(t.db, target, URL, 1);
      const delivery = (await claimAsIdle(t.db, 'wrk_a', 1))[0]!;
      await expect(recordBatch(lostWhileTelling(t.db), [failedForGood(delivery)], POLICY)).rejects.toThrow('connection lost');
      expect(await statusOf(t.db, delivery.id)).toBe('queued');
      expect(await t.db.query(`SELECT 1 FROM delivery_attempt_log WHERE delivery_id = $1`, [delivery.id])).toEqual([]);
    } finally {
      await t.drop();
    }
  });
});
