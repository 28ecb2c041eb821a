import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { FreshDelivery } from '../src/delivery/types.js';
import { Outbox } from '../src/publish/outbox.js';
import { addRegistration, createTestDatabase, databaseKinds, textMessage, type TestDatabase } from './delivery-support.js';

describe.each(databaseKinds)('the outbox on %s', (kind) => {
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
    const outbox = new Outbox({ db: t.db, handoff: { offer }, wake: () => wakes++ });
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

  it('wakes the local worker for requeued deliveries, and for queued ones when it has no handoff', async () => {
    const reg = await addRegistration(t.db, 'https://hooks.example.com/wake');
    const { outbox, offered, wakes } = recording();
    await outbox.publish(async (queue) => queue.requeued(0));
    expect(wakes()).toBe(0);
    await outbox.publish(async (queue) => queue.requeued(2));
    expect([wakes(), offered.length]).toEqual([1, 0]);
    let woken = 0;
    const plain = new Outbox({ db: t.db, wake: () => woken++ });
    await plain.publish((queue) => t.db.transaction((tx) => queue.messages(tx, [textMessage(reg, 'https://hooks.example.com/wake', 'w')])));
    expect(woken).toBe(1);
  });
});
