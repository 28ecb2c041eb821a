import { randomBytes } from 'node:crypto';
import { mkdir, readdir } from 'node:fs/promises';
import { createScratchPostgres } from './scratch-postgres.js';
import { openDatabase } from '../../src/db/open.js';
import { migrate } from '../../src/db/migrate.js';
import type { Database, MigratableDatabase, Queryable } from '../../src/db/database.js';
import { claimDue } from '../../src/delivery/claim/claim-due.js';
import type { ClaimedDelivery } from '../../src/delivery/types.js';
import { enqueueDeliveries, type OutgoingMessage } from '../../src/delivery/queue/enqueue.js';
import { openMigratedPglite, unpackMigratedPglite } from './migrated-pglite.js';
import { postgres, present } from '../../../../test/dependencies.js';

export { startReceiver, waitFor, type Received, type Receiver } from './receiver.js';

/**
 * The databases a delivery test runs against: PGlite always, PostgreSQL when DATABASE_URL is set.
 * Asking notes an absent PostgreSQL on the test file (the loopback receiver is in receiver.ts).
 */
export const databaseKinds = (): Array<'pglite' | 'postgres'> => (present(postgres) ? ['pglite', 'postgres'] : ['pglite']);

export interface TestDatabase {
  db: MigratableDatabase;
  url?: string;
  drop(): Promise<void>;
}

/** Whether `dir` is missing or empty: a new PGlite folder, which the migrated dump can fill. */
async function isEmptyFolder(dir: string): Promise<boolean> {
  await mkdir(dir, { recursive: true });
  return (await readdir(dir)).length === 0;
}

/** A fresh migrated database: in-memory PGlite (on disk in an empty `dataDir`, from the same dump), or a PostgreSQL database of its own. */
export async function createTestDatabase(kind: 'pglite' | 'postgres', dataDir = 'memory://'): Promise<TestDatabase> {
  if (kind === 'pglite') {
    if (dataDir !== 'memory://' && (await isEmptyFolder(dataDir))) await unpackMigratedPglite(dataDir);
    const db = dataDir === 'memory://' ? await openMigratedPglite() : await openDatabase({ dataDir });
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const scratch = await createScratchPostgres('cn_delivery', { migrated: true });
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

/** What is due now, claimed as worker `owner` would with nothing else in hand (a 30 s lease, 4 at a time per target). */
export async function claimAsIdle(db: Database, owner: string, limit = 10): Promise<ClaimedDelivery[]> {
  const nothing = { inFlight: new Map(), held: new Map(), ownerHeld: new Map() };
  return (await claimDue(db, { owner, limit, leaseMs: 30_000, perTarget: 4, perOwner: 100, ...nothing })).rows;
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

/** A stockUpdate of `drink` for `target` at `url`, ordered by the drink (its key; none when null), its stock `stock`. */
export const stockMessage = (
  target: { id: string; ownerKeyId: string },
  url: string,
  drink: string | null,
  stock = 0,
): OutgoingMessage => ({
  kind: 'webhook',
  event: 'stockUpdate',
  targetId: target.id,
  ownerKeyId: target.ownerKeyId,
  url,
  contentType: 'application/json',
  body: JSON.stringify({ drink: { id: drink, stock } }),
  orderingKey: drink ?? undefined,
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

/** Sets a rate-limited target's first free send slot a second ahead, in the database's clock; returns it. */
export async function firstSlotAhead(db: Queryable, targetId: string): Promise<Date> {
  const [row] = await db.query<{ at: Date }>(
    `INSERT INTO delivery_targets (target_id, rate_next_at) VALUES ($1, now() + interval '1 second') RETURNING rate_next_at AS at`,
    [targetId],
  );
  return row!.at;
}

/**
 * When each attempt to a target started as the server recorded it (the attempt log's
 * started_at, in order), and where its next free send slot ended up, in ms after `first`.
 */
export async function sendsSince(db: Queryable, targetId: string, first: Date): Promise<{ sends: number[]; next: number | null }> {
  const since = (column: string) => `(extract(epoch FROM ${column} - $2::timestamptz) * 1000)::float8`;
  const sends = await db.query<{ ms: number }>(
    `SELECT ${since('l.started_at')} AS ms FROM delivery_attempt_log l JOIN delivery_messages d ON d.id = l.delivery_id
     WHERE d.target_id = $1 ORDER BY l.started_at`,
    [targetId, first],
  );
  const [slot] = await db.query<{ ms: number | null }>(`SELECT ${since('rate_next_at')} AS ms FROM delivery_targets WHERE target_id = $1`, [
    targetId,
    first,
  ]);
  return { sends: sends.map((row) => row.ms), next: slot?.ms ?? null };
}

/**
 * The sends (ms after the first free slot) that started before their slot: the n-th (from 0)
 * may start n × 1 s / rate after the first slot at the earliest. A send waits for its slot and a
 * busy machine only makes it later, so none is early at any load (1 ms: the log keeps the
 * worker's milliseconds). Arrival times are no measure: a late send lands close to the next.
 */
export function earlySends(sends: number[], rate: number): Array<{ n: number; ms: number }> {
  return sends.map((ms, n) => ({ n, ms: Math.round(ms) })).filter(({ n, ms }) => ms < (n * 1000) / rate - 1);
}
