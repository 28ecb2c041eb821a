import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type Mock } from '../../scripts/mock.js';
import { errorPathCases, undeclared, type ErrorPathCase, type Who } from '../contract/error-paths.js';

// The error-path suite of test/contract/declared-responses.test.ts, against the mock: the
// same requests, the same statuses where the mock can know them, and every answer declared.
// The mock keeps no state and knows no keys, so it cannot answer what needs either (README,
// mock section): unknown keys (401), scopes (403), missing ids (404) and reused
// Idempotency-Keys (409).
const needsState = (c: ErrorPathCase) =>
  c.who === 'unknown' || c.want === 403 || c.want === 409 || c.name.endsWith('an id that does not exist');

let mock: Mock;

beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 120_000);

afterAll(async () => {
  await mock?.close();
});

function authorization(who: Who): string | undefined {
  if (who === null) return undefined;
  return who === 'malformed' ? 'Bearer not-a-key' : 'Bearer cn_mockKeyForTheReadme0123456789';
}

describe('the mock on every error path', () => {
  it.each(
    errorPathCases()
      .filter((c) => !needsState(c))
      .map((c) => [c.name, c] as const),
  )('%s', async (_name, c) => {
    const headers: Record<string, string> = { ...c.headers };
    const auth = authorization(c.who);
    if (auth) headers.authorization = auth;
    const res = await fetch(mock.url + c.path, { method: c.method, headers, body: c.body });
    await res.arrayBuffer();
    if (c.want !== undefined) expect(res.status, c.name).toBe(c.want);
    expect(undeclared(c.template, c.method, res.status, res.headers)).toEqual([]);
  });

  it('answers successes with declared statuses and headers only', async () => {
    for (const [template, path] of [
      ['/items', '/items'],
      ['/items/pages/link-header', '/items/pages/link-header'],
      ['/registrations', '/registrations'],
      ['/healthz', '/healthz'],
    ] as const) {
      const res = await fetch(mock.url + path, { headers: { authorization: authorization('subscriber')! } });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      expect(undeclared(template, 'GET', 200, res.headers)).toEqual([]);
    }
  });
});
