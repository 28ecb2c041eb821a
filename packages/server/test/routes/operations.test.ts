import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/http/logger.js';
import { startServer } from '../../src/server.js';
import { dbFactories, problem, startTestServer, type TestServer } from '../support/server-support.js';

describe.each(dbFactories())('limits, logs and response validation on $name', (factory) => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().trim().split('\n'));
      done();
    },
  });
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(factory, {
      deps: {
        rateLimitPerMinute: 5,
        logger: createLogger('info', sink),
        // A route that breaks the contract on purpose, mounted where the delivery routes go.
        deliveryRoutes: (req, res, next) => (req.path === '/deliveries' ? res.json({ data: 'not a list' }) : next()),
      },
    });
  });
  afterAll(() => s.close());

  it('limits each key per minute with 429, Retry-After and the RateLimit headers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await s.call('GET', '/items?limit=1', { key: s.bobKey })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const res = await s.call('GET', '/items?limit=1', { key: s.bobKey });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(res.headers.get('ratelimit-policy')).toBe('5;w=60');
    expect(res.headers.get('ratelimit')).toMatch(/^limit=5, remaining=0, reset=\d+$/);
    expect((await problem(res)).type).toBe('https://clubnotify.dev/problems/rate-limited');
    expect((await s.call('GET', '/items?limit=1', { key: s.aliceKey })).status).toBe(200);
    expect((await s.call('GET', '/healthz', { key: null })).status).toBe(200);
  });

  it('turns a response that breaks the spec into a loud 500 and an error log', async () => {
    const res = await s.call('GET', '/deliveries', { key: s.adminKey });
    expect(res.status).toBe(500);
    expect((await problem(res)).type).toBe('https://clubnotify.dev/problems/response-validation');
    expect(lines.some((l) => l.includes('response violates the spec'))).toBe(true);
  });

  it('logs one line per request with its id, and never the API key', async () => {
    const before = lines.length;
    await s.call('GET', '/concerts/con_jazznight2026', { key: s.adminKey, headers: { 'x-request-id': 'log-check-1' } });
    // A request sent after that one is logged after it: once its line is there, every line of the first is too.
    await s.call('GET', '/concerts/con_jazznight2026', { key: s.adminKey, headers: { 'x-request-id': 'log-check-2' } });
    await expect.poll(() => lines.some((l) => l.includes('log-check-2'))).toBe(true);
    const mine = lines.slice(before).filter((l) => l.includes('log-check-1'));
    expect(mine).toHaveLength(1);
    expect(JSON.parse(mine[0]!)).toMatchObject({
      req: { id: 'log-check-1', method: 'GET' },
      res: { statusCode: 200 },
      operation: 'getConcert',
    });
    const all = lines.join('\n');
    for (const key of [s.adminKey, s.aliceKey, s.bobKey]) expect(all).not.toContain(key);
    expect(all).not.toContain('whsec_');
  });
});

describe('configuration and start-up', () => {
  it('lists every invalid setting at once', () => {
    try {
      loadConfig({
        PORT: 'x',
        DATABASE_URL: 'mysql://a',
        ALLOW_PRIVATE_TARGETS: '127.0.0.1,nonsense',
        ADMIN_API_KEY: 'short',
        RESPONSE_VALIDATION: 'loud',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.split(' ')[0])).toEqual([
        'DATABASE_URL',
        'ADMIN_API_KEY',
        'ALLOW_PRIVATE_TARGETS:',
        'RESPONSE_VALIDATION',
        'PORT',
      ]);
    }
  });

  it('has defaults for everything, warn-only response validation in production', () => {
    expect(loadConfig({})).toMatchObject({
      port: 3000,
      dataDir: './data',
      rateLimitPerMinute: 600,
      responseValidation: 'strict',
      allowPrivateTargets: [],
    });
    expect(loadConfig({ NODE_ENV: 'production' }).responseValidation).toBe('warn');
  });

  it(
    'starts on a data folder, ensures ADMIN_API_KEY, refuses a second process, and the CLI creates keys',
    { timeout: 120_000 },
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'cn-server-'));
      const adminKey = `cn_${'k'.repeat(43)}`;
      try {
        const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, ADMIN_API_KEY: adminKey, LOG_LEVEL: 'silent' });
        const running = await startServer(config);
        try {
          const res = await fetch(`${running.url.replace('localhost', '127.0.0.1')}/apiKeys`, {
            method: 'POST',
            headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'fan site', scope: 'subscriber' }),
          });
          expect(res.status).toBe(201);
        } finally {
          await running.close();
        }
        // Another live process (our parent) holding the folder: neither a server nor the CLI may open it.
        await writeFile(join(dir, 'clubnotify-server.pid'), String(process.ppid));
        await expect(startServer(config)).rejects.toThrow(/already uses the embedded database/);
        expect(await runCli(['create-key', '--scope', 'admin', '--name', 'ops'], { DATA_DIR: dir })).toBe(1);
        await rm(join(dir, 'clubnotify-server.pid'));
        expect(await runCli(['create-key', '--scope', 'root', '--name', 'ops'], { DATA_DIR: dir })).toBe(2);
        expect(await runCli(['create-key', '--scope', 'admin', '--name', 'ops'], { DATA_DIR: dir })).toBe(0);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});
