import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import { call, perMessage, scale, startReceiver, waitFor, type Receiver } from './support.js';
import { createPgDatabase, migratedDataDir, newAdminKey, spawnServer, withAdmin, type ServerProcess } from './server-process.js';
import { missing, postgres } from '../dependencies.js';

const MESSAGES = scale(2_000, 10_000);
const REGISTRATIONS = 10;
const KILLS = scale(4, 10);

/** The spec's schedule, compressed: many quick attempts, so nothing fails for good while the server is down. */
const deliveryEnv = {
  ALLOW_PRIVATE_TARGETS: '127.0.0.1/32',
  DELIVERY_SCHEDULE_MS: '0,100,200,400,800,1000,1000,1000,1000,1000',
  DELIVERY_TIMEOUT_MS: '2000',
  DELIVERY_LEASE_MS: '2500',
  LOG_LEVEL: 'error',
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Every delivery the admin can see, following `links.next`. */
async function allDeliveries(url: string, key: string): Promise<Array<{ messageId: string; status: string }>> {
  const out: Array<{ messageId: string; status: string }> = [];
  let path: string | null = '/deliveries?limit=100';
  while (path) {
    const res = await call(url, 'GET', path, { key });
    expect(res.status).toBe(200);
    out.push(...res.body.data);
    path = res.body.data.length > 0 ? res.body.links.next : null;
  }
  return out;
}

async function registerAll(url: string, admin: string, r: Receiver): Promise<void> {
  for (let i = 0; i < REGISTRATIONS; i++) {
    const res = await call(url, 'POST', '/registerForAlert', { key: admin, body: { url: `${r.url}/${i}` } });
    expect(res.status).toBe(200);
  }
}

/** Publishes `concerts` concerts; each fans out to every registration. Retries with the same Idempotency-Key. */
async function publish(server: () => ServerProcess, admin: string, concerts: number, title = 'Fault night'): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < concerts) {
        const i = next++;
        const key = randomUUID();
        // Until the restarted server answers: start-up time, not a number of tries, bounds it.
        const deadline = Date.now() + 90_000;
        for (;;) {
          const res = await call(server().url, 'POST', '/concerts', {
            key: admin,
            headers: { 'idempotency-key': key },
            body: { title: `${title} ${i}`, startsAt: '2027-05-01T20:00:00Z', venue: 'Main Hall' },
          }).catch(() => ({ status: 0 }));
          if (res.status === 201 || res.status === 200) break;
          if (Date.now() > deadline)
            throw new Error(`publishing concert ${i} kept failing (${res.status}):\n${server().output.join('').slice(-3000)}`);
          await sleep(100);
        }
      }
    }),
  );
}

function report(name: string, r: Receiver, expected: number): number {
  const seen = perMessage(r.received);
  const duplicates = [...seen.values()].reduce((sum, n) => sum + n - 1, 0);
  console.log(`${name}: ${expected} messages, ${seen.size} distinct arrived, ${r.received.length} requests, ${duplicates} duplicates`);
  return duplicates;
}

