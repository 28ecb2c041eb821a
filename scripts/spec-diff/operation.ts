import { directed, whole, type Scope } from './change.js';
import { placesFor, type Place } from './rules.js';
import { diffSchema } from './schema.js';
import { deref, type Json, type WalkedOperation } from './walk.js';

const PAGING_PARAMETERS = new Set(['cursor', 'page', 'size', 'limit', 'offset']);
const PAGING_HEADERS = new Set(['link', 'x-total-count']);

/** A collection answers 2xx with an envelope whose `data` is an array: its other fields drive paginators. */
export function isCollection(document: Json, operation: Json): boolean {
  return Object.entries((operation.responses ?? {}) as Json).some(([status, response]) => {
    if (!status.startsWith('2')) return false;
    const schema = deref(document, (deref(document, response) as Json).content?.['application/json']?.schema) as Json | undefined;
    return deref(document, schema?.properties?.data)?.type === 'array';
  });
}

function diffContent(scope: Scope, place: Place, before: Json | undefined, after: Json | undefined, at: string, envelope = false): void {
  const a = (before ?? {}) as Json;
  const b = (after ?? {}) as Json;
  for (const type of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!(type in b)) directed(scope, place, 'media-type-removed', `${at} ${type}`, `media type \`${type}\` was removed`);
    else if (!(type in a)) directed(scope, place, 'media-type-added', `${at} ${type}`, `media type \`${type}\` was added`);
    else diffSchema(scope, place, a[type].schema, b[type].schema, `${at} ${type} `, { envelope: envelope && type === 'application/json' });
  }
}

function diffParameters(scope: Scope, before: WalkedOperation, after: WalkedOperation): void {
  const place = placesFor(scope.side).parameter;
  const a = new Map(before.parameters.map((p) => [`${p.in} ${p.name}`, p]));
  const b = new Map(after.parameters.map((p) => [`${p.in} ${p.name}`, p]));
  for (const key of new Set([...a.keys(), ...b.keys()])) {
    const [was, is] = [a.get(key), b.get(key)];
    const pagination = scope.pagination && PAGING_PARAMETERS.has(key.split(' ')[1]!);
    const at = `parameter ${key}`;
    if (!is) directed(scope, place, 'parameter-removed', at, `parameter \`${key}\` was removed`, pagination);
    else if (!was)
      directed(
        scope,
        place,
        is.required ? 'required-parameter-added' : 'optional-parameter-added',
        at,
        `${is.required ? 'required' : 'optional'} parameter \`${key}\` was added`,
        pagination,
      );
    else {
      if (was.required && !is.required)
        directed(scope, place, 'parameter-became-optional', at, `parameter \`${key}\` became optional`, pagination);
      if (!was.required && is.required)
        directed(scope, place, 'parameter-became-required', at, `parameter \`${key}\` became required`, pagination);
      diffSchema(scope, place, was.schema, is.schema, `${at} `, { pagination });
    }
  }
}

function diffRequestBody(scope: Scope, before: Json, after: Json): void {
  const place = placesFor(scope.side).body;
  const a = deref(scope.before, before.requestBody) as Json | undefined;
  const b = deref(scope.after, after.requestBody) as Json | undefined;
  if (b?.required === true && a?.required !== true)
    directed(scope, place, 'body-became-required', 'body', 'the request body became required');
  diffContent(scope, place, a?.content, b?.content, 'body');
}

function diffHeaders(scope: Scope, place: Place, before: Json, after: Json, at: string): void {
  for (const name of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [was, is] = [deref(scope.before, before[name]) as Json | undefined, deref(scope.after, after[name]) as Json | undefined];
    const pagination = scope.pagination && PAGING_HEADERS.has(name.toLowerCase());
    const where = `${at} header ${name}`;
    if (!is) directed(scope, place, 'header-removed', where, `header \`${name}\` was removed`, pagination);
    else if (!was) directed(scope, place, 'header-added', where, `header \`${name}\` was added`, pagination);
    else {
      if (was.required && !is.required)
        directed(scope, place, 'header-became-optional', where, `header \`${name}\` became optional`, pagination);
      diffSchema(scope, place, was.schema, is.schema, `${where} `, { pagination });
    }
  }
}

function diffResponses(scope: Scope, before: Json, after: Json): void {
  const { response: place, responseHeader } = placesFor(scope.side);
  const a = (before.responses ?? {}) as Json;
  const b = (after.responses ?? {}) as Json;
  for (const status of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const at = `response ${status}`;
    if (!(status in b)) {
      directed(
        scope,
        place,
        status.startsWith('2') ? 'success-status-removed' : 'non-success-status-removed',
        at,
        `status ${status} was removed`,
      );
      continue;
    }
    if (!(status in a)) {
      directed(scope, place, 'status-added', at, `status ${status} was added`);
      continue;
    }
    const [was, is] = [deref(scope.before, a[status]) as Json, deref(scope.after, b[status]) as Json];
    diffHeaders(scope, responseHeader, was.headers ?? {}, is.headers ?? {}, at);
    diffContent(scope, place, was.content, is.content, at, scope.pagination && status.startsWith('2'));
  }
}

function diffSecurity(scope: Scope, before: Json, after: Json): void {
  const show = (document: Json, operation: Json) => JSON.stringify(operation.security ?? document.security ?? []);
  const [was, is] = [show(scope.before, before), show(scope.after, after)];
  if (was === is) return;
  if (is === '[]') whole(scope, 'api-security-removed', `security ${was} is no longer required`);
  else whole(scope, 'api-security-changed', `security ${was} became ${is}`);
}

/** Records every change between two versions of one operation, for the side that consumes it. */
export function diffOperation(scope: Scope, before: WalkedOperation, after: WalkedOperation): void {
  diffSecurity(scope, before.operation, after.operation);
  diffParameters(scope, before, after);
  diffRequestBody(scope, before.operation, after.operation);
  diffResponses(scope, before.operation, after.operation);
}
