import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../src/app.js';
import { KEY_CACHE_TTL_MS } from '../../src/http/auth.js';
import { runCli } from '../../src/cli.js';
import { serverSecret } from '../../src/domain/server-secret.js';
import { migratedInto } from '../support/migrated-pglite.js';
import { dbFactories, pointers, problem, startTestServer, type TestServer } from '../support/server-support.js';

describe.each(dbFactories())('API keys: list and revoke on $name', (factory) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(factory, { seedData: false });
  });
  afterAll(() => s.close());

  const newKey = async (name: string, scope: 'subscriber' | 'admin' = 'subscriber') =>
    (await (await s.call('POST', '/apiKeys', { key: s.adminKey, body: { name, scope } })).json()) as { id: string; key: string };

  it('lists every key without the key itself, for admins only', async () => {
    const res = await s.call('GET', '/apiKeys?limit=100', { key: s.adminKey });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { data: Array<Record<string, unknown>> };
    expect(list.data.map((k) => k.name)).toEqual(expect.arrayContaining(['admin', 'alice', 'bob']));
    expect(list.data.every((k) => !('key' in k) && k.revokedAt === null)).toBe(true);
    expect((await s.call('GET', '/apiKeys')).status).toBe(403);
  });

  it('refuses a revoked key at once in the process that revoked it, and lists it as revoked', async () => {
    const carol = await newKey('carol');
    expect((await s.call('GET', '/registrations', { key: carol.key })).status).toBe(200);
    const revoked = await s.call('DELETE', `/apiKeys/${carol.id}`, { key: s.adminKey });
    expect(revoked.status).toBe(204);
    const refused = await s.call('GET', '/registrations', { key: carol.key });
    expect(refused.status).toBe(401);
    expect((await problem(refused)).detail).toBe('Unknown API key.');
    expect((await s.call('DELETE', `/apiKeys/${carol.id}`, { key: s.adminKey })).status).toBe(204);
    const list = (await (await s.call('GET', '/apiKeys?limit=100', { key: s.adminKey })).json()) as {
      data: Array<{ id: string; revokedAt: string | null }>;
    };
    expect(list.data.find((k) => k.id === carol.id)?.revokedAt).toMatch(/^\d{4}-/);
  });

  it('refuses a revoked key in another process within the 5 s cache window', async () => {
    const dave = await newKey('dave');
    const other = createApp({ db: s.db, cursorKey: await serverSecret(s.db, 'cursor'), urlPolicy: { allow: [] } });
    const server = await new Promise<Server>((resolve) => {
      const x = other.listen(0, '127.0.0.1', () => resolve(x));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/registrations`;
    const get = () => fetch(url, { headers: { authorization: `Bearer ${dave.key}` } });
    try {
      expect((await get()).status).toBe(200);
      // The other process cached the key during that request, so its entry is gone by then.
      const expiredBy = Date.now() + KEY_CACHE_TTL_MS + 20;
      expect((await s.call('DELETE', `/apiKeys/${dave.id}`, { key: s.adminKey })).status).toBe(204);
      await setTimeout(Math.max(0, expiredBy - Date.now()));
      expect((await get()).status).toBe(401);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("disables a revoked key's registrations and cancels their pending deliveries, keeping the history", async () => {
    const erin = await newKey('erin');
    const reg = (await (
      await s.call('POST', '/registerForAlert', { key: erin.key, body: { url: 'https://hooks.example.com/erin' } })
    ).json()) as { id: string };
    await s.call('POST', '/concerts', { key: s.adminKey, body: { title: 'Late set', startsAt: '2026-12-01T20:00:00Z', venue: 'Bar' } });
    expect((await s.call('DELETE', `/apiKeys/${erin.id}`, { key: s.adminKey })).status).toBe(204);
    const all = (await (await s.call('GET', '/registrations?limit=100', { key: s.adminKey })).json()) as { data: Array<{ id: string }> };
    const seen = all.data.find((r) => r.id === reg.id);
    expect(seen).toMatchObject({ status: 'disabled', disabledReason: `API key ${erin.id} revoked` });
    const log = (await (await s.call('GET', `/deliveries?targetId=${reg.id}`, { key: s.adminKey })).json()) as {
      data: Array<{ status: string }>;
    };
    expect(log.data.map((d) => d.status)).toEqual(['cancelled']);
  });

  it('answers 404 for an unknown key id and 409 for the last admin key', async () => {
    const unknown = await s.call('DELETE', '/apiKeys/key_nope', { key: s.adminKey });
    expect(unknown.status).toBe(404);
    expect(await pointers(unknown)).toEqual(['/path/apiKeyId']);
    const admins = (await (await s.call('GET', '/apiKeys?limit=100', { key: s.adminKey })).json()) as {
      data: Array<{ id: string; scope: string; revokedAt: null }>;
    };
    const [admin] = admins.data.filter((k) => k.scope === 'admin' && k.revokedAt === null);
    const last = await s.call('DELETE', `/apiKeys/${admin!.id}`, { key: s.adminKey });
    expect(last.status).toBe(409);
    expect((await problem(last)).detail).toContain('last admin key');
  });
});

describe('clubnotify-server revoke-key', () => {
  it('revokes a key in the embedded database and says so', async () => {
    // The kept migrated database: the CLI's first run then opens it instead of migrating a new one.
    const dataDir = await migratedInto(await mkdtemp(join(tmpdir(), 'cn-revoke-')));
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const env = { DATA_DIR: dataDir };
      expect(await runCli(['create-key', '--scope', 'admin', '--name', 'ops'], env)).toBe(0);
      expect(await runCli(['create-key', '--scope', 'subscriber', '--name', 'fan'], env)).toBe(0);
      const id = /key (key_\w+) \(fan\)/.exec(log.mock.calls.map((c) => String(c[0])).join('\n'))![1]!;
      expect(await runCli(['revoke-key', id], env)).toBe(0);
      expect(log).toHaveBeenLastCalledWith(`Revoked ${id}; its registrations and subscriptions are disabled.`);
      expect(await runCli(['revoke-key', 'key_unknown'], env)).toBe(1);
      expect(await runCli(['revoke-key'], env)).toBe(2);
      expect(error).toHaveBeenCalledTimes(2);
    } finally {
      log.mockRestore();
      error.mockRestore();
      await rm(dataDir, { recursive: true, force: true });
    }
    // Four CLI runs, each opening the embedded database from disk.
  }, 300_000);
});
