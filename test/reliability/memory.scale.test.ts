import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import { call, FULL, scale, send } from './support.js';
import { newAdminKey, spawnServer } from './server-process.js';

const REQUESTS = scale(6_000, 100_000);
const CONCURRENCY = 8;

/** A mix of reads, idempotent writes and refused requests, like a day of API traffic. */
function requestFor(i: number, key: string, admin: string) {
  const auth = { authorization: `Bearer ${key}` };
  const json = { ...auth, 'content-type': 'application/json' };
  switch (i % 8) {
    case 0:
      return { method: 'GET', path: `/items?limit=${(i % 100) + 1}`, headers: auth };
    case 1:
      return { method: 'GET', path: `/items/offsets/linked?offset=${i % 23}&limit=5`, headers: auth };
    case 2:
      return { method: 'GET', path: '/registrations', headers: auth };
    case 3:
      return {
        method: 'POST',
        path: '/registerForAlert',
        headers: json,
        body: JSON.stringify({ url: `https://93.184.215.14/hook/${i % 50}` }),
      };
    case 4:
      return { method: 'GET', path: '/concerts/con_jazznight2026', headers: auth };
    case 5:
      return { method: 'GET', path: '/items/pages?page=abc', headers: auth };
    case 6:
      return { method: 'GET', path: '/deliveries?limit=3', headers: { authorization: `Bearer ${admin}` } };
    default:
      return { method: 'GET', path: '/healthz' };
  }
}

/**
 * The read budget's answer to a read that waited too long (a machine busy with other work): a 503
 * that says so, with Retry-After. Any other 5xx fails the test.
 */
function shedRead(res: { status: number; headers: Record<string, unknown>; body: Buffer }): boolean {
  return res.status === 503 && res.headers['retry-after'] !== undefined && res.body.toString().includes('Too many reads at once');
}

describe('memory under sustained API traffic', () => {
  it(`keeps the server's RSS flat over ${REQUESTS} requests (${FULL ? 'under 10% growth' : 'sanity bound in CI'})`, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cn-memory-'));
    const admin = newAdminKey();
    const server = await spawnServer({ DATA_DIR: dir, ADMIN_API_KEY: admin });
    try {
      const created = await call(server.url, 'POST', '/apiKeys', { key: admin, body: { name: 'memory', scope: 'subscriber' } });
      expect(created.status).toBe(201);
      const key = created.body.key as string;
      let next = 0;
      const statuses = new Map<number | string, number>();
      const run = async (until: number) => {
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (next < until) {
              const res = await send(server.url, requestFor(next++, key, admin));
              const status = shedRead(res) ? 'read shed (503)' : res.status;
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
            }
          }),
        );
      };
      await run(Math.floor(REQUESTS / 10));
      const baseline = server.rss();
      const samples: number[] = [];
      for (let step = 2; step <= 10; step++) {
        await run(Math.floor((REQUESTS * step) / 10));
        samples.push(server.rss());
      }
      const final = Math.max(...samples.slice(-3));
      const growth = final / baseline - 1;
      console.log(
        `memory: ${REQUESTS} requests, RSS ${(baseline / 2 ** 20).toFixed(1)} MiB after warm-up -> ${(final / 2 ** 20).toFixed(1)} MiB (${(growth * 100).toFixed(1)}%); samples ${samples.map((s) => (s / 2 ** 20).toFixed(0)).join(' ')} MiB; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
      expect([...statuses.keys()].filter((s) => typeof s === 'number' && s >= 500)).toEqual([]);
      expect(growth).toBeLessThan(FULL ? 0.1 : 0.5);
    } finally {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    }
  }, 600_000);
});
