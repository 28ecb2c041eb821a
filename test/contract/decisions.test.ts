import { describe, expect, it } from 'vitest';
import { deref, doc, operations } from './spec-document.js';

const secured = operations().filter(({ op }) => !(Array.isArray(op.security) && op.security.length === 0));

describe('decisions the brief leaves open', () => {
  it('names every operation the clients, tests and docs rely on', () => {
    const ids = operations().map(({ op }) => op.operationId);
    for (const id of [
      'registerForAlert',
      'registerForStockUpdates',
      'subscribeConcertUpdates',
      'listRegistrations',
      'deleteRegistration',
      'listSubscriptions',
      'deleteSubscription',
      'scheduleConcert',
      'updateConcert',
      'cancelConcert',
      'changeStock',
      'listItems',
      'listDeliveries',
      'listItemsCursor',
      'listItemsPages',
      'listItemsPagesLinked',
      'listItemsLinkHeader',
      'listItemsOffsets',
      'listItemsOffsetsLinked',
    ])
      expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('answers a registration with its id and signing secret', () => {
    const registration = doc.components.schemas.Registration;
    expect(registration.required).toContain('id');
    expect(registration.properties.secret.pattern).toBe('^whsec_[A-Za-z0-9+/]{43}=$');
    expect(deref(doc.paths['/registerForAlert'].post.responses['200']).content['application/json'].schema.$ref).toBe(
      '#/components/schemas/Registration',
    );
  });

  it('gives Item, Drink, Ingredient, APIError and UnknownError fields', () => {
    for (const name of ['Item', 'Drink', 'Ingredient', 'APIError']) {
      expect(Object.keys(doc.components.schemas[name].properties).length).toBeGreaterThan(1);
    }
    expect(doc.components.schemas.UnknownError.type).toBe('object');
  });

  it('bounds page sizes at 1..100 with a default of 20', () => {
    for (const name of ['Limit', 'Size']) {
      expect(doc.components.parameters[name].schema).toMatchObject({ minimum: 1, maximum: 100, default: 20 });
    }
  });

  it('protects registration with an API key that has subscriber and admin scopes', () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.security).toEqual([{ apiKey: ['subscriber'] }]);
    expect(doc.paths['/concerts'].post.security).toEqual([{ apiKey: ['admin'] }]);
  });

  it.each(secured.map(({ path, method, op }) => [`${method.toUpperCase()} ${path}`, op]))('documents 401, 403 and 429 on %s', (_, op) => {
    for (const status of ['401', '403', '429']) expect(op.responses[status]).toBeDefined();
  });

  it.each(operations().map(({ path, method, op }) => [`${method.toUpperCase()} ${path}`, op]))(
    'answers every 4xx and 5xx of %s with problem+json',
    (_, op) => {
      for (const [status, response] of Object.entries<any>(op.responses)) {
        if (Number(status) < 400) continue;
        expect(Object.keys(deref(response).content)).toEqual(['application/problem+json']);
        expect(deref(response).content['application/problem+json'].schema.$ref).toBe('#/components/schemas/Problem');
      }
    },
  );

  it.each(
    operations()
      .filter(({ op }) => op.requestBody)
      .map(({ path, method, op }) => [`${method.toUpperCase()} ${path}`, op]),
  )('documents 413 and 415 on %s, which takes a body', (_, op) => {
    expect(op.responses['413']).toBeDefined();
    expect(op.responses['415']).toBeDefined();
  });

  it('sends Retry-After and the RateLimit headers with 429', () => {
    expect(Object.keys(doc.components.responses.TooManyRequests.headers)).toEqual(
      expect.arrayContaining(['Retry-After', 'RateLimit', 'RateLimit-Policy']),
    );
  });

  it('names the field at fault in a problem', () => {
    expect(doc.components.schemas.Problem.properties.errors.items.required).toEqual(['pointer', 'detail']);
  });

  it('accepts an Idempotency-Key on every publisher operation', () => {
    for (const id of ['scheduleConcert', 'updateConcert', 'cancelConcert', 'changeStock']) {
      const op = operations().find(({ op }) => op.operationId === id)!.op;
      expect(op.parameters.map(deref).map((p: any) => p.name)).toContain('Idempotency-Key');
    }
  });
});
