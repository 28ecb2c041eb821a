import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/open.js';
import { migrate } from '../../src/db/migrate.js';
import { ensureAdminKey } from '../../src/domain/api-keys.js';
import { createLogger } from '../../src/http/logger.js';
import { redactSecrets } from '../../src/http/redact.js';
import { startServer } from '../../src/server.js';
import { createScratchPostgres } from '../support/scratch-postgres.js';
import { dbFactories, problem, startTestServer, type TestServer } from '../support/server-support.js';

/** A raw request, so the Host header is exactly what we say. */
function rawGet(
  url: string,
  key: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, unknown> }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, headers: { authorization: `Bearer ${key}`, ...headers }, setHost: false }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

const concert = { title: 'Charset night', startsAt: '2027-05-01T20:00:00Z', venue: 'Main Hall' };
const LINK_PATH = '/items/pages/link-header?page=2&size=5';
const EVIL_HOST = 'evil.example>; rel="payment", <https://evil.example/x';

describe.each(dbFactories())('hostile input on $name', (factory) => {
  const lines: string[] = [];
  let s: TestServer;
  let based: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    const sink = new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) });
    [s, based, proxied] = await Promise.all([
      startTestServer(factory, { deps: { logger: createLogger('info', sink) } }),
      startTestServer(factory, { deps: { publicBaseUrl: 'https://api.example.com/v1' } }),
      startTestServer(factory, { deps: { trustProxy: true } }),
    ]);
  });
  afterAll(() => Promise.all([s.close(), based.close(), proxied.close()]));

  it('never builds Link URLs from the raw Host header: relative without configuration', async () => {
    const res = await rawGet(s.url, s.aliceKey, LINK_PATH, { host: EVIL_HOST });
    expect(res.status).toBe(200);
    expect(res.headers.link).toBe(
      '</items/pages/link-header?page=1&size=5>; rel="first", </items/pages/link-header?page=1&size=5>; rel="prev", ' +
        '</items/pages/link-header?page=3&size=5>; rel="next", </items/pages/link-header?page=5&size=5>; rel="last"',
    );
  });

  it('builds absolute Link URLs from PUBLIC_BASE_URL, whatever Host says', async () => {
    const res = await rawGet(based.url, based.aliceKey, LINK_PATH, { host: EVIL_HOST });
    expect(String(res.headers.link)).toMatch(/^<https:\/\/api\.example\.com\/v1\/items\/pages\/link-header\?page=1&size=5>; rel="first"/);
    expect(String(res.headers.link)).not.toContain('evil');
  });

  it('uses a forwarded host behind a trusted proxy only when it is a plain host name', async () => {
    const good = await rawGet(proxied.url, proxied.aliceKey, LINK_PATH, {
      host: 'x',
      'x-forwarded-host': 'shop.example:8443',
      'x-forwarded-proto': 'https',
    });
    expect(String(good.headers.link)).toMatch(/^<https:\/\/shop\.example:8443\/items\/pages\/link-header\?page=1&size=5>/);
    const bad = await rawGet(proxied.url, proxied.aliceKey, LINK_PATH, {
      host: 'x',
      'x-forwarded-host': EVIL_HOST,
      'x-forwarded-proto': 'https',
    });
    expect(String(bad.headers.link)).toMatch(/^<\/items\/pages\/link-header\?page=1&size=5>; rel="first"/);
    expect(String(bad.headers.link)).not.toContain('evil');
  });

  it.each([
    ['utf-16le', Buffer.from(JSON.stringify(concert), 'utf16le')],
    ['utf-7', Buffer.from(JSON.stringify(concert))],
    ['iso-8859-1', Buffer.from(JSON.stringify(concert))],
    ['"utf-16"', Buffer.from(JSON.stringify(concert), 'utf16le')],
  ])('refuses a JSON body with charset=%s with 415, for every body-taking route', async (charset, body) => {
    for (const [path, key] of [
      ['/concerts', s.adminKey],
      ['/registerForAlert', s.aliceKey],
      ['/apiKeys', s.adminKey],
    ] as const) {
      const res = await fetch(s.url + path, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': `application/json; charset=${charset}` },
        body,
      });
      expect(res.status, path).toBe(415);
      expect((await problem(res)).detail).toMatch(/UTF-8/);
    }
  });

  it.each(['utf-8', 'UTF-8', 'utf8', '"utf-8"'])('accepts charset=%s', async (charset) => {
    const res = await s.call('POST', '/concerts', {
      key: s.adminKey,
      body: concert,
      headers: { 'content-type': `application/json; charset=${charset}` },
    });
    expect(res.status).toBe(201);
  });

  it('keeps credentials in the query string out of the log', async () => {
    const secret = `cn_${'s'.repeat(43)}`;
    lines.length = 0;
    await s.call(
      'GET',
      `/items?limit=5&api_key=${secret}&Token=tok123456&access_token=at-99-zq&PASSWORD=hunter2-zq&authorization=basic-zqzq`,
    );
    await s.call('GET', `/items?limit=5&x=${secret}&w=whsec_abc%2Bdef%3D`);
    const log = lines.join('');
    expect(log).toContain('/items?limit=5');
    for (const leaked of [secret, 'tok123456', 'at-99-zq', 'hunter2-zq', 'basic-zqzq', 'whsec_abc']) expect(log).not.toContain(leaked);
    expect(log).toContain('api_key=[redacted]');
  });
});

