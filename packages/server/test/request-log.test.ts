import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../src/http/logger.js';
import { dbFactories, startTestServer, type TestServer } from './server-support.js';

const lines: Array<Record<string, unknown>> = [];
let s: TestServer;
beforeAll(async () => {
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  s = await startTestServer(dbFactories[0]!, { deps: { logger, consoleDir: '/nonexistent/console' } });
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
