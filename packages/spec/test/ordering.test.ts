import { describe, expect, it } from 'vitest';
import { event as stockUpdate } from '../src/generated/events/webhook.stockUpdate.js';
import { event as concertCallback } from '../src/generated/events/callback.concertAlert.js';
import { event as concertWebhook } from '../src/generated/events/webhook.concertAlert.js';
import { events, ORDERING_KEY_MAX_LENGTH, orderingKeys, readOrderingKey } from '../src/index.js';
import { orderingKeyOf } from '../../../scripts/generate/ordering.js';
import type { EventEntry } from '../../../scripts/generate/walk.js';

const drink = (id: unknown) => ({ drink: { id, name: 'Mojito', stock: 3, unit: 'glass' }, ingredient: {} });

describe('x-clubnotify-ordering-key', () => {
  it('is carried into the catalogue and each event module', () => {
    expect(orderingKeys).toEqual({
      'webhook.stockUpdate': { source: 'payload', pointer: '/drink/id' },
      'callback.concertAlert': { source: 'subscription', pointer: '/concertId' },
    });
    expect(events.find((e) => e.kind === 'webhook' && e.name === 'stockUpdate')).toMatchObject({
      orderingKey: { source: 'payload', pointer: '/drink/id' },
    });
    expect(stockUpdate.orderingKey).toEqual({ source: 'payload', pointer: '/drink/id' });
    expect(concertCallback.orderingKey).toEqual({ source: 'subscription', pointer: '/concertId' });
    expect(concertWebhook.orderingKey).toBeUndefined();
  });

  it('reads a message key from the payload or the subscription', () => {
    expect(readOrderingKey('webhook', 'stockUpdate', drink('itm_mojito'))).toEqual({ ok: true, key: 'itm_mojito' });
    expect(readOrderingKey('callback', 'concertAlert', 'Moved to 21:00', { concertId: 'con_1' })).toEqual({ ok: true, key: 'con_1' });
    expect(readOrderingKey('webhook', 'concertAlert', 'anything')).toEqual({ ok: true, key: undefined });
  });

  it('refuses a missing, non-string, empty or too long key with the field pointer', () => {
    expect(readOrderingKey('webhook', 'stockUpdate', { ingredient: {} })).toMatchObject({ ok: false, pointer: '/body/drink/id' });
    expect(readOrderingKey('webhook', 'stockUpdate', drink(42))).toMatchObject({ ok: false, pointer: '/body/drink/id' });
    expect(readOrderingKey('webhook', 'stockUpdate', drink(''))).toMatchObject({ ok: false, pointer: '/body/drink/id' });
    expect(readOrderingKey('webhook', 'stockUpdate', drink('x'.repeat(ORDERING_KEY_MAX_LENGTH)))).toMatchObject({ ok: true });
    expect(readOrderingKey('webhook', 'stockUpdate', drink('x'.repeat(ORDERING_KEY_MAX_LENGTH + 1)))).toMatchObject({
      ok: false,
      detail: expect.stringContaining('1 to 128 characters'),
    });
    expect(readOrderingKey('callback', 'concertAlert', 'text', {})).toMatchObject({ ok: false, pointer: '/concertId' });
  });

  it('is refused by the generator when the pointer names no string property', () => {
    const schema = {
      type: 'object',
      properties: { drink: { type: 'object', properties: { id: { type: 'string' }, stock: { type: 'integer' } } } },
    };
    const entry = (extension: unknown): EventEntry => ({
      kind: 'webhook',
      name: 'stockUpdate',
      operation: { 'x-clubnotify-ordering-key': extension },
    });
    expect(orderingKeyOf({} as never, entry({ source: 'payload', pointer: '/drink/id' }), schema)).toEqual({
      source: 'payload',
      pointer: '/drink/id',
    });
    expect(() => orderingKeyOf({} as never, entry({ source: 'payload', pointer: '/drink/stock' }), schema)).toThrow(/not a string/);
    expect(() => orderingKeyOf({} as never, entry({ source: 'payload', pointer: 'drink' }), schema)).toThrow(/JSON Pointer/);
    expect(() => orderingKeyOf({} as never, entry({ source: 'subscription', pointer: '/x' }), schema)).toThrow(/callbacks only/);
    expect(orderingKeyOf({} as never, entry(undefined), schema)).toBeUndefined();
  });
});
