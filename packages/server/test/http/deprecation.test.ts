import { document } from '@clubnotify/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deprecatedParameters, deprecationNotices } from '../../src/http/deprecation.js';
import { dbFactories, startTestServer, type TestServer } from '../support/server-support.js';

/** The shipped contract with `GET /items/cursor` deprecated on 2026-01-01, sunset 2026-07-01. */
function withDeprecatedCursorPages(): Record<string, any> {
  const copy = structuredClone(document) as Record<string, any>;
  Object.assign(copy.paths['/items/cursor'].get, { deprecated: true, 'x-deprecated-at': '2026-01-01', 'x-sunset': '2026-07-01' });
  return copy;
}

/** The shipped contract with the `cursor` query parameter (shared by the cursor collections) deprecated. */
function withDeprecatedCursorParameter(): Record<string, any> {
  const copy = structuredClone(document) as Record<string, any>;
  Object.assign(copy.components.parameters.Cursor, { deprecated: true, 'x-deprecated-at': '2026-02-01', 'x-sunset': '2026-08-01' });
  return copy;
}

describe('deprecation notices read from the spec', () => {
  it('finds none in the shipped contract, which deprecates nothing', () => {
    expect(deprecationNotices(document as Record<string, any>).size).toBe(0);
  });

  it('finds the operations whose parameters are deprecated, through $refs', () => {
    const found = deprecatedParameters(withDeprecatedCursorParameter());
    expect(found.get('listItemsCursor')).toEqual([
      { in: 'query', name: 'cursor', notice: { deprecation: '@1769904000', sunset: 'Sat, 01 Aug 2026 00:00:00 GMT' } },
    ]);
    expect(deprecatedParameters(document as Record<string, any>).size).toBe(0);
  });

  it('turns x-deprecated-at into an RFC 9745 date and x-sunset into an HTTP-date', () => {
    expect(Object.fromEntries(deprecationNotices(withDeprecatedCursorPages()))).toEqual({
      listItemsCursor: { deprecation: '@1767225600', sunset: 'Wed, 01 Jul 2026 00:00:00 GMT' },
    });
  });
});

// The headers depend on the spec only, not on the database: PGlite is enough.
describe('a server whose spec deprecates GET /items/cursor', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dbFactories()[0]!, { deps: { deprecations: deprecationNotices(withDeprecatedCursorPages()) } });
  });
  afterAll(() => s.close());

  it('sends Deprecation and Sunset on its answers, errors included', async () => {
    for (const [path, status] of [
      ['/items/cursor', 200],
      ['/items/cursor?limit=0', 400],
    ] as const) {
      const res = await s.call('GET', path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('deprecation'), path).toBe('@1767225600');
      expect(res.headers.get('sunset'), path).toBe('Wed, 01 Jul 2026 00:00:00 GMT');
    }
  });

  it('sends neither on operations that are not deprecated', async () => {
    const res = await s.call('GET', '/items');
    expect(res.status).toBe(200);
    expect(res.headers.has('deprecation')).toBe(false);
    expect(res.headers.has('sunset')).toBe(false);
  });
});

describe('a server whose spec deprecates the cursor parameter', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(dbFactories()[0]!, { deps: { deprecatedParameters: deprecatedParameters(withDeprecatedCursorParameter()) } });
  });
  afterAll(() => s.close());

  it('sends Deprecation and Sunset when a request sends it, and neither when it does not', async () => {
    const first = await s.call('GET', '/items/cursor?limit=2');
    expect(first.status).toBe(200);
    expect(first.headers.has('deprecation')).toBe(false);
    const { next_cursor } = (await first.json()) as { next_cursor: string };
    const next = await s.call('GET', `/items/cursor?limit=2&cursor=${encodeURIComponent(next_cursor)}`);
    expect(next.status).toBe(200);
    expect(next.headers.get('deprecation')).toBe('@1769904000');
    expect(next.headers.get('sunset')).toBe('Sat, 01 Aug 2026 00:00:00 GMT');
  });
});
