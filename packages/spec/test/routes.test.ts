import { describe, expect, it } from 'vitest';
import { document, routeTable } from '../src/index.js';

const table = routeTable(({ method, template, operation }) => ({ id: operation.operationId as string, method, template }));

describe('routeTable', () => {
  it('describes every operation of the document once', () => {
    const ids = Object.values(document.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((item) =>
      Object.values(item).flatMap((op) => (op?.operationId ? [op.operationId] : [])),
    );
    expect(table.operations.map((op) => op.id).sort()).toEqual(ids.sort());
  });

  it('prefers a literal path over a template that also matches it', () => {
    expect(table.match('POST', '/deliveries/recover')?.operation?.id).toBe('recoverDeliveries');
    expect(table.match('POST', '/deliveries/dlv_1/replay')?.operation?.id).toBe('replayDelivery');
  });

  it('gives path parameters still encoded, and the methods of a known path', () => {
    const match = table.match('DELETE', '/registrations/reg%2F1');
    expect(match?.params).toEqual({ registrationId: 'reg%2F1' });
    expect(match?.allowed).toEqual(expect.arrayContaining(['GET', 'DELETE']));
  });

  it('answers HEAD with GET, tells a known path with another method apart from an unknown one', () => {
    expect(table.match('HEAD', '/items')?.operation?.method).toBe('GET');
    const wrongMethod = table.match('PUT', '/stockChanges');
    expect(wrongMethod?.operation).toBeUndefined();
    expect(wrongMethod?.allowed).toEqual(['POST']);
    expect(table.match('GET', '/stockChanges/extra')).toBeUndefined();
    expect(table.match('GET', '/concerts.json')).toBeUndefined();
  });
});
