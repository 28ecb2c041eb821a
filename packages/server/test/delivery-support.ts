import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createScratchPostgres } from './scratch-postgres.js';
import { openDatabase } from '../src/db/open.js';
import { migrate } from '../src/db/migrate.js';
import type { MigratableDatabase } from '../src/db/database.js';
import { enqueueDeliveries, type OutgoingMessage } from '../src/delivery/enqueue.js';
import { openMigratedPglite } from './migrated-pglite.js';

/** The databases a delivery test runs against: PGlite always, PostgreSQL when DATABASE_URL is set. */
export const databaseKinds: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestDatabase {
  db: MigratableDatabase;
  url?: string;
  drop(): Promise<void>;
}

/** A fresh migrated database: in-memory PGlite, or a PostgreSQL database of its own. */
export async function createTestDatabase(kind: 'pglite' | 'postgres', dataDir = 'memory://'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const db = dataDir === 'memory://' ? await openMigratedPglite() : await openDatabase({ dataDir });
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const scratch = await createScratchPostgres('cn_delivery');
  const db = await openDatabase({ url: scratch.url });
  await migrate(db);
  return {
    db,
    url: scratch.url,
    async drop() {
      await db.close();
      await scratch.drop();
    },
  };
}

export const newSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/** Inserts an API key and one active registration pointing at `url`; returns its ids and secret. */
export async function addRegistration(
  db: MigratableDatabase,
  url: string,
  options: { event?: 'concertAlert' | 'stockUpdate'; ownerKeyId?: string } = {},
): Promise<{ id: string; ownerKeyId: string; secret: string }> {
  const ownerKeyId = options.ownerKeyId ?? `key_${randomBytes(6).toString('hex')}`;
  await db.query(`INSERT INTO api_keys (id, name, scope, key_hash) VALUES ($1, 'test', 'subscriber', $2) ON CONFLICT (id) DO NOTHING`, [
    ownerKeyId,
    randomBytes(16).toString('hex'),
  ]);
  const id = `reg_${randomBytes(8).toString('hex')}`;
  const secret = newSecret();
  await db.query(`INSERT INTO registrations (id, owner_key_id, event, url, secret) VALUES ($1, $2, $3, $4, $5)`, [
    id,
    ownerKeyId,
    options.event ?? 'concertAlert',
    url,
    secret,
  ]);
  return { id, ownerKeyId, secret };
}

export interface Received {
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** TCP connections accepted, whatever happened on them. */
  connections(): number;
  server: Server;
  close(): Promise<void>;
}

/** A real HTTP receiver on 127.0.0.1; `handle` answers each request after its body is read. */
export async function startReceiver(
  handle: (req: IncomingMessage, res: ServerResponse, body: string) => void = (_req, res) => res.end('ok'),
): Promise<Receiver> {
  const received: Received[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, at: Date.now() });
      handle(req, res, body);
    });
  });
  server.on('connection', () => connections++);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    connections: () => connections,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` until it is true or `ms` pass. */
export async function waitFor(check: () => boolean | Promise<boolean>, ms = 30_000, what = 'condition'): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A concertAlert webhook with a text body for `target` at `url`. */
export const textMessage = (target: { id: string; ownerKeyId: string }, url: string, body: string): OutgoingMessage => ({
  kind: 'webhook',
  event: 'concertAlert',
  targetId: target.id,
  ownerKeyId: target.ownerKeyId,
  url,
  contentType: 'text/plain; charset=utf-8',
  body,
});

/** Queues `count` text messages for one target in one transaction. */
export async function queueMessages(
  db: MigratableDatabase,
  target: { id: string; ownerKeyId: string },
  url: string,
  count: number,
): Promise<void> {
  const messages = Array.from({ length: count }, (_, i) => textMessage(target, url, `message ${i}`));
  await db.transaction((tx) => enqueueDeliveries(tx, messages));
}

/**
 * Send slots are exact, arrivals are not: each request's trip varies by a few milliseconds,
 * and by tens when other suites share the CPU, so rate checks on arrival times allow this much.
 */
export const SLACK_MS = 100;

/** The most arrivals (ms timestamps) within any window of `ms`. */
export function mostWithin(arrivals: number[], ms: number): number {
  const sorted = [...arrivals].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while (sorted[j]! - sorted[i]! >= ms) i++;
    most = Math.max(most, j - i + 1);
  }
  return most;
}
