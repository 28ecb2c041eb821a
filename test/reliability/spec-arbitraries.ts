import fc from 'fast-check';
import { document } from '@clubnotify/spec';

type Json = Record<string, any>;
const doc = document as Json;

/** Follows a local `$ref` (`#/components/...`) of `document` (default: the spec's). */
export function deref<T = Json>(node: Json, document: Json = doc): T {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce((at: Json, key) => at[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current as T;
}

export interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Json;
}

/** One operation of the spec, as the generators need it. */
export interface SpecOperation {
  id: string;
  method: string;
  path: string;
  scope: 'subscriber' | 'admin' | null;
  params: Param[];
  bodyType?: string;
  bodySchema?: Json;
  bodyRequired: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every operation in `document.paths`, with path-level parameters merged in. */
export function specOperations(): SpecOperation[] {
  const out: SpecOperation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths as Json)) {
    const item = deref(rawItem);
    const shared = ((item.parameters ?? []) as Json[]).map((p) => deref(p));
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      const params = [...shared, ...((op.parameters ?? []) as Json[]).map((p) => deref(p))].map((p) => ({
        name: p.name as string,
        in: p.in as Param['in'],
        required: p.required === true,
        schema: deref(p.schema as Json),
      }));
      const security = (op.security ?? doc.security ?? []) as Json[];
      const scopes = security.flatMap((s) => (s.apiKey as string[] | undefined) ?? []);
      const content = (deref(op.requestBody ?? {}).content ?? {}) as Json;
      const bodyType = Object.keys(content)[0];
      out.push({
        id: op.operationId as string,
        method: method.toUpperCase(),
        path,
        scope: security.length === 0 ? null : scopes.includes('subscriber') ? 'subscriber' : 'admin',
        params,
        bodyType,
        bodySchema: bodyType ? deref(content[bodyType].schema as Json) : undefined,
        bodyRequired: op.requestBody?.required === true,
      });
    }
  }
  return out;
}

const urlArb = fc
  .webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true })
  .filter((u) => u.length <= 2048 && !/^https?:\/\/([^/]*\.)?localhost([:/]|$)/i.test(u));

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/**
 * RFC 3339 date-times with their edges drawn often: the years, offsets and fractions of the
 * `DateTime` pattern, or of RFC 3339 itself (years 0000 to 9999) for a bare `format: date-time`.
 */
function dateTimeArb(schema: Json): fc.Arbitrary<string> {
  const [first, last] = typeof schema.pattern === 'string' ? [1900, 9998] : [0, 9999];
  const edge = <T>(edges: T[], any: fc.Arbitrary<T>) => fc.oneof(fc.constantFrom(...edges), any);
  const year = edge([first, first + 1, 1970, 2026, last - 1, last], fc.integer({ min: first, max: last })).map((y) => pad(y, 4));
  const month = edge([1, 2, 12], fc.integer({ min: 1, max: 12 }));
  const offset = edge(
    ['Z', '-23:59', '+23:59', '-00:00', '+00:00'],
    fc
      .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([sign, h, m]) => `${sign}${pad(h)}:${pad(m)}`),
  );
  const fraction = edge(['', '.999999999', '.000'], fc.stringMatching(/^\.[0-9]{1,9}$/));
  return fc
    .record({
      year,
      month,
      day: fc.integer({ min: 1, max: 31 }),
      h: edge([0, 23], fc.integer({ min: 0, max: 23 })),
      m: edge([0, 59], fc.integer({ min: 0, max: 59 })),
      sec: edge([0, 59], fc.integer({ min: 0, max: 59 })),
      fraction,
      offset,
    })
    .map((t) => {
      const day = Math.min(t.day, t.month === 2 && !leap(Number(t.year)) ? 28 : DAYS[t.month - 1]!);
      return `${t.year}-${pad(t.month)}-${pad(day)}T${pad(t.h)}:${pad(t.m)}:${pad(t.sec)}${t.fraction}${t.offset}`;
    });
}

/** Strings at a length bound, in one-, two-, three- and four-byte characters. */
function lengthEdges(minLength: number, maxLength: number): string[] {
  return [minLength, maxLength].filter((n) => n > 0).flatMap((n) => ['x', 'é', '€', '😀'].map((c) => c.repeat(n)));
}

/** Strings with every kind of character, injection payloads included. */
const nastyStrings = [
  "' OR 1=1 --",
  "'; DROP TABLE registrations; --",
  '../../etc/passwd',
  '%2e%2e%2f',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{constructor.constructor("x")()}}',
  '\u202e\uffff\ud800',
  '😀'.repeat(10),
  '\\x00',
  '__proto__',
];