describe('faults', () => {
  it(`delivers every one of ${MESSAGES} messages at least once while the server is killed with SIGKILL ${KILLS} times (PGlite)`, async () => {
    const dir = await migratedDataDir('cn-faults-');
    const admin = newAdminKey();
    const r = await startReceiver();
    const env = { ...deliveryEnv, DATA_DIR: dir, ADMIN_API_KEY: admin };
    let server = await spawnServer(env);
    try {
      await registerAll(server.url, admin, r);
      const distinct = () => perMessage(r.received).size;
      // Publish in chunks and kill while each chunk is being delivered: once a random 10-90%
      // of it has arrived (a fixed sleep would let a fast engine finish first). Publishing
      // carries on across the restart with the same Idempotency-Keys.
      const chunk = MESSAGES / REGISTRATIONS / KILLS;
      const perKill = MESSAGES / KILLS;
      for (let kill = 0; kill < KILLS; kill++) {
        const publishing = publish(() => server, admin, chunk, `Fault night ${kill}`);
        const target = kill * perKill + Math.floor((0.1 + 0.8 * Math.random()) * perKill);
        await waitFor(() => distinct() >= target, 60_000, `${target} arrivals before kill ${kill + 1}`);
        await server.stop('SIGKILL');
        console.log(`kill ${kill + 1}: ${distinct()} of ${MESSAGES} had arrived (${kill * perKill} before this chunk)`);
        server = await spawnServer(env);
        await publishing;
      }
      await waitFor(() => distinct() >= MESSAGES, 180_000, 'every message after the restarts');
      const deliveries = await allDeliveries(server.url, admin);
      expect(deliveries).toHaveLength(MESSAGES);
      const seen = perMessage(r.received);
      expect(deliveries.filter((d) => !seen.has(d.messageId))).toEqual([]);
      await waitFor(
        async () => (await allDeliveries(server.url, admin)).every((d) => d.status === 'succeeded'),
        30_000,
        'every delivery to be recorded as succeeded',
      );
      const duplicates = report('kill -9 during delivery', r, MESSAGES);
      expect(duplicates).toBeLessThan(MESSAGES);
    } finally {
      await server.stop();
      await r.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 600_000);

  it('keeps an event accepted with 2xx when the server is killed right after the response (PGlite)', async () => {
    const dir = await migratedDataDir('cn-accepted-');
    const admin = newAdminKey();
    const r = await startReceiver();
    const env = { ...deliveryEnv, DATA_DIR: dir, ADMIN_API_KEY: admin };
    let server = await spawnServer(env);
    const rounds = scale(3, 10);
    const titles: string[] = [];
    try {
      await registerAll(server.url, admin, r);
      for (let round = 0; round < rounds; round++) {
        const title = `Accepted ${round} ${randomUUID()}`;
        const res = await call(server.url, 'POST', '/concerts', {
          key: admin,
          body: { title, startsAt: '2027-06-01T20:00:00Z', venue: 'Cellar' },
        });
        server.child.kill('SIGKILL');
        expect(res.status).toBe(201);
        titles.push(title);
        await server.exited;
        server = await spawnServer(env);
        expect((await call(server.url, 'GET', `/concerts/${res.body.id}`, { key: admin })).status).toBe(200);
      }
      const arrived = (title: string) => new Set(r.received.filter((x) => x.body.includes(title)).map((x) => x.headers['webhook-id'])).size;
      await waitFor(() => titles.every((t) => arrived(t) === REGISTRATIONS), 60_000, 'every accepted event at every receiver');
    } finally {
      await server.stop();
      await r.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);

  it.skipIf(missing(postgres))(
    `recovers without losing any of ${MESSAGES} messages while its PostgreSQL connections are terminated again and again`,
    async () => {
      const db = await createPgDatabase('reliability', { migrated: true });
      const admin = newAdminKey();
      const r = await startReceiver();
      const dataDir = await mkdtemp(join(tmpdir(), 'cn-pg-'));
      const server = await spawnServer({ ...deliveryEnv, DATABASE_URL: db.url, ADMIN_API_KEY: admin, DATA_DIR: dataDir });
      let terminating = true;
      let terminated = 0;
      try {
        await registerAll(server.url, admin, r);
        const killer = (async () => {
          while (terminating) {
            await sleep(100 + Math.random() * 400);
            const rows = await withAdmin(process.env.DATABASE_URL!, (c) =>
              c.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [db.name]),
            );
            terminated += rows.rowCount ?? 0;
          }
        })();
        await publish(() => server, admin, MESSAGES / REGISTRATIONS, 'Postgres night');
        await waitFor(
          () => perMessage(r.received).size >= MESSAGES || server.child.exitCode !== null,
          180_000,
          'every message while connections die',
        );
        terminating = false;
        await killer;
        expect(server.child.exitCode, server.output.join('')).toBeNull();
        // A request on a connection terminated a moment ago may still fail; then the pool heals.
        await waitFor(
          async () => (await call(server.url, 'GET', '/deliveries?limit=1', { key: admin })).status === 200,
          10_000,
          'the API to recover',
        );
        expect(terminated).toBeGreaterThan(0);
        const deliveries = await allDeliveries(server.url, admin);
        expect(deliveries).toHaveLength(MESSAGES);
        const seen = perMessage(r.received);
        expect(deliveries.filter((d) => !seen.has(d.messageId))).toEqual([]);
        console.log(`pg_terminate_backend: ${terminated} backends terminated`);
        report('PostgreSQL connections terminated during delivery', r, MESSAGES);
      } finally {
        terminating = false;
        await server.stop();
        await r.close();
        await db.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    600_000,
  );
});
