import pg from 'pg';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { DELIVERY_CHANNEL } from '../../src/delivery/queue/channel.js';
import type { FreshDelivery } from '../../src/delivery/types.js';
import { Outbox } from '../../src/publish/outbox.js';
import { addRegistration, createTestDatabase, databaseKinds, textMessage, type TestDatabase } from '../support/delivery-support.js';

describe.each(databaseKinds())('the outbox on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => t?.drop());

  function recording() {
    const offered: FreshDelivery[][] = [];
    const waiting: Array<() => void> = [];
    let wakes = 0;
    const offer = (fresh: FreshDelivery[]) => {
      offered.push(fresh);
      for (const resolve of waiting.splice(0)) resolve();
    };
    const outbox = new Outbox({ db: t.db, handoff: { offer, wake: () => wakes++ } });
    /** Resolves once something has been handed over (right after the publish's answer, not with it). */
    const handedOver = () => (offered.length > 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve)));
    return { outbox, offered, handedOver, wakes: () => wakes };
  }

  it('hands what a transaction queued to the worker once it has committed, not before', async () => {
    const reg = await addRegistration(t.db, 'https://hooks.example.com/outbox');
    const { outbox, offered, handedOver } = recording();
    const answer = await outbox.publish((queue) =>
      t.db.transaction(async (tx) => {
        await queue.messages(tx, [
          textMessage(reg, 'https://hooks.example.com/outbox', 'one'),
          textMessage(reg, 'https://hooks.example.com/outbox', 'two'),
        ]);
        expect(offered).toEqual([]);
        return 'done';
      }),
    );
    expect(answer).toBe('done');
    await handedOver();
    expect(offered).toHaveLength(1);
    expect(offered[0]!.map((d) => d.body)).toEqual(['one', 'two']);
    const rows = await t.db.query<{ id: string }>('SELECT id FROM delivery_messages WHERE target_id = $1 ORDER BY seq', [reg.id]);
    expect(rows.map((r) => r.id)).toEqual(offered[0]!.map((d) => d.id));
  });

  it('hands over nothing when the transaction rolls back', async () => {
    const reg = await addRegistration(t.db, 'https://hooks.example.com/rolled-back');
    const { outbox, offered, wakes } = recording();
    const failing = outbox.publish((queue) =>
      t.db.transaction(async (tx) => {
        await queue.messages(tx, [textMessage(reg, 'https://hooks.example.com/rolled-back', 'never')]);
        throw new Error('rolled back');
      }),
    );
    await expect(failing).rejects.toThrow('rolled back');
    // A handover goes one setImmediate after the answer: it would have come by now.
    await new Promise((resolve) => setImmediate(resolve));
    expect(offered).toEqual([]);
    expect(wakes()).toBe(0);
    expect(await t.db.query('SELECT id FROM delivery_messages WHERE target_id = $1', [reg.id])).toEqual([]);
  });

  it('wakes the local worker for requeued deliveries, and hands it nothing', async () => {
    const { outbox, offered, wakes } = recording();
    await outbox.publish(async (queue) => queue.requeued(0));
    expect(wakes()).toBe(0);
    await outbox.publish(async (queue) => queue.requeued(2));
    expect([wakes(), offered.length]).toEqual([1, 0]);
  });

  it.skipIf(kind !== 'postgres')(
    'without a local worker, wakes the workers of every process once the commit is visible; with one, nothing is notified',
    async () => {
      const reg = await addRegistration(t.db, 'https://hooks.example.com/wake');
      const listener = new pg.Client({ connectionString: t.url });
      await listener.connect();
      const notified: Array<{ payload: string | undefined; queued: number }> = [];
      const arrived: Array<() => void> = [];
      listener.on('notification', (n) => {
        // What a woken worker would see: the rows that publish queued, committed.
        void t.db.query('SELECT id FROM deliveries WHERE target_id = $1', [reg.id]).then((rows) => {
          notified.push({ payload: n.payload, queued: rows.length });
          for (const resolve of arrived.splice(0)) resolve();
        });
      });
      await listener.query(`LISTEN ${DELIVERY_CHANNEL}`);
      try {
        const { outbox } = recording();
        const send = (o: Outbox, body: string) =>
          o.publish((queue) => t.db.transaction((tx) => queue.messages(tx, [textMessage(reg, 'https://hooks.example.com/wake', body)])));
        await send(outbox, 'handed over');
        const next = new Promise<void>((resolve) => arrived.push(resolve));
        const plain = new Outbox({ db: t.db });
        await send(plain, 'announced');
        await plain.settled();
        await next;
        // Notifications arrive in commit order: a NOTIFY from the first publish would have come first.
        expect(notified).toEqual([{ payload: '', queued: 2 }]);
      } finally {
        await listener.end();
      }
    },
  );
});
