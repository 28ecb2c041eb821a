import { callbackNames, events, webhookNames } from '@clubnotify/spec';
import { describe, expect, it } from 'vitest';
import { doc, eventOperations } from './spec-document.js';

describe('event catalogue', () => {
  it('lists exactly the webhooks and callbacks of the spec', () => {
    const fromSpec = eventOperations()
      .map((e) => `${e.kind}:${e.name}:${e.op.operationId}`)
      .sort();
    expect(events.map((e) => `${e.kind}:${e.name}:${e.operationId}`).sort()).toEqual(fromSpec);
    expect([...webhookNames]).toEqual(Object.keys(doc.webhooks));
    expect([...callbackNames]).toEqual(['concertAlert']);
  });

  it('keeps the webhook and the callback named concertAlert apart', () => {
    const named = events.filter((e) => e.name === 'concertAlert');
    expect(named.map((e) => e.kind).sort()).toEqual(['callback', 'webhook']);
    const callback = named.find((e) => e.kind === 'callback')!;
    expect(callback).toMatchObject({ expression: '{$request.body#/callbackUrl}', parentOperationId: 'subscribeConcertUpdates' });
  });

  it('records content type, required payload, responses and an example for each event', () => {
    for (const event of events) {
      expect(event.payloadRequired).toBe(true);
      expect(event.responses).toContain('200');
      expect(event.example).toBeTruthy();
    }
    expect(events.find((e) => e.name === 'stockUpdate')).toMatchObject({ contentType: 'application/json' });
    expect(events.filter((e) => e.name === 'concertAlert').every((e) => e.contentType === 'text/plain')).toBe(true);
  });
});
