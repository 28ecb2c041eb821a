import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startOwnPostgres } from './own-postgres.js';
import { newAdminKey, spawnServer } from './server-process.js';
import { call, startReceiver, waitFor } from './support.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  path: string;
  status: number;
  retryAfter?: string;
  type?: string;
  down: boolean;
  title?: string;
}

describe('database outage', () => {
  it('answers 503 problem+json with Retry-After while PostgreSQL is stopped, serves again once it is back, and loses nothing it accepted', async () => {
    const pg = await startOwnPostgres();
    const dataDir = await mkdtemp(join(tmpdir(), 'cn-outage-'));
    const receiver = await startReceiver();
    const admin = newAdminKey();
    const server = await spawnServer({
      DATABASE_URL: pg.url,
      DATA_DIR: dataDir,
      ADMIN_API_KEY: admin,
      ALLOW_PRIVATE_TARGETS: '127.0.0.1/32',
      DELIVERY_SCHEDULE_MS: '0,200,500,1000,1000,1000,1000,1000,1000,1000,1000',
      DELIVERY_TIMEOUT_MS: '2000',
      DELIVERY_LEASE_MS: '2500',
      LOG_LEVEL: 'fatal',
    });
    const answers: Answer[] = [];
    let down = false;
    let traffic = true;
    try {
      expect((await call(server.url, 'POST', '/registerForAlert', { key: admin, body: { url: `${receiver.url}/outage` } })).status).toBe(
        200,
      );
      const worker = async (n: number) => {
        for (let i = 0; traffic; i++) {
          const title = `Outage ${n}-${i} ${randomUUID()}`;
          const requests: Array<[string, string, unknown]> = [
            ['POST', '/concerts', { title, startsAt: '2027-05-01T20:00:00Z', venue: 'Main Hall' }],
            ['GET', '/items?limit=5', undefined],
            ['GET', '/registrations?limit=5', undefined],
          ];
          const [method, path, body] = requests[i % requests.length]!;
          const wasDown = down;
          const res = await call(server.url, method, path, { key: admin, body, headers: { 'idempotency-key': randomUUID() } }).catch(
            (error: Error) => ({ status: -1, headers: {} as Record<string, string>, body: error.message }),
          );
          answers.push({
            path,
            status: res.status,
            retryAfter: res.headers['retry-after'] as string | undefined,
            type: res.headers['content-type'] as string | undefined,
            down: wasDown && down,
            title: res.status === 201 ? title : undefined,
          });
          await sleep(20);
        }
      };
      const workers = Promise.all([1, 2, 3, 4].map(worker));
      await sleep(1_500);
      await pg.stop();
      down = true;
      await sleep(3_000);
      down = false;
      await pg.start();
      const back = Date.now();
      await waitFor(() => answers.some((a, i) => i > answers.length - 10 && a.status === 201), 20_000, 'a 201 after the restart');
      console.log(`served again ${Date.now() - back} ms after PostgreSQL accepted connections`);
      await sleep(1_000);
      traffic = false;
      await workers;

      const statuses = new Map<number, number>();
      for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      console.log(`answers: ${JSON.stringify(Object.fromEntries(statuses))}; during the outage: ${answers.filter((a) => a.down).length}`);
      expect([...statuses.keys()].filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
      const outage = answers.filter((a) => a.down);
      expect(outage.length).toBeGreaterThan(20);
      for (const a of outage)
        expect(a, a.path).toMatchObject({ status: 503, retryAfter: '5', type: expect.stringMatching(/^application\/problem\+json/) });
      for (const a of answers.filter((x) => x.status === 503)) expect(a.retryAfter, a.path).toBe('5');
      expect(server.child.exitCode).toBeNull();

      // Every concert answered with 201 is there and reaches the receiver.
      const accepted = answers.filter((a) => a.title).map((a) => a.title!);
      expect(accepted.length).toBeGreaterThan(5);
      await waitFor(
        () => accepted.every((t) => receiver.received.some((r) => r.body.includes(t))),
        60_000,
        'every accepted concert at the receiver',
      );
    } finally {
      traffic = false;
      await server.stop();
      await receiver.close();
      await pg.destroy();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
