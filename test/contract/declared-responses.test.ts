import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpProblem } from '@clubnotify/server';
import type { RequestHandler } from 'express';
import { errorPathCases, undeclared, type ErrorPathCase, type Who } from './error-paths.js';
import { deref, operations } from './spec-document.js';
import { startRealServer, type RealServer } from '../e2e/real-server.js';

// Drives the reference server over a socket through every operation's error paths and fails
// on any status, media type or header the bundled document does not declare for that answer.

let server: RealServer;
/** A second server whose delivery routes fail on demand (500, 503) and whose rate limit is 4 a minute. */
let failing: RealServer;

const failOnDemand: RequestHandler = (req, _res, next) => {
  const fail = req.headers['x-test-fail'];
  if (fail === 'internal') return next(new Error('a bug'));
  if (fail === 'unavailable') return next(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
  next(new HttpProblem('not-found', 'unused'));
};

beforeAll(async () => {
  [server, failing] = await Promise.all([
    startRealServer(),
    startRealServer({ deps: { deliveryRoutes: failOnDemand, rateLimitPerMinute: 4 } }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([server?.close(), failing?.close()]);
});

function keyOf(target: RealServer, who: Who): string | undefined {
  if (who === null) return undefined;
  if (who === 'malformed') return 'not-a-key';
  if (who === 'unknown') return 'cn_unknownkey0000000000000000000000000000000';
  return who === 'admin' ? target.adminKey : target.subscriberKey;
}

async function send(target: RealServer, c: { method: string; path: string; who: Who; headers?: Record<string, string>; body?: string }) {
  const headers: Record<string, string> = { ...c.headers };
  const key = keyOf(target, c.who);
  if (key) headers.authorization = `Bearer ${key}`;
  const res = await fetch(target.url + c.path, { method: c.method, headers, body: c.body });
  await res.arrayBuffer();
  return res;
}

describe('every answer on an error path is declared', () => {
  it.each(errorPathCases().map((c) => [c.name, c] as const))('%s', async (_name, c: ErrorPathCase) => {
    if (c.before) await send(server, { ...c, headers: c.before.headers, body: c.before.body });
    const res = await send(server, c);
    if (c.want !== undefined) expect(res.status, c.name).toBe(c.want);
    expect(undeclared(c.template, c.method, res.status, res.headers)).toEqual([]);
  });

  it.each([
    ['500', 'internal'],
    ['503 with Retry-After', 'unavailable'],
  ])('declares the %s the server answers when it fails', async (_name, fail) => {
    const res = await send(failing, { method: 'GET', path: '/deliveries', who: 'admin', headers: { 'x-test-fail': fail } });
    expect(res.status).toBe(fail === 'internal' ? 500 : 503);
    if (fail === 'unavailable') expect(res.headers.get('retry-after')).toBe('5');
    expect(undeclared('/deliveries', 'GET', res.status, res.headers)).toEqual([]);
  });

  it('declares the 429 and its headers', async () => {
    let res: Response | undefined;
    for (let i = 0; i < 6 && res?.status !== 429; i++) res = await send(failing, { method: 'GET', path: '/items', who: 'subscriber' });
    expect(res?.status).toBe(429);
    expect(undeclared('/items', 'GET', 429, res!.headers)).toEqual([]);
  });

  it('declares the headers of successful answers', async () => {
    for (const [template, path] of [
      ['/items', '/items'],
      ['/items/pages/link-header', '/items/pages/link-header?size=2'],
      ['/registrations', '/registrations'],
      ['/healthz', '/healthz'],
      ['/.well-known/jwks.json', '/.well-known/jwks.json'],
    ] as const) {
      const res = await send(server, { method: 'GET', path, who: 'subscriber' });
      expect(res.status).toBe(200);
      expect(undeclared(template, 'GET', 200, res.headers)).toEqual([]);
    }
  });
});

describe('every declared answer shows an example', () => {
  const responses = operations().flatMap(({ op }) =>
    Object.entries<any>(op.responses).map(([status, r]) => [`${op.operationId as string} ${status}`, deref(r)] as const),
  );

  it.each(responses)('%s has an example for each header and each media type', (_name, response) => {
    for (const [name, header] of Object.entries<any>(response.headers ?? {}))
      expect(deref(header).example ?? deref(header).examples, name).toBeDefined();
    for (const [type, media] of Object.entries<any>(response.content ?? {})) expect(media.example ?? media.examples, type).toBeDefined();
  });
});
