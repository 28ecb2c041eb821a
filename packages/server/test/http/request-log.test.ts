import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/http/logger.js';
import { dbFactories, startTestServer, type TestServer } from '../support/server-support.js';

const lines: Array<Record<string, unknown>> = [];
/** The lines as written, before JSON.parse keeps only the last of a repeated key. */
const raw: string[] = [];
let s: TestServer;
beforeAll(async () => {
  const logger = createLogger('info', {
    write: (line: string) => {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  s = await startTestServer(dbFactories()[0]!, { deps: { logger, consoleDir: '/nonexistent/console' } });
});
afterAll(() => s?.close());

it('logs a 5xx the server answered on purpose by its status, without an error object or a stack', async () => {
  const res = await s.call('GET', '/console', { key: null });
  expect(res.status).toBe(503);
  await expect.poll(() => lines.find((l) => (l.res as { statusCode?: number } | undefined)?.statusCode === 503)).toBeDefined();
  const line = lines.find((l) => (l.res as { statusCode?: number }).statusCode === 503)!;
  expect(line.err).toBeUndefined();
  expect(JSON.stringify(line)).not.toMatch(/stack|\bat \S+:\d+:\d+/);
});

it("writes each key of a request's line once: trace_id, span_id, operation and keyId are not repeated", async () => {
  const traceId = randomBytes(16).toString('hex');
  const res = await s.call('GET', '/items', {
    key: s.aliceKey,
    headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
  });
  expect(res.status).toBe(200);
  await expect.poll(() => raw.find((l) => l.includes(traceId) && l.includes('"statusCode":200'))).toBeDefined();
  const line = raw.find((l) => l.includes(traceId) && l.includes('"statusCode":200'))!;
  for (const key of ['trace_id', 'span_id', 'operation', 'keyId', 'reqId', 'level', 'msg'])
    expect(line.split(`"${key}":`).length - 1, `${key} in ${line}`).toBeLessThanOrEqual(1);
  expect(JSON.parse(line)).toMatchObject({ trace_id: traceId, operation: 'listItems' });
});
