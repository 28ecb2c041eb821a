import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missing, postgresServerPrograms, rootAndPostgresUser } from '../dependencies.js';
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

// A cluster of its own (initdb and pg_ctl as the postgres user), so stopping it touches no one else's.
describe.skipIf(missing(rootAndPostgresUser, postgresServerPrograms))('database outage', () => {
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
    const startsAt = `${new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 19)}Z`;
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
            ['POST', '/concerts', { title, startsAt, venue: 'Main Hall' }],
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
      // Events, not durations: the outage starts once concerts were accepted, and lasts until every
      // kind of request was answered several times while it lasted (however slowly, under load).
      const answered = (status: number) => answers.filter((a) => a.status === status).length;
      await waitFor(() => answered(201) >= 3, 60_000, 'three concerts accepted before the outage');
      await pg.stop();
      down = true;
      const during = (path: string) => answers.filter((a) => a.down && a.path === path).length;
      const paths = ['/concerts', '/items?limit=5', '/registrations?limit=5'];
      await waitFor(() => paths.every((path) => during(path) >= 5), 120_000, 'five answers to each request during the outage');
      down = false;
      await pg.start();
      const back = Date.now();
      const before = answered(201);
      await waitFor(() => answered(201) >= before + 3, 60_000, 'three concerts accepted after the restart');
      console.log(`served again ${Date.now() - back} ms after PostgreSQL accepted connections`);
      traffic = false;
      await workers;

      const statuses = new Map<number, number>();
      for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      console.log(`answers: ${JSON.stringify(Object.fromEntries(statuses))}; during the outage: ${answers.filter((a) => a.down).length}`);
      expect([...statuses.keys()].filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
      const outage = answers.filter((a) => a.down);
      expect(outage.length).toBeGreaterThanOrEqual(15);
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
