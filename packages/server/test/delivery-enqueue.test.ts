import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { enqueueDeliveries, cancelDeliveriesForTarget, type OutgoingMessage } from '../src/delivery/enqueue.js';
import { addRegistration, createTestDatabase, databaseKinds, type TestDatabase } from './delivery-support.js';

describe.each(databaseKinds)('enqueueDeliveries on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => t?.drop());

  const message = (targetId: string, ownerKeyId: string, body = 'Jazz at nine'): OutgoingMessage => ({
    kind: 'webhook',
    event: 'concertAlert',
    targetId,
    ownerKeyId,
    url: 'https://hooks.example.com/a',
    contentType: 'text/plain; charset=utf-8',
    body,
  });

  it('queues one pending delivery per message, due now, with fresh dlv_ and msg_ ids', async () => {
    const reg = await addRegistration(t.db, 'https://hooks.example.com/a');
    await t.db.transaction((tx) => enqueueDeliveries(tx, [message(reg.id, reg.ownerKeyId), message(reg.id, reg.ownerKeyId, 'Second')]));
    const rows = await t.db.query<{ id: string; message_id: string; status: string; due: boolean; body: string }>(
      `SELECT id, message_id, status, next_attempt_at <= now() AS due, body FROM deliveries WHERE target_id = $1 ORDER BY seq`,
      [reg.id],
    );
    expect(rows.map((r) => r.body)).toEqual(['Jazz at nine', 'Second']);
    for (const row of rows) {
      expect(row.id).toMatch(/^dlv_[A-Za-z0-9]{22}$/);
      expect(row.message_id).toMatch(/^msg_[A-Za-z0-9]{22}$/);
      expect(row.status).toBe('pending');
      expect(row.due).toBe(true);
    }
    expect(rows[0]!.message_id).not.toBe(rows[1]!.message_id);
  });

  it('queues nothing when the caller’s transaction rolls back (outbox)', async () => {
    const reg = await addRegistration(t.db, 'https://hooks.example.com/b');
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueDeliveries(tx, [message(reg.id, reg.ownerKeyId)]);
        throw new Error('publish failed');
      }),
    ).rejects.toThrow('publish failed');
    expect(await t.db.query(`SELECT 1 FROM deliveries WHERE target_id = $1`, [reg.id])).toHaveLength(0);
  });

  it('queues more messages than one statement can bind', async () => {
    const reg = await addRegistration(t.db, 'https://hooks.example.com/c');
    const many = Array.from({ length: 2500 }, (_, i) => message(reg.id, reg.ownerKeyId, `m${i}`));
    await t.db.transaction((tx) => enqueueDeliveries(tx, many));
    const [row] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM deliveries WHERE target_id = $1`, [reg.id]);
    expect(row!.n).toBe(2500);
  });

  it('cancels only the pending deliveries of one target', async () => {
    const a = await addRegistration(t.db, 'https://hooks.example.com/d');
    const b = await addRegistration(t.db, 'https://hooks.example.com/e');
    await t.db.transaction((tx) => enqueueDeliveries(tx, [message(a.id, a.ownerKeyId), message(b.id, b.ownerKeyId)]));
    expect(await t.db.transaction((tx) => cancelDeliveriesForTarget(tx, a.id))).toBe(1);
    const rows = await t.db.query<{ target_id: string; status: string }>(`SELECT target_id, status FROM deliveries WHERE target_id IN ($1, $2)`, [a.id, b.id]);
    expect(Object.fromEntries(rows.map((r) => [r.target_id, r.status]))).toEqual({ [a.id]: 'cancelled', [b.id]: 'pending' });
  });
});
