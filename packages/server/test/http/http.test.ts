import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbFactories, pointers, problem, startTestServer, type TestServer } from '../support/server-support.js';

describe.each(dbFactories())('server HTTP behaviour on $name', (factory) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(factory);
  });
  afterAll(() => s.close());

  it('answers healthz and readyz without a key', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const res = await s.call('GET', path, { key: null });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok' });
    }
  });

  it('ends every JSON answer with a newline, counted in Content-Length, so a shell prompt starts on its own line', async () => {
    for (const [path, key] of [
      ['/items', undefined],
      ['/nope', undefined],
      ['/openapi.json', null],
      ['/healthz', null],
    ] as const) {
      const res = await s.call('GET', path, key === null ? { key: null } : {});
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.at(-1), path).toBe(0x0a);
      expect(bytes.at(-2), path).not.toBe(0x0a);
      if (res.headers.get('content-length')) expect(Number(res.headers.get('content-length')), path).toBe(bytes.length);
      expect(() => JSON.parse(bytes.toString('utf8')), path).not.toThrow();
    }
  });

  it('echoes a sane X-Request-Id and replaces an unsafe one', async () => {
    const given = await s.call('GET', '/healthz', { headers: { 'x-request-id': 'req-42.abc' } });
    expect(given.headers.get('x-request-id')).toBe('req-42.abc');
    const unsafe = await s.call('GET', '/nope', { headers: { 'x-request-id': 'bad id\twith space' } });
    const id = unsafe.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await problem(unsafe)).requestId).toBe(id);
  });

  it('answers an unknown path with a 404 problem and a wrong method with 405 and Allow', async () => {
    const missing = await s.call('GET', '/nope');
    expect(missing.status).toBe(404);
    await problem(missing);
    const wrong = await s.call('DELETE', '/items');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET');
  });

  it('refuses unknown query parameters naming them', async () => {
    const res = await s.call('GET', '/items?limt=5');
    expect(res.status).toBe(400);
    expect(await pointers(res)).toEqual(['/query/limt']);
  });

  it('refuses out-of-range and non-integer parameters instead of clamping', async () => {
    for (const [query, pointer] of [
      ['limit=0', '/query/limit'],
      ['limit=101', '/query/limit'],
      ['limit=abc', '/query/limit'],
      ['limit=1&limit=2', '/query/limit'],
    ]) {
      const res = await s.call('GET', `/items?${query}`);
      expect(res.status, query).toBe(400);
      expect(await pointers(res)).toContain(pointer);
    }
    const page = await s.call('GET', '/items/pages?page=0');
    expect(await pointers(page)).toEqual(['/query/page']);
  });

  it('refuses unknown body fields and wrong field types naming each field', async () => {
    const res = await s.call('POST', '/registerForAlert', { body: { url: 'https://hooks.example.com/a', urll: 'x' } });
    expect(res.status).toBe(400);
    expect(await pointers(res)).toEqual(['/body/urll']);
    const typed = await s.call('POST', '/registerForAlert', { body: { url: 42 } });
    expect(await pointers(typed)).toContain('/body/url');
    const notUri = await s.call('POST', '/registerForAlert', { body: { url: 'not a url' } });
    expect(await pointers(notUri)).toEqual(['/body/url']);
  });

  it('answers broken JSON with 400, a missing body with 400 and a non-JSON body with 415', async () => {
    const broken = await s.call('POST', '/registerForAlert', { body: '{"url":' });
    expect(broken.status).toBe(400);
    expect(await pointers(broken)).toEqual(['/body']);
    const empty = await s.call('POST', '/registerForAlert', { headers: { 'content-type': 'application/json' } });
    expect(empty.status).toBe(400);
    const text = await s.call('POST', '/registerForAlert', { body: 'url=x', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
    expect((await problem(text)).detail).toMatch(/application\/json/);
    const array = await s.call('POST', '/registerForAlert', { body: '[]' });
    expect(await pointers(array)).toEqual(['/body']);
  });

  it('refuses a body over 64 KiB with 413, with or without Content-Length', async () => {
    const big = JSON.stringify({ url: `https://hooks.example.com/${'a'.repeat(70_000)}` });
    const res = await s.call('POST', '/registerForAlert', { body: big });
    expect(res.status).toBe(413);
    await problem(res);
    const chunked = await fetch(`${s.url}/registerForAlert`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.aliceKey}`, 'content-type': 'application/json' },
      body: new Blob([big]).stream(),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('answers a malformed path escape with 400, not 500', async () => {
    const res = await s.call('DELETE', '/registrations/%E0%A4%A');
    expect(res.status).toBe(400);
    expect(await pointers(res)).toEqual(['/path/registrationId']);
  });

  it('refuses a missing, malformed or unknown key with 401', async () => {
    for (const key of [null, 'nope', `cn_${'x'.repeat(43)}`]) {
      const res = await s.call('GET', '/registrations', { key });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      await problem(res);
    }
  });

  it('refuses publishing with a subscriber key (403) and lets an admin do subscriber operations', async () => {
    const res = await s.call('POST', '/apiKeys', { body: { name: 'x', scope: 'subscriber' } });
    expect(res.status).toBe(403);
    expect((await problem(res)).detail).toMatch(/admin/);
    const asAdmin = await s.call('POST', '/registerForAlert', { key: s.adminKey, body: { url: 'https://hooks.example.com/admin' } });
    expect(asAdmin.status).toBe(200);
  });

  it('creates API keys that work at once and are stored only as a hash', async () => {
    const res = await s.call('POST', '/apiKeys', { key: s.adminKey, body: { name: 'Blue Notes fan site', scope: 'subscriber' } });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { id: string; key: string; scope: string };
    expect(created.key).toMatch(/^cn_[A-Za-z0-9_-]{43}$/);
    expect(created.id).toMatch(/^key_/);
    const rows = await s.db.query<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE id = $1', [created.id]);
    expect(rows[0]!.key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.key_hash).not.toContain(created.key);
    expect((await s.call('GET', '/registrations', { key: created.key })).status).toBe(200);
  });

  it('serves the bundled spec as JSON and YAML', async () => {
    const json = await s.call('GET', '/openapi.json', { key: null });
    expect(json.status).toBe(200);
    expect(((await json.json()) as { openapi: string }).openapi).toBe('3.1.0');
    const yaml = await s.call('GET', '/openapi.yaml', { key: null });
    expect(yaml.headers.get('content-type')).toMatch(/yaml/);
    expect(await yaml.text()).toMatch(/^openapi: 3\.1\.0/m);
  });

  it('serves the Redoc HTML at /docs, built once into the cache', async () => {
    const first = await s.call('GET', '/docs', { key: null });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/text\/html/);
    const html = await first.text();
    expect(html).toContain('clubnotify');
    expect(await (await s.call('GET', '/docs', { key: null })).text()).toBe(html);
  });
});
