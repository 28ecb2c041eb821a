import fc from 'fast-check';
import { document } from '@clubnotify/spec';

type Json = Record<string, any>;
const doc = document as Json;

/** Follows a local `$ref` (`#/components/...`). */
export function deref<T = Json>(node: Json): T {
  let current = node;
  while (current && typeof current.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce((at: Json, key) => at[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
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

const dateTimeArb = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString());

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
  if (schema.format === 'uri') return urlArb;
  if (schema.format === 'date-time') return dateTimeArb;
  if (typeof schema.pattern === 'string') {
    return fc.stringMatching(new RegExp(schema.pattern as string)).filter((s) => s.length >= minLength && s.length <= maxLength);
  }
  // U+0000 is refused by the server (PostgreSQL text cannot hold it); bad-input sends it on purpose.
  return fc
    .oneof(
      fc.string({ minLength, maxLength, unit: 'grapheme' }),
      fc.string({ minLength, maxLength, unit: 'binary' }),
      fc.constantFrom(...nastyStrings).filter((s) => [...s].length >= minLength && [...s].length <= maxLength),
    )
    .filter((s) => !s.includes('\u0000'));
}

/** An arbitrary of values the schema describes (the spec's validator is the final judge). */
export function valueArb(rawSchema: Json): fc.Arbitrary<unknown> {
  const schema = deref(rawSchema);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case 'string':
      return stringArb(schema);
    case 'integer':
      return fc.integer({ min: (schema.minimum as number | undefined) ?? -(2 ** 31), max: (schema.maximum as number | undefined) ?? 2 ** 31 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum as number | undefined, max: schema.maximum as number | undefined });
    case 'boolean':
      return fc.boolean();
    case 'object': {
      const properties = (schema.properties ?? {}) as Json;
      const required = (schema.required ?? []) as string[];
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of Object.entries(properties)) model[name] = valueArb(sub as Json);
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
  const own = schema.type === 'integer' ? ['integer'] : schema.type === 'number' ? ['integer', 'number'] : [schema.type as string];
  return fc.oneof(...candidates.filter(([type]) => !own.includes(type)).map(([, arb]) => arb));
}
