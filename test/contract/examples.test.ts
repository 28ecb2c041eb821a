import { hasBodyValidator, validateBody } from '@clubnotify/spec';
import { describe, expect, it } from 'vitest';
import { asOfNow, examplesAsOf } from '../examples-as-of-now.js';
import { deref, eventOperations, operations } from './spec-document.js';

interface Media {
  where: string;
  key: string;
  media: any;
}

function bodies(): Media[] {
  const out: Media[] = [];
  const add = (prefix: string, label: string, content: Record<string, any> | undefined, kind: string) => {
    for (const [type, media] of Object.entries(content ?? {}))
      out.push({ where: `${label} ${kind} ${type}`, key: `${prefix}.${kind}.${type}`, media });
  };
  for (const { path, method, op } of operations()) {
    const label = `${method.toUpperCase()} ${path}`;
    add(op.operationId, label, deref(op.requestBody)?.content, 'body');
    for (const [status, response] of Object.entries<any>(op.responses))
      add(op.operationId, label, deref(response).content, `response.${status}`);
  }
  for (const { kind, name, op } of eventOperations()) {
    const label = `${kind} ${name}`;
    add(`${kind}.${name}`, label, deref(op.requestBody)?.content, 'body');
    for (const [status, response] of Object.entries<any>(op.responses))
      add(`${kind}.${name}`, label, deref(response).content, `response.${status}`);
  }
  return out;
}

describe('examples', () => {
  it.each(bodies().map((b) => [b.where, b]))('%s has a named example', (_, { media }) => {
    expect(Object.keys(media.examples ?? {}).length).toBeGreaterThan(0);
  });

  it.each(bodies().map((b) => [b.where, b]))('every example of %s validates against its schema', (_, { key, media }) => {
    expect(hasBodyValidator(key)).toBe(true);
    for (const example of Object.values<any>(media.examples ?? {})) {
      const result = validateBody(key as never, deref(example).value);
      expect(result).toEqual({ ok: true });
    }
  });

  it('rejects a body that breaks its schema (the validators are not vacuous)', () => {
    expect(validateBody('registerForAlert.body.application/json', { url: 'not a uri' })).toEqual({
      ok: false,
      errors: [{ pointer: '/body/url', detail: 'must be an absolute URL such as https://hooks.example.com/clubnotify' }],
    });
    expect(validateBody('webhook.stockUpdate.body.application/json', { drink: {} })).toMatchObject({ ok: false });
  });
});

describe('example times', () => {
  const DAY = 86_400_000;
  const times = (value: unknown): string[] =>
    typeof value === 'string'
      ? Number.isNaN(Date.parse(value)) || !/^\d{4}-\d{2}-\d{2}T/.test(value)
        ? []
        : [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(times)
        : [];

  it('declares the moment the examples are written about', () => {
    expect(Number.isNaN(examplesAsOf)).toBe(false);
  });

  it.each(
    bodies()
      .filter((b) => b.key.includes('.body.'))
      .map((b) => [b.where, b]),
  )(
    'request examples of %s lie within the 14-day recovery window before x-examples-as-of, so moved to now they are accepted',
    (_, { media }) => {
      for (const example of Object.values<any>(media.examples ?? {}))
        for (const at of times(deref(example).value)) expect(examplesAsOf - Date.parse(at), at).toBeLessThan(14 * DAY);
    },
  );

  it('moves every date-time of a value by the same amount, and nothing else', () => {
    const example = { since: '2026-11-20T18:00:00Z', nested: [{ at: '2026-11-22T09:00:00.000+01:00' }], title: '2026-11-20', n: 3 };
    const later = examplesAsOf + 40 * DAY;
    expect(asOfNow(example, later)).toEqual({
      since: new Date(Date.parse('2026-11-20T18:00:00Z') + 40 * DAY).toISOString(),
      nested: [{ at: new Date(Date.parse('2026-11-22T08:00:00Z') + 40 * DAY).toISOString() }],
      title: '2026-11-20',
      n: 3,
    });
  });
});
