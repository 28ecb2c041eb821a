import { directed, type Scope } from './change.js';
import { hasOptIns, optInFault, splitOptIns, type OptIn } from './opt-in.js';
import type { Place } from './rules.js';
import { deref, type Json } from './walk.js';

const UPPER_BOUNDS = ['maxLength', 'maxItems', 'maxProperties', 'maximum', 'exclusiveMaximum'];
const LOWER_BOUNDS = ['minLength', 'minItems', 'minProperties', 'minimum', 'exclusiveMinimum'];

/** Options of one comparison: `envelope` marks the top level of a collection page, whose fields besides `data` drive paginators. */
export interface SchemaOptions {
  envelope?: boolean;
  pagination?: boolean;
}

function flatten(document: Json, node: unknown): Json {
  const schema = (deref(document, node) ?? {}) as Json;
  if (!Array.isArray(schema.allOf)) return schema;
  const parts = (schema.allOf as Json[]).map((part) => flatten(document, part));
  const { allOf: _parts, ...rest } = schema;
  return parts.reduce<Json>(
    (merged, part) => ({
      ...part,
      ...merged,
      properties: { ...part.properties, ...merged.properties },
      required: [...new Set([...(merged.required ?? []), ...(part.required ?? [])])],
    }),
    { ...rest, properties: { ...rest.properties }, required: rest.required ?? [] },
  );
}

function typesOf(schema: Json): Set<string> | undefined {
  if (schema.type === undefined) return undefined;
  const types = new Set<string>(Array.isArray(schema.type) ? schema.type : [schema.type]);
  if (types.has('number')) types.add('integer');
  return types;
}

function valuesOf(schema: Json): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum as unknown[];
  return 'const' in schema ? [schema.const] : undefined;
}

const show = (values: Iterable<unknown>) => [...values].map((v) => JSON.stringify(v)).join(', ');

/** Returns false when the types are unrelated, so that nothing below is worth comparing. */
function compareTypes(scope: Scope, place: Place, a: Json, b: Json, at: string, pagination: boolean): boolean {
  const before = typesOf(a);
  const after = typesOf(b);
  if (!before || !after) {
    if (before && !after) directed(scope, place, 'type-widened', at, `type ${show(before)} is no longer constrained`, pagination);
    if (!before && after) directed(scope, place, 'type-narrowed', at, `type is now ${show(after)}`, pagination);
    return true;
  }
  const added = [...after].filter((t) => !before.has(t));
  const removed = [...before].filter((t) => !after.has(t));
  if (added.length === 0 && removed.length === 0) return true;
  const rule = removed.length === 0 ? 'type-widened' : added.length === 0 ? 'type-narrowed' : 'type-changed';
  directed(scope, place, rule, at, `type ${show(a.type === undefined ? [] : [a.type].flat())} became ${show([b.type].flat())}`, pagination);
  return rule !== 'type-changed';
}

function compareValues(scope: Scope, place: Place, a: Json, b: Json, at: string, pagination: boolean): void {
  const before = valuesOf(a);
  const after = valuesOf(b);
  if (!before && !after) return;
  if (!before) return directed(scope, place, 'constraint-narrowed', at, `now limited to ${show(after!)}`, pagination);
  if (!after) return directed(scope, place, 'constraint-widened', at, `no longer limited to ${show(before)}`, pagination);
  const key = (v: unknown) => JSON.stringify(v);
  const added = after.filter((v) => !before.some((w) => key(w) === key(v)));
  const removed = before.filter((v) => !after.some((w) => key(w) === key(v)));
  if (added.length > 0) directed(scope, place, 'enum-value-added', at, `enum gained ${show(added)}`, pagination);
  if (removed.length > 0) directed(scope, place, 'enum-value-removed', at, `enum lost ${show(removed)}`, pagination);
}

function compareBounds(scope: Scope, place: Place, a: Json, b: Json, at: string, pagination: boolean): void {
  for (const [keywords, tighter] of [
    [UPPER_BOUNDS, (x: number, y: number) => y < x],
    [LOWER_BOUNDS, (x: number, y: number) => y > x],
  ] as const) {
    for (const keyword of keywords) {
      const x = a[keyword] as number | undefined;
      const y = b[keyword] as number | undefined;
      if (x === y) continue;
      const narrowed = x === undefined || (y !== undefined && tighter(x, y));
      directed(
        scope,
        place,
        narrowed ? 'constraint-narrowed' : 'constraint-widened',
        at,
        `${keyword} ${x ?? 'unset'} became ${y ?? 'unset'}`,
        pagination,
      );
    }
  }
  if (a.format !== b.format)
    directed(scope, place, 'format-changed', at, `format ${a.format ?? 'unset'} became ${b.format ?? 'unset'}`, pagination);
  if (a.pattern !== b.pattern)
    directed(scope, place, 'pattern-changed', at, `pattern ${a.pattern ?? 'unset'} became ${b.pattern ?? 'unset'}`, pagination);
}

