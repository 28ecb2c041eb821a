import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { enqueueDeliveries, cancelDeliveriesForTarget, type OutgoingMessage } from '../../../src/delivery/queue/enqueue.js';
import { addRegistration, createTestDatabase, databaseKinds, type TestDatabase } from '../../support/delivery-support.js';

describe.each(databaseKinds())('enqueueDeliveries on %s', (kind) => {
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
      `SELECT id, message_id, status, next_attempt_at <= now() AS due, body FROM delivery_messages WHERE target_id = $1 ORDER BY seq`,
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
    expect(await t.db.query(`SELECT 1 FROM delivery_messages WHERE target_id = $1`, [reg.id])).toHaveLength(0);
  });

  it('queues more messages than one statement can bind', async () => {
    const reg = await addRegistration(t.db, 'https://hooks.example.com/c');
    const many = Array.from({ length: 2500 }, (_, i) => message(reg.id, reg.ownerKeyId, `m${i}`));
    await t.db.transaction((tx) => enqueueDeliveries(tx, many));
    const [row] = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM delivery_messages WHERE target_id = $1`, [reg.id]);
    expect(row!.n).toBe(2500);
  });

  it('queues a fan-out that shares one body as one row per target, in order, each with its own ids', async () => {
    const regs = [];
    for (let i = 0; i < 50; i++) regs.push(await addRegistration(t.db, `https://hooks.example.com/fan/${i}`));
    const body = JSON.stringify({ drink: { id: 'itm_mojito', stock: 17 } });
    const fanOut = regs.map((r): OutgoingMessage => ({
      ...message(r.id, r.ownerKeyId, body),
      event: 'stockUpdate',
      contentType: 'application/json',
      url: `https://hooks.example.com/fan/${r.id}`,
    }));
    await t.db.transaction((tx) => enqueueDeliveries(tx, fanOut));
    const rows = await t.db.query<{
      id: string;
      message_id: string;
      target_id: string;
      owner_key_id: string;
      url: string;
      event: string;
      content_type: string;
      body: string;
    }>(
      `SELECT id, message_id, target_id, owner_key_id, url, event, content_type, body FROM delivery_messages WHERE target_id = ANY($1::text[]) ORDER BY seq`,
      [regs.map((r) => r.id)],
    );
    expect(rows.map((r) => [r.target_id, r.owner_key_id, r.url])).toEqual(
      regs.map((r) => [r.id, r.ownerKeyId, `https://hooks.example.com/fan/${r.id}`]),
    );
    expect(new Set(rows.map((r) => `${r.event} ${r.content_type} ${r.body}`))).toEqual(new Set([`stockUpdate application/json ${body}`]));
    expect(new Set(rows.map((r) => r.id)).size).toBe(50);
    expect(new Set(rows.map((r) => r.message_id)).size).toBe(50);
  });

  it('keeps each message’s own kind, event, content type, body and message id when one call mixes them', async () => {
    const reg = await addRegistration(t.db, 'https://hooks.example.com/mixed');
    await t.db.transaction((tx) =>
      enqueueDeliveries(tx, [
        message(reg.id, reg.ownerKeyId, 'Jazz at nine'),
        {
          ...message(reg.id, reg.ownerKeyId, '{"a":1}'),
          kind: 'callback',
          event: 'stockUpdate',
          contentType: 'application/json',
          messageId: 'msg_given',
        },
      ]),
    );
    const rows = await t.db.query<{ kind: string; event: string; content_type: string; body: string; message_id: string }>(
      `SELECT kind, event, content_type, body, message_id FROM delivery_messages WHERE target_id = $1 ORDER BY seq`,
      [reg.id],
    );
    expect(rows.map((r) => [r.kind, r.event, r.content_type, r.body])).toEqual([
      ['webhook', 'concertAlert', 'text/plain; charset=utf-8', 'Jazz at nine'],
      ['callback', 'stockUpdate', 'application/json', '{"a":1}'],
    ]);
    expect(rows[1]!.message_id).toBe('msg_given');
  });

  it('queues nothing, and sends no statement, for no messages', async () => {
    const calls: string[] = [];
    await enqueueDeliveries({ query: async (sql: string) => (calls.push(sql), []) } as never, []);
    expect(calls).toEqual([]);
  });

  it('cancels only the pending deliveries of one target', async () => {
    const a = await addRegistration(t.db, 'https://hooks.example.com/d');
    const b = await addRegistration(t.db, 'https://hooks.example.com/e');
    await t.db.transaction((tx) => enqueueDeliveries(tx, [message(a.id, a.ownerKeyId), message(b.id, b.ownerKeyId)]));
    expect(await t.db.transaction((tx) => cancelDeliveriesForTarget(tx, a.id))).toBe(1);
    const rows = await t.db.query<{ target_id: string; status: string }>(
      `SELECT target_id, status FROM delivery_messages WHERE target_id IN ($1, $2)`,
      [a.id, b.id],
    );
    expect(Object.fromEntries(rows.map((r) => [r.target_id, r.status]))).toEqual({ [a.id]: 'cancelled', [b.id]: 'pending' });
  });
});
