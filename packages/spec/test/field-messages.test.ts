import { describe, expect, it } from 'vitest';
import { document, validateBody, validateParams } from '../src/index.js';
import { describeAjvError, formatPhrases, patternPhrases } from '../src/field-messages.js';

/** Every value of `key` anywhere in the bundled document. */
function collect(node: unknown, key: string, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) collect(item, key, into);
  else if (node && typeof node === 'object') {
    for (const [name, value] of Object.entries(node)) {
      if (name === key && typeof value === 'string') into.add(value);
      else if (name !== 'examples' && name !== 'example') collect(value, key, into);
    }
  }
  return into;
}

describe('validation messages', () => {
  it('has a sentence for every pattern and every format in the spec, so no regular expression is ever the message', () => {
    expect([...collect(document, 'pattern')].filter((p) => !(p in patternPhrases))).toEqual([]);
    expect([...collect(document, 'format')].filter((f) => !(f in formatPhrases))).toEqual([]);
  });

  it('answers a bad date-time with one sentence for the field, not a pattern and a format error', () => {
    const result = validateBody('schema.ConcertCreate', { title: 'Jazz Night', startsAt: '2026-12-12 20:00', venue: 'Main Hall' });
    expect(result).toEqual({
      ok: false,
      errors: [
        {
          pointer: '/body/startsAt',
          detail: 'must be an RFC 3339 date-time such as 2026-12-12T20:00:00Z (years 1900 to 9998, a T, Z or an offset such as +01:00)',
        },
      ],
    });
  });

  it('phrases limits, types and lists for people', () => {
    const result = validateParams('listItems.query', { limit: '500' });
    expect(result).toEqual({ ok: false, errors: [{ pointer: '/query/limit', detail: 'must be at most 100' }] });
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['type', { type: 'integer' }, 'must be a whole number'],
      ['minLength', { limit: 1 }, 'must not be empty'],
      ['maxLength', { limit: 200 }, 'must be at most 200 characters long'],
      ['enum', { allowedValues: ['admin', 'subscriber'] }, 'must be one of "admin", "subscriber"'],
      ['pattern', { pattern: '^[a-z]+$' }, 'is not in the form this field takes (see its description in the API reference)'],
      ['dependentRequired', {}, 'must have property b when property a is present'],
    ];
    for (const [keyword, params, want] of cases) {
      const message = keyword === 'dependentRequired' ? 'must have property b when property a is present' : undefined;
      expect(describeAjvError({ keyword, params, instancePath: '', message })).toBe(want);
    }
  });
});
