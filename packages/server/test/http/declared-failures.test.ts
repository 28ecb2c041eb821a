import { document } from '@clubnotify/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../src/db/database.js';
import { asOfNow } from '../../../../test/examples-as-of-now.js';
import { operations, type Operation } from '../../src/http/operations.js';
import { dbFactories, startTestServer, type TestServer } from '../support/server-support.js';

// Every operation's declared 429 and 5XX answers, with their headers, over a socket: the rate
// limit and the database failure paths are shared middleware, so each operation is driven
// through them once (spec coverage counts them per operation).

type Json = Record<string, any>;
const doc = document as Json;
const deref = (node: any): any =>
  node?.$ref
    ? (node.$ref as string)
        .slice(2)
        .split('/')
        .reduce((at: any, key: string) => at?.[key], doc)
    : node;

/** A request the spec accepts for the operation: path ids of the right form and its first body example, as of now. */
function validRequest(op: Operation): { path: string; body?: unknown } {
  const path = op.path.replace(/\{[^}]+\}/g, 'x_1');
  if (op.bodyTypes.length === 0) return { path };
  const content = deref(doc.paths[op.path][op.method.toLowerCase()].requestBody).content['application/json'];
  const example = deref(Object.values<Json>(content.examples ?? {})[0]);
  return { path, body: asOfNow(example?.value ?? content.example ?? {}) };
}

/** The database with a switch that makes every statement fail as an unreachable server does. */
function unreachableWhenOn(real: () => Database, kind: Database['kind']) {
  const fault = { on: false };
  const refuse = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => (fault.on ? Promise.reject(refuse()) : q.query(sql, params)),
  });
  const db: Database = {
    kind,
    query: (sql, params) => wrap(real()).query(sql, params),
    transaction: (fn) => (fault.on ? Promise.reject(refuse()) : real().transaction((tx) => fn(wrap(tx)))),
    close: () => real().close(),
  };
  return { db, fault };
}

const keyed = [...operations.values()].filter((op) => op.scope !== null);

describe.each(dbFactories().filter((f) => f.name === 'pglite'))('declared failures of every operation, on $name', (factory) => {
  let limited: TestServer;
  let failing: TestServer;
  let fault: { on: boolean };

  beforeAll(async () => {
    const faulty = unreachableWhenOn(() => failing.db, factory.name === 'pglite' ? 'pglite' : 'postgres');
    fault = faulty.fault;
    [limited, failing] = await Promise.all([
      startTestServer(factory, { deps: { rateLimitPerMinute: 1, metricsScrapesPerMinute: 1 } }),
      startTestServer(factory, { deps: { db: faulty.db } }),
    ]);
  });
  afterAll(() => Promise.all([limited?.close(), failing?.close()]));

  it('answers 429 with Retry-After and RateLimit headers on every operation that needs a key', async () => {
    // One request spends the key's minute; one scrape spends the address's (GET /metrics counts apart).
    for (const path of ['/items', '/metrics']) await (await limited.call('GET', path, { key: limited.adminKey })).arrayBuffer();
    const wrong: string[] = [];
    for (const op of keyed) {
      const { path, body } = validRequest(op);
      const res = await limited.call(op.method, path, { key: limited.adminKey, body });
      await res.arrayBuffer();
      if (res.status !== 429 || !res.headers.get('retry-after')) wrong.push(`${op.id}: ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 503 with Retry-After on every operation that reads the database while it is unreachable', async () => {
    const wrong: string[] = [];
    for (const op of [...operations.values()].filter((o) => o.id !== 'healthz')) {
      const { path, body } = validRequest(op);
      // A fresh key lookup first, so the failure meets the operation and not the authentication.
      await (await failing.call('GET', '/items', { key: failing.adminKey })).arrayBuffer();
      fault.on = true;
      const res = await failing.call(op.method, path, { key: failing.adminKey, body }).finally(() => (fault.on = false));
      const text = await res.text();
      if (res.status !== 503 || !res.headers.get('retry-after')) wrong.push(`${op.id}: ${res.status} ${text.slice(0, 200)}`);
    }
    expect(wrong).toEqual([]);
  });
});
