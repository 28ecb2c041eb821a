import { validateBody } from '@clubnotify/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTED_ERRORS } from '../../src/http/problem.js';
import { dbFactories, startTestServer, type TestServer } from '../support/server-support.js';

interface Problem {
  detail: string;
  errorCount?: number;
  errors?: Array<{ pointer: string; detail: string }>;
}

describe.each(dbFactories())('problem size on $name', (factory) => {
  let s: TestServer;
  beforeAll(async () => void (s = await startTestServer(factory, { seedData: false })));
  afterAll(() => s.close());

  async function refused(res: Response): Promise<{ problem: Problem; bytes: number }> {
    expect(res.status).toBe(400);
    const text = await res.text();
    const problem = JSON.parse(text) as Problem;
    expect(validateBody('schema.Problem', problem)).toEqual({ ok: true });
    return { problem, bytes: Buffer.byteLength(text) };
  }

  it('lists the first 50 of 7,000 unknown body fields and counts them all, in a few KB', async () => {
    const body: Record<string, number> = { url: 1 };
    for (let i = 0; i < 7_000; i++) body[i.toString(36)] = 1;
    const sent = JSON.stringify(body);
    expect(sent.length).toBeLessThan(64 * 1024);
    const { problem, bytes } = await refused(await s.call('POST', '/registerForAlert', { body: sent }));
    expect(problem.errorCount).toBe(7_001);
    expect(problem.errors).toHaveLength(LISTED_ERRORS);
    for (const e of problem.errors!) expect(e.pointer).toMatch(/^\/body\/[0-9a-z]+$/);
    expect(problem.detail).toMatch(/and 6998 more \(see errors and errorCount\)$/);
    expect(bytes).toBeLessThan(8 * 1024);
    expect(bytes).toBeLessThan(sent.length / 10);
  });

  it('lists the first 50 of 600 unknown query parameters', async () => {
    const query = Array.from({ length: 600 }, (_, i) => `q${i}=1`).join('&');
    const { problem } = await refused(await s.call('GET', `/items?${query}`));
    expect(problem.errorCount).toBe(600);
    expect(problem.errors).toHaveLength(LISTED_ERRORS);
  });

  it('lists every error, and counts them, when there are few', async () => {
    const { problem } = await refused(await s.call('POST', '/registerForAlert', { body: { url: 'not a url', extra: true } }));
    expect(problem.errorCount).toBe(2);
    expect(problem.errors!.map((e) => e.pointer).sort()).toEqual(['/body/extra', '/body/url']);
  });
});