function renamedTo(before: Json, after: Json, name: string): string {
  const same = Object.keys(after).filter((other) => !(other in before) && JSON.stringify(after[other]) === JSON.stringify(before[name]));
  return same.length === 1 ? ` (renamed to \`${same[0]}\`?)` : '';
}

function compareProperties(scope: Scope, place: Place, a: Json, b: Json, at: string, options: SchemaOptions, seen: Set<string>): void {
  const before = (a.properties ?? {}) as Json;
  const after = (b.properties ?? {}) as Json;
  const wasRequired = new Set<string>(a.required ?? []);
  const isRequired = new Set<string>(b.required ?? []);
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const pagination = options.pagination === true || (options.envelope === true && name !== 'data');
    const path = `${at}/${name}`;
    if (!(name in after))
      directed(scope, place, 'property-removed', path, `property \`${name}\` was removed${renamedTo(before, after, name)}`, pagination);
    else if (!(name in before)) {
      directed(
        scope,
        place,
        isRequired.has(name) ? 'required-property-added' : 'property-added',
        path,
        `${isRequired.has(name) ? 'required' : 'optional'} property \`${name}\` was added`,
        pagination,
      );
    } else {
      if (wasRequired.has(name) && !isRequired.has(name))
        directed(scope, place, 'property-became-optional', path, `property \`${name}\` became optional`, pagination);
      if (!wasRequired.has(name) && isRequired.has(name))
        directed(scope, place, 'property-became-required', path, `property \`${name}\` became required`, pagination);
      diffSchema(scope, place, before[name], after[name], path, { pagination }, seen);
    }
  }
}

/** Compares what every receiver gets as usual, and judges the opt-in branches on their own (opt-in.ts). */
function diffOptIns(scope: Scope, place: Place, a: Json, b: Json, at: string, options: SchemaOptions, seen: Set<string>): void {
  const none = { base: a, variants: new Map<string, { optIn: OptIn; schema: Json }>() };
  const before = hasOptIns(a) ? splitOptIns(scope.before, a) : none;
  const after = hasOptIns(b) ? splitOptIns(scope.after, b) : { ...none, base: b };
  diffSchema(scope, place, before.base, after.base, at, options, seen);
  const pagination = options.pagination === true;
  for (const [key, variant] of after.variants) {
    const { setting, values } = variant.optIn;
    const label = `the form for targets whose \`${setting.split('/').at(-1)}\` is ${values.map((v) => JSON.stringify(v)).join(' or ')}`;
    const fault = optInFault(scope.after, variant.optIn);
    if (fault) directed(scope, place, 'opt-in-unsafe', at || '/', `${label} is not an opt-in: ${fault}`, pagination);
    const was = before.variants.get(key);
    if (!was) directed(scope, place, 'opt-in-variant-added', at || '/', `${label} was added`, pagination);
    else diffSchema(scope, place, was.schema, variant.schema, `${at}(${label})`, options, seen);
  }
  for (const [key, variant] of before.variants)
    if (!after.variants.has(key))
      directed(
        scope,
        place,
        'opt-in-variant-removed',
        at || '/',
        `the opt-in form ${JSON.stringify(variant.optIn.values)} was removed`,
        pagination,
      );
}

/** Compares two schemas (refs resolved in their own documents) and records each change for the consumer of `place`. */
export function diffSchema(
  scope: Scope,
  place: Place,
  before: unknown,
  after: unknown,
  at: string,
  options: SchemaOptions = {},
  seen = new Set<string>(),
): void {
  // Only refs on the way down are skipped (recursive schemas); a schema shared by two places is compared at each.
  const refs = `${(before as Json | undefined)?.$ref}|${(after as Json | undefined)?.$ref}`;
  if (refs !== 'undefined|undefined' && seen.has(refs)) return;
  const below = new Set(seen).add(refs);
  const a = flatten(scope.before, before);
  const b = flatten(scope.after, after);
  if (hasOptIns(a) || hasOptIns(b)) return diffOptIns(scope, place, a, b, at, options, below);
  const pagination = options.pagination === true;
  if (!compareTypes(scope, place, a, b, at || '/', pagination)) return;
  compareValues(scope, place, a, b, at || '/', pagination);
  compareBounds(scope, place, a, b, at || '/', pagination);
  compareProperties(scope, place, a, b, at, options, below);
  if (a.items !== undefined || b.items !== undefined) diffSchema(scope, place, a.items, b.items, `${at}/[]`, { pagination }, below);
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const count = Math.max((a[keyword] ?? []).length, (b[keyword] ?? []).length);
    for (let i = 0; i < count; i++)
      diffSchema(scope, place, a[keyword]?.[i], b[keyword]?.[i], `${at}/${keyword}[${i}]`, { pagination }, below);
  }
}
