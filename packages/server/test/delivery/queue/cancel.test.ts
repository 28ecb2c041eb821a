// Cancelling pending deliveries: by target, by owner, by id; each moves to the history as cancelled, keeping its ids.
import { describe, expect, it } from 'vitest';
import { cancelClaimed, cancelDeliveriesForOwner, cancelDeliveriesForTarget } from '../../../src/delivery/queue/cancel.sql.js';
import { addRegistration, createTestDatabase, databaseKinds, queueMessages } from '../../support/delivery-support.js';

describe.each(databaseKinds())('cancelling on %s', (kind) => {
  it('by target, by owner and by id, each delivery moving once from the queue to the history', async () => {
    const t = await createTestDatabase(kind);
    try {
      const a = await addRegistration(t.db, 'https://example.com/a');
      const b = await addRegistration(t.db, 'https://example.com/b', { ownerKeyId: a.ownerKeyId });
      const c = await addRegistration(t.db, 'https://example.com/c');
      await queueMessages(t.db, a, 'https://example.com/a', 2);
      await queueMessages(t.db, b, 'https://example.com/b', 3);
      await queueMessages(t.db, c, 'https://example.com/c', 4);
      const queued = async () =>
        Object.fromEntries(
          (
            await t.db.query<{ target_id: string; n: number }>(`SELECT target_id, count(*)::int AS n FROM deliveries GROUP BY target_id`)
          ).map((r) => [r.target_id, r.n]),
        );
      const before = await t.db.query<{ id: string; seq: string }>(`SELECT id, seq::text FROM deliveries WHERE target_id = $1`, [a.id]);

      expect(await t.db.transaction((tx) => cancelDeliveriesForTarget(tx, a.id))).toBe(2);
      expect(await queued()).toEqual({ [b.id]: 3, [c.id]: 4 });
      const moved = await t.db.query<{ id: string; seq: string; status: string }>(
        `SELECT id, seq::text, status FROM delivery_history WHERE target_id = $1 ORDER BY seq`,
        [a.id],
      );
      expect(moved).toEqual(before.sort((x, y) => Number(x.seq) - Number(y.seq)).map((d) => ({ ...d, status: 'cancelled' })));

      // The owner of a and b: only b has deliveries left to cancel.
      expect(await t.db.transaction((tx) => cancelDeliveriesForOwner(tx, a.ownerKeyId))).toBe(3);
      expect(await queued()).toEqual({ [c.id]: 4 });

      const ids = (await t.db.query<{ id: string }>(`SELECT id FROM deliveries WHERE target_id = $1 LIMIT 2`, [c.id])).map((r) => r.id);
      await cancelClaimed(t.db, ids);
      await cancelClaimed(t.db, []);
      expect(await queued()).toEqual({ [c.id]: 2 });
      const [cancelled] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM delivery_history WHERE status = 'cancelled'`);
      expect(cancelled!.n).toBe(7);

      // What has left the queue is not cancelled twice.
      expect(await t.db.transaction((tx) => cancelDeliveriesForTarget(tx, a.id))).toBe(0);
    } finally {
      await t.drop();
    }
  });
});
