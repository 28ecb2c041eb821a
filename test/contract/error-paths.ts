import { asOfNow } from '../examples-as-of-now.js';
import { deref, doc, operations } from './spec-document.js';

/** Who calls: a key of that role, a malformed or unknown key, or no Authorization at all. */
export type Who = 'admin' | 'subscriber' | 'malformed' | 'unknown' | null;

/** One request on an error path of one operation, and the status it must get when that is certain. */
export interface ErrorPathCase {
  name: string;
  operationId: string;
  /** Template path of the operation (`/registrations/{registrationId}`). */
  template: string;
  method: string;
  path: string;
  who: Who;
  headers?: Record<string, string>;
  body?: string;
  want?: number;
  /** A second request sent first (the idempotent original of a 409 case). */
  before?: { headers: Record<string, string>; body: string };
}

// Headers every HTTP/1.1 answer may carry; the contract need not repeat them.
const TRANSPORT_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

const ABSENT_ID = 'x_doesnotexist0';

function fill(template: string): string {
  return template.replace(/\{[^}]+\}/g, ABSENT_ID);
}

function secured(op: any): boolean {
  return (op.security ?? doc.security ?? []).length > 0;
}

function needsAdmin(op: any): boolean {
  const requirements: any[] = op.security ?? doc.security ?? [];
  return requirements.length > 0 && !requirements.some((r) => (r.apiKey ?? []).includes('subscriber'));
}

function firstExample(media: any): unknown {
  const named = Object.values<any>(media?.examples ?? {})[0];
  return asOfNow(named ? deref(named).value : media?.example);
}

/** The same JSON with its first number (or, without one, its first string) changed: valid, but another body. */
function another(value: unknown): unknown {
  let done = false;
  const walk = (v: unknown, kind: 'number' | 'string'): unknown => {
    if (done) return v;
    if (typeof v === kind) {
      done = true;
      return kind === 'number' ? (v as number) + 1 : `${v as string} again`;
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, kind));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, kind)]));
    return v;
  };
  const changed = walk(value, 'number');
  return done ? changed : walk(value, 'string');
}

/** Every error path of every operation that a client can reach without special server set-up. */
export function errorPathCases(): ErrorPathCase[] {
  const cases: ErrorPathCase[] = [];
  for (const { path: template, method, op } of operations()) {
    const M = method.toUpperCase();
    const path = fill(template);
    const base = { operationId: op.operationId as string, template, method: M, path };
    const who: Who = needsAdmin(op) ? 'admin' : secured(op) ? 'subscriber' : null;
    const add = (
      name: string,
      rest: Omit<ErrorPathCase, 'name' | 'operationId' | 'template' | 'method' | 'path' | 'who'> & { who?: Who; path?: string },
    ) => cases.push({ ...base, who, ...rest, name: `${M} ${template}: ${name}` });
    const media = op.requestBody?.content?.['application/json'];
    const example = media ? JSON.stringify(firstExample(media) ?? {}) : undefined;
    const json = media ? { 'content-type': 'application/json' } : undefined;

    if (secured(op)) {
      add('401 without a key', { who: null, want: 401, headers: json, body: example });
      add('401 with a malformed key', { who: 'malformed', want: 401, headers: json, body: example });
      add('401 with an unknown key', { who: 'unknown', want: 401, headers: json, body: example });
    }
    if (needsAdmin(op)) add('403 with a subscriber key', { who: 'subscriber', want: 403, headers: json, body: example });
    add('400 for an unknown query parameter', { path: `${path}?notAParameter=1`, want: 400, headers: json, body: example });
    if (template.includes('{')) add('an id that does not exist', { headers: json, body: example });
    if (media) {
      add('400 for JSON that does not parse', { want: 400, headers: json, body: '{"broken":' });
      add('400 for a body that breaks the schema', { want: 400, headers: json, body: JSON.stringify({ notAField: true }) });
      add('413 for a body over 64 KiB', { want: 413, headers: json, body: JSON.stringify({ padding: 'x'.repeat(70 * 1024) }) });
      add('415 for a text/plain body', { want: 415, headers: { 'content-type': 'text/plain' }, body: 'hello' });
      const idempotent = (op.parameters ?? []).map(deref).some((p: any) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
      if (idempotent && !template.includes('{')) {
        const key = `error-paths-${op.operationId as string}`;
        add('409 for an Idempotency-Key reused with another body', {
          want: 409,
          before: { headers: { ...json, 'idempotency-key': key }, body: example! },
          headers: { ...json, 'idempotency-key': key },
          body: JSON.stringify(another(JSON.parse(example!))),
        });
      }
    }
  }
  // One 405 per path: a method no operation of the path declares.
  for (const template of Object.keys(doc.paths)) {
    const item = doc.paths[template];
    const opId = Object.values<any>(item).find((o) => o?.operationId)?.operationId as string;
    for (const method of ['OPTIONS', ...['PUT', 'PATCH', 'DELETE'].filter((m) => !item[m.toLowerCase()]).slice(0, 1)]) {
      cases.push({
        name: `${method} ${template}: 405`,
        operationId: opId,
        template,
        method,
        path: fill(template),
        who: 'admin',
        want: 405,
      });
    }
  }
  return cases;
}

/** Finds the response object of a status: the exact code, then `4XX`/`5XX`, then `default`. */
export function declaredResponse(op: any, status: number): any {
  const responses = op.responses ?? {};
  const found = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
  return found ? deref(found) : undefined;
}

/**
 * What about an answer the spec does not declare: its status, media type or any header
 * beyond the transport ones. For a 405 (no operation of its own) every operation of the path must declare it.
 */
export function undeclared(template: string, method: string, status: number, headers: Headers): string[] {
  const item = doc.paths[template];
  const ops = status === 405 ? Object.values<any>(item).filter((o) => o?.operationId) : [item[method.toLowerCase()]];
  const problems: string[] = [];
  for (const op of ops) {
    const where = `${op.operationId as string} ${status}`;
    const response = declaredResponse(op, status);
    if (!response) {
      problems.push(`${where}: status not declared`);
      continue;
    }
    const type = headers.get('content-type')?.split(';')[0]?.trim();
    if (type && !(type in (response.content ?? {}))) problems.push(`${where}: media type ${type} not declared`);
    const declared = new Set(Object.keys(response.headers ?? {}).map((h) => h.toLowerCase()));
    headers.forEach((_value, name) => {
      if (!TRANSPORT_HEADERS.has(name) && !declared.has(name)) problems.push(`${where}: header ${name} not declared`);
    });
  }
  return problems;
}