describe('redactSecrets', () => {
  it.each([
    ['GET /x?key=abc&limit=2', 'GET /x?key=[redacted]&limit=2'],
    ['/x?apiKey=abc', '/x?apiKey=[redacted]'],
    ['/x?auth_token=abc#f', '/x?auth_token=[redacted]#f'],
    ['/x?secret=a&SECRET=b', '/x?secret=[redacted]&SECRET=[redacted]'],
    ['/x?api%5Fkey=abc', '/x?api%5Fkey=[redacted]'],
    ['/x?cursor=abc&page=2', '/x?cursor=abc&page=2'],
    [`Bearer cn_${'A'.repeat(43)} is unknown`, 'Bearer cn_[redacted] is unknown'],
    ['{"err":"bad secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw="}', '{"err":"bad secret whsec_[redacted]"}'],
    ['key_01HX ids stay, cn_short stays', 'key_01HX ids stay, cn_short stays'],
  ])('%s', (given, want) => {
    expect(redactSecrets(given)).toBe(want);
  });
});

describe('database unavailable (PGlite)', () => {
  it('answers 503 problem+json with Retry-After once the database thread is gone, and /healthz still 200', async () => {
    const s = await startTestServer(dbFactories()[0]!);
    try {
      await s.db.close();
      for (const path of ['/items', '/readyz', '/concerts/con_jazznight2026']) {
        const res = await s.call('GET', path);
        expect(res.status, path).toBe(503);
        expect(res.headers.get('retry-after'), path).toBe('5');
        expect((await problem(res)).detail).toMatch(/Retry after 5 seconds/);
      }
      const posted = await s.call('POST', '/concerts', { key: s.adminKey, body: concert });
      expect(posted.status).toBe(503);
      expect((await s.call('GET', '/healthz')).status).toBe(200);
    } finally {
      await s.close().catch(() => {});
    }
  });
});

describe('start-up', () => {
  it.skipIf(!process.env.DATABASE_URL)('lets replicas start together on a fresh PostgreSQL with the same ADMIN_API_KEY', async () => {
    const scratch = await createScratchPostgres('cn_startup');
    const dbs = await Promise.all(Array.from({ length: 6 }, () => openDatabase({ url: scratch.url })));
    try {
      await Promise.all(dbs.map((db) => migrate(db)));
      const key = `cn_${'r'.repeat(43)}`;
      const created = await Promise.all(dbs.map((db) => ensureAdminKey(db, key)));
      expect(created.filter(Boolean)).toHaveLength(1);
      const dirs = await Promise.all([0, 1].map(() => mkdtemp(join(tmpdir(), 'cn-replica-'))));
      const other = `cn_${'q'.repeat(43)}`;
      const config = (dir: string) =>
        loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, DATABASE_URL: scratch.url, ADMIN_API_KEY: other, LOG_LEVEL: 'silent' });
      const replicas = await Promise.all(dirs.map((dir) => startServer(config(dir))));
      await Promise.all(replicas.map((r) => r.close()));
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
      await scratch.drop();
    }
  });

  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cn-lock-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('takes over a lock whose pid now belongs to an unrelated live process', { timeout: 90_000 }, async () => {
    {
      // Our parent is alive, but it started at another time than the recorded owner.
      await writeFile(join(dir, 'clubnotify-server.pid'), JSON.stringify({ pid: process.ppid, start: '1', token: 'old' }));
      const running = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent' }));
      await running.close();
    }
  });

  it('waits for an owner that is being killed instead of failing at once', { timeout: 90_000 }, async () => {
    const owner = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      // The format older servers wrote (a bare pid): it must be honoured, and waited for, too.
      await writeFile(join(dir, 'clubnotify-server.pid'), String(owner.pid));
      setTimeout(() => owner.kill('SIGKILL'), 1_000);
      const running = await startServer(loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent' }));
      await running.close();
    } finally {
      owner.kill('SIGKILL');
    }
  });
});