function stringArb(schema: Json): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 300, 300);
  if (schema.format === 'uri') {
    const longest = schema.maxLength as number | undefined;
    return longest ? fc.oneof(urlArb, fc.constant(`https://hooks.example.com/${'a'.repeat(longest - 26)}`)) : urlArb;
  }
  if (schema.format === 'date-time') return dateTimeArb(schema);
  if (schema.format === 'date') return dateTimeArb(schema).map((dateTime) => dateTime.slice(0, 10));
  if (schema.format === 'uri-reference') return fc.oneof(urlArb, fc.stringMatching(/^\/[a-z0-9_-]{1,20}(\/[a-z0-9_-]{1,20}){0,3}$/));
  // A format drawn as a plain string would rarely pass the validator, and callers that keep only
  // valid values (filter) would then draw for ever: a new format needs its own arbitrary.
  if (typeof schema.format === 'string') throw new Error(`spec-arbitraries: no arbitrary for format ${schema.format}; add one`);
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern as string, 'u');
    const matching = fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= maxLength);
    const edges = lengthEdges(minLength, (schema.maxLength as number | undefined) ?? maxLength).filter((s) => pattern.test(s));
    return edges.length > 0 ? fc.oneof(matching, fc.constantFrom(...edges)) : matching;
  }
  // U+0000 is refused by the server (PostgreSQL text cannot hold it); bad-input sends it on purpose.
  return fc
    .oneof(
      fc.string({ minLength, maxLength, unit: 'grapheme' }),
      fc.string({ minLength, maxLength, unit: 'binary' }),
      fc.constantFrom(...nastyStrings).filter((s) => [...s].length >= minLength && [...s].length <= maxLength),
      fc.constantFrom(...lengthEdges(minLength, (schema.maxLength as number | undefined) ?? maxLength)),
    )
    .filter((s) => !s.includes('\u0000'));
}

/**
 * An arbitrary of values the schema describes (the spec's validator is the final judge); refs
 * point into `document`, the spec's by default.
 */
export function valueArb(rawSchema: Json, document: Json = doc): fc.Arbitrary<unknown> {
  const schema = deref(rawSchema, document);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.type)) {
    return fc.oneof(
      ...(schema.type as string[]).map((type) => (type === 'null' ? fc.constant(null) : valueArb({ ...schema, type }, document))),
    );
  }
  switch (schema.type) {
    case 'string':
      return stringArb(schema);
    case 'integer': {
      const min = (schema.minimum as number | undefined) ?? -(2 ** 31);
      const max = (schema.maximum as number | undefined) ?? 2 ** 31;
      return fc.oneof(fc.constantFrom(min, max, Math.min(min + 1, max), Math.max(max - 1, min)), fc.integer({ min, max }));
    }
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: (schema.minimum ?? schema.exclusiveMinimum) as number | undefined,
        max: (schema.maximum ?? schema.exclusiveMaximum) as number | undefined,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
      });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const items = valueArb(schema.items as Json, document);
      const size = { minLength: (schema.minItems as number | undefined) ?? 0, maxLength: (schema.maxItems as number | undefined) ?? 5 };
      return schema.uniqueItems ? fc.uniqueArray(items, size) : fc.array(items, size);
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Json;
      const required = (schema.required ?? []) as string[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of Object.entries(properties)) model[name] = valueArb(sub as Json, document);
      const record = fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
      const min = (schema.minProperties as number | undefined) ?? 0;
      return min > 0 ? record.filter((r) => Object.keys(r).length >= min) : record;
    }
    default:
      throw new Error(`no generator for schema ${JSON.stringify(schema)}`);
  }
}

/** A JSON value of a type other than the schema's. */
export function wrongTypeArb(rawSchema: Json): fc.Arbitrary<unknown> {
  const schema = deref(rawSchema);
  const candidates: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', fc.string()],
    ['integer', fc.integer()],
    ['number', fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Number.isInteger(n))],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.array(fc.jsonValue(), { maxLength: 3 })],
    ['object', fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 })],
  ];
  const declared = (Array.isArray(schema.type) ? schema.type : [schema.type]) as string[];
  // Every integer is a number, so a schema allowing numbers has no wrong integer.
  const own = declared.includes('number') ? [...declared, 'integer'] : declared;
  return fc.oneof(...candidates.filter(([type]) => !own.includes(type)).map(([, arb]) => arb));
}
