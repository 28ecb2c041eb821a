import { describe, expect, it } from 'vitest';
import { deref, doc, eventOperations, jsonBody, okSchema, schema } from './spec-document.js';

describe('the document', () => {
  it('is OpenAPI 3.1.0 at interface version 1.0.0', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
  });
});

describe('registration endpoints of the brief', () => {
  it.each([
    ['/registerForAlert', 'registerForAlert', ['url']],
    ['/concertUpdates', 'subscribeConcertUpdates', ['concertId', 'callbackUrl']],
  ])('POST %s takes a required JSON body with %s fields and answers 200', (path, operationId, fields) => {
    const op = doc.paths[path].post;
    expect(op.operationId).toBe(operationId);
    expect(deref(op.requestBody).required).toBe(true);
    // The brief's fields, required; later additions (`delivery`, issue 30) are optional.
    const body = deref(jsonBody(op));
    expect(Object.keys(body.properties).slice(0, fields.length)).toEqual(fields);
    expect(body.required).toEqual(fields);
    expect(op.responses['200']).toBeDefined();
  });

  it('gives url and callbackUrl the uri format and concertId the string type', () => {
    expect(deref(jsonBody(doc.paths['/registerForAlert'].post)).properties.url).toMatchObject({ type: 'string', format: 'uri' });
    const sub = deref(jsonBody(doc.paths['/concertUpdates'].post)).properties;
    expect(sub.callbackUrl).toMatchObject({ type: 'string', format: 'uri' });
    expect(sub.concertId.type).toBe('string');
  });

  it('defines the concertAlert callback at {$request.body#/callbackUrl}, text/plain, required, answered 200', () => {
    const callbacks = doc.paths['/concertUpdates'].post.callbacks;
    expect(Object.keys(callbacks)).toEqual(['concertAlert']);
    expect(Object.keys(callbacks.concertAlert)).toEqual(['{$request.body#/callbackUrl}']);
    const op = callbacks.concertAlert['{$request.body#/callbackUrl}'].post;
    expect(deref(op.requestBody).required).toBe(true);
    expect(Object.keys(deref(op.requestBody).content)).toEqual(['text/plain']);
    expect(deref(deref(op.requestBody).content['text/plain'].schema).type).toBe('string');
    expect(op.responses['200']).toBeDefined();
  });
});

describe('webhooks of the brief', () => {
  it('lists exactly concertAlert and stockUpdate besides the operational events', () => {
    const operational = (name: string) => doc.webhooks[name].post['x-clubnotify-operational'] === true;
    expect(Object.keys(doc.webhooks).filter((name) => !operational(name))).toEqual(['concertAlert', 'stockUpdate']);
  });

  it('sends concertAlert as a required text/plain string answered 200', () => {
    const op = doc.webhooks.concertAlert.post;
    expect(deref(op.requestBody).required).toBe(true);
    expect(Object.keys(deref(op.requestBody).content)).toEqual(['text/plain']);
    expect(deref(deref(op.requestBody).content['text/plain'].schema).type).toBe('string');
    expect(op.responses['200']).toBeDefined();
  });

  it('sends stockUpdate as required JSON {drink: Drink, ingredient: Ingredient}', () => {
    const op = doc.webhooks.stockUpdate.post;
    expect(deref(op.requestBody).required).toBe(true);
    const body = deref(jsonBody(op));
    expect(body.properties.drink.$ref).toBe('#/components/schemas/Drink');
    expect(body.properties.ingredient.$ref).toBe('#/components/schemas/Ingredient');
  });

  it('declares 200, 5XX with APIError and default with UnknownError for stockUpdate', () => {
    const responses = doc.webhooks.stockUpdate.post.responses;
    expect(responses['200']).toBeDefined();
    expect(deref(responses['5XX']).content['application/json'].schema.$ref).toBe('#/components/schemas/APIError');
    expect(deref(responses.default).content['application/json'].schema.$ref).toBe('#/components/schemas/UnknownError');
  });

  it.each(eventOperations().map((e) => [`${e.kind} ${e.name}`, e.op]))('documents the Standard Webhooks headers on the %s', (_, op) => {
    const headers = op.parameters.map(deref).filter((p: any) => p.in === 'header');
    for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      expect(headers.find((h: any) => h.name === name)).toMatchObject({ required: true });
    }
    expect(op.security).toEqual([{ webhookSignature: [] }]);
  });
});

describe('pagination envelopes of the brief', () => {
  const variants: Array<[string, string, string[], string[] | null, string[] | null]> = [
    ['/items/pages', 'ItemPageFlat', ['data', 'page', 'size', 'total_pages'], null, null],
    [
      '/items/pages/linked',
      'ItemPageLinked',
      ['data', 'meta', 'links'],
      ['page', 'size', 'total_pages'],
      ['self', 'next', 'prev', 'first', 'last'],
    ],
    ['/items/offsets', 'ItemOffsetMeta', ['data', 'meta'], ['total', 'limit', 'offset'], null],
    [
      '/items/offsets/linked',
      'ItemOffsetLinked',
      ['data', 'meta', 'links'],
      ['total', 'limit', 'offset'],
      ['self', 'next', 'prev', 'first', 'last'],
    ],
    ['/items/cursor', 'ItemCursorPlain', ['data', 'next_cursor', 'limit'], null, null],
    ['/items', 'ItemCursorLinked', ['data', 'links'], null, ['self', 'next', 'prev', 'first', 'last']],
  ];

  it.each(variants)('GET %s answers exactly the %s envelope', (path, name, top, meta, links) => {
    const envelope = okSchema(doc.paths[path].get);
    expect(envelope).toBe(schema(name));
    expect(envelope.required).toEqual(top);
    expect(Object.keys(envelope.properties)).toEqual(top);
    expect(envelope.additionalProperties).toBe(false);
    expect(envelope.oneOf).toBeUndefined();
    expect(envelope.properties.data).toMatchObject({ type: 'array', items: { $ref: '#/components/schemas/Item' } });
    if (meta) expect(deref(envelope.properties.meta).required).toEqual(meta);
    if (links) expect(deref(envelope.properties.links).required).toEqual(links);
  });

  it('offers the Link header alternative with first, next and last', () => {
    const ok = doc.paths['/items/pages/link-header'].get.responses['200'];
    expect(ok.headers.Link).toBeDefined();
    expect(doc.paths['/items/pages/link-header'].get.description).toMatch(/`first`.*`next`.*`last`/s);
    expect(okSchema(doc.paths['/items/pages/link-header'].get).required).toEqual(['data']);
  });

  it.each([
    ['page', 'integer'],
    ['size', 'integer'],
    ['offset', 'integer'],
    ['limit', 'integer'],
    ['cursor', 'string'],
  ])('types the %s parameter as %s', (name, type) => {
    const param = Object.values<any>(doc.components.parameters).find((p) => p.name === name);
    expect(param.schema.type).toBe(type);
  });

  it('writes the link rules into the document', () => {
    const text = doc.info.description as string;
    expect(text).toMatch(/relative URL of the same collection path/);
    expect(text).toMatch(/floor\(\(total - 1\) \/ limit\) \* limit/);
    expect(text).toMatch(/`page=total_pages`/);
    expect(text).toMatch(/`200` with `data: \[\]`/);
    expect(text).toMatch(/opaque string: pass it back unchanged/);
    expect(text).toMatch(/`next` is present whenever the page is full, so it can\s+lead to an empty page/);
  });
});
