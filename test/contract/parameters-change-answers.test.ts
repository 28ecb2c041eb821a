import { document } from '@clubnotify/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allItems } from '../../scripts/spec-coverage/items.js';
import { coverageReport } from '../../scripts/spec-coverage/report.js';
import { startRealServer, type RealServer } from '../e2e/real-server.js';
import { declaredExample, inertParameters, nextCursor, type Answer, type ValueOf } from './inert-parameters.js';

// A declared parameter must change the answer: a filter the server accepts and ignores
// (`GET /items?tag=` returning every item) passes request and response validation, so
// every query parameter of every GET operation is tried on a seeded server.

type Json = Record<string, any>;

/** Parameters that may leave the answer unchanged, each with its reason. */
const EXCLUDED: Record<string, string> = {
  'listDeliveries query:undelivered':
    'no delivery succeeds on the seeded server (its receivers are example hosts), so every one is undelivered; ' +
    'packages/server/test/delivery/find.test.ts shows undelivered=true leaving succeeded deliveries out',
};

let server: RealServer;
/** The same server without request validation: it accepts parameters the spec does not know (the inert `tag`). */
let lax: RealServer;
const state = { aliceKeyId: '', aliceReg: '' };

async function call(target: RealServer, method: string, path: string, body?: unknown, key = target.adminKey): Promise<Json> {
  const res = await fetch(target.url + path, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? {} : ((await res.json()) as Json);
}

/** Two owners' registrations, subscriptions and deliveries of both events, one of them cancelled, and two signing keys: every filter has something to leave out. */
async function seed(target: RealServer): Promise<void> {
  const keys = (await call(target, 'GET', '/apiKeys')).data as Array<{ id: string; name: string }>;
  state.aliceKeyId = keys.find((k) => k.name === 'alice')!.id;
  const aliceReg = (await call(target, 'POST', '/registerForAlert', { url: 'https://hooks.example.com/alice' }, target.subscriberKey))
    .id as string;
  state.aliceReg = aliceReg;
  const bobReg = (await call(target, 'POST', '/registerForStockUpdates', { url: 'https://hooks.example.com/bob' }, target.otherKey))
    .id as string;
  await call(target, 'POST', '/registerForStockUpdates', { url: 'https://hooks.example.com/bob-2' }, target.otherKey);
  const other = (await call(target, 'POST', '/concerts', { title: 'Brass Band', startsAt: '2027-03-01T19:00:00Z', venue: 'Garden' }))
    .id as string;
  await call(
    target,
    'POST',
    '/concertUpdates',
    { concertId: 'con_jazznight2026', callbackUrl: 'https://hooks.example.com/alice-jazz' },
    target.subscriberKey,
  );
  await call(target, 'POST', '/concertUpdates', { concertId: other, callbackUrl: 'https://hooks.example.com/bob-brass' }, target.otherKey);
  await call(target, 'POST', '/concerts', { title: 'Organ Recital', startsAt: '2027-04-01T19:00:00Z', venue: 'Chapel' });
  await call(target, 'POST', '/stockChanges', { drink: { id: 'itm_mojito', stock: 9 }, ingredient: { id: 'itm_mint', stock: 4 } });
  // Each owner's operational-event subscription, and one event each: a rotation's overlap end, queued when it rotates.
  const bob2 = (await call(target, 'GET', '/registrations?event=stockUpdate', undefined, target.otherKey)).data as Array<{ id: string }>;
  for (const [key, reg] of [
    [target.subscriberKey, aliceReg],
    [target.otherKey, bob2.find((r) => r.id !== bobReg)!.id],
  ] as const) {
    await call(
      target,
      'POST',
      '/operationalEventSubscriptions',
      { url: 'https://hooks.example.com/ops', events: ['secretOverlapEnded'] },
      key,
    );
    await call(target, 'POST', `/registrations/${reg}/rotateSecret`, { overlapSeconds: 3600 }, key);
  }
  await call(target, 'DELETE', `/registrations/${bobReg}`, undefined, target.otherKey);
  // Two signing keys (the first, made by the rotation, and the new one), so a page of one leaves one out.
  await call(target, 'POST', '/signingKeys/rotate');
}

/**
 * The records an answer returns: its arrays, or a summary's counts where it has none. Links, page
 * metadata and a summary's window echo the request, so an ignored parameter would change them too.
 */
function recordsOf(body: unknown): unknown {
  if (Array.isArray(body)) return body;
  const arrays = Object.values(body as Json).filter(Array.isArray);
  return arrays.length > 0 ? arrays : Object.entries(body as Json).filter(([, value]) => typeof value === 'number');
}

const get =
  (target: RealServer) =>
  async (path: string): Promise<Answer> => {
    const res = await fetch(target.url + path, { headers: { authorization: `Bearer ${target.adminKey}` } });
    const text = await res.text();
    return { status: res.status, text: res.status === 200 ? JSON.stringify(recordsOf(JSON.parse(text))) : text };
  };

async function newestDelivery(target: RealServer): Promise<{ messageId: string; createdAt: string }> {
  return ((await call(target, 'GET', '/deliveries?limit=1')).data as Array<{ messageId: string; createdAt: string }>)[0]!;
}

/** Values that select something on the seeded server; otherwise the spec's example. */
const valueOf =
  (target: RealServer): ValueOf =>
  async (operationId, name, declared) => {
    const path = Object.entries<Json>(document.paths as Json).find(([, item]) => item.get?.operationId === operationId)![0];
    const table: Record<string, () => Promise<string | undefined> | string> = {
      limit: () => '1',
      page: () => '2',
      size: () => '1',
      offset: () => '1',
      ownerKeyId: () => state.aliceKeyId,
      event: () => 'stockUpdate',
      concertId: () => 'con_jazznight2026',
      targetId: () => state.aliceReg,
      status: () => 'cancelled',
      // The newest delivery's message and creation time: older deliveries are left out (since), or it is (until).
      messageId: async () => (await newestDelivery(target)).messageId,
      since: async () => (await newestDelivery(target)).createdAt,
      until: async () => (await newestDelivery(target)).createdAt,
      cursor: async () => {
        const res = await fetch(`${target.url}${path}?limit=1`, { headers: { authorization: `Bearer ${target.adminKey}` } });
        return nextCursor(await res.json(), res.headers.get('link'));
      },
    };
    return table[name] ? table[name]() : declaredExample(declared);
  };

beforeAll(async () => {
  [server, lax] = await Promise.all([startRealServer(), startRealServer({ deps: { requestValidation: false } })]);
  await Promise.all([seed(server), seed(lax)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([server?.close(), lax?.close()]);
});

describe('every declared query parameter changes the answer', () => {
  it('on every GET operation of the spec, tried alone on a seeded server', async () => {
    expect(await inertParameters(document as Json, get(server), valueOf(server), EXCLUDED)).toEqual([]);
  });
});

describe('a declared filter the server ignores (fixture: GET /items?tag=)', () => {
  const withTag = structuredClone(document) as Json;
  withTag.paths['/items'].get.parameters.push({ name: 'tag', in: 'query', schema: { type: 'string' }, example: 'sour' });
  const onlyItems = { ...withTag, paths: { '/items': withTag.paths['/items'] } };

  it('is found: the answer with ?tag=sour is the unfiltered one', async () => {
    expect(await inertParameters(onlyItems, get(lax), valueOf(lax))).toEqual(['listItems query:tag: tag=sour does not change the answer']);
  });

  it('fails spec coverage: no test sends it', () => {
    const items = allItems(withTag);
    const recorded = new Set(items.filter((item) => item !== 'listItems param query:tag'));
    const report = coverageReport(items, recorded, []);
    expect(report.uncovered).toEqual(['listItems param query:tag']);
    expect(report.covered).toBe(report.total - 1);
  });
});
