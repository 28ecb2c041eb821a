/**
 * Enqueue: CPU per publish of one fan-out written in one transaction, as POST /stockChanges
 * does: `enqueueDeliveries` (per-message columns as arrays through unnest, the shared ones
 * once: one statement of constant text), a VALUES list binding the shared columns once, and the
 * multi-row VALUES list of 9 parameters per message it replaced (baseline); 10 and 50
 * registrations, PGlite in memory and, with DATABASE_URL, PostgreSQL (this process plus its
 * backends, from /proc: CPU, not wall time, because the machine is shared). Rounds
 * alternate; medians of ENQUEUE_ROUNDS (5).
 */
import type { MigratableDatabase, Queryable } from '../../packages/server/src/db/database.js';
import { migrate } from '../../packages/server/src/db/migrate.js';
import { openDatabase } from '../../packages/server/src/db/open.js';
import { enqueueDeliveries, type OutgoingMessage } from '../../packages/server/src/delivery/queue/enqueue.js';
import { timeOrderedId } from '../../packages/server/src/delivery/queue/time-ordered-ids.js';
import { DELIVERY_CHANNEL } from '../../packages/server/src/delivery/queue/channel.js';
import { backendsOf, CpuMeter } from './peers/cpu.js';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { createPgDatabase } from '../reliability/server-process.js';
import { printRatios, type Row } from './table.js';

const ROUNDS = Number(process.env.ENQUEUE_ROUNDS ?? 5);
const PUBLISHES = 200;

async function valuesList(tx: Queryable, messages: OutgoingMessage[]): Promise<void> {
  const params: unknown[] = [];
  const rows = messages.map((m, i) => {
    params.push(
      timeOrderedId('dlv'),
      m.messageId ?? timeOrderedId('msg'),
      m.kind,
      m.event,
      m.targetId,
      m.ownerKeyId,
      m.url,
      m.contentType,
      m.body,
    );
    return `(${Array.from({ length: 9 }, (_, c) => `$${i * 9 + c + 1}`).join(', ')}, now())`;
  });
  await tx.query(
    `WITH queued AS (
       INSERT INTO deliveries (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, next_attempt_at)
       VALUES ${rows.join(', ')}
     )
     SELECT pg_notify('${DELIVERY_CHANNEL}', '')`,
    params,
  );
}

const body = JSON.stringify({
  drink: { id: 'itm_mojito', name: 'Mojito', stock: 17, unit: 'glass' },
  ingredient: { id: 'itm_mint', name: 'Fresh mint', stock: 2, unit: 'bunch' },
});
const fanOut = (n: number): OutgoingMessage[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'webhook',
    event: 'stockUpdate',
    targetId: `reg_${String(i).padStart(20, '0')}`,
    ownerKeyId: 'key_bench',
    url: `http://127.0.0.1:9/hook?t=${i}`,
    contentType: 'application/json',
    body,
  }));

async function sharedOnce(tx: Queryable, messages: OutgoingMessage[]): Promise<void> {
  const m0 = messages[0]!;
  const params: unknown[] = [m0.kind, m0.event, m0.contentType, m0.body];
  const rows = messages.map((m, i) => {
    params.push(timeOrderedId('dlv'), timeOrderedId('msg'), m.targetId, m.ownerKeyId, m.url);
    const b = 4 + i * 5;
    return `($${b + 1}, $${b + 2}, $1, $2, $${b + 3}, $${b + 4}, $${b + 5}, $3, $4, now())`;
  });
  await tx.query(
    `WITH queued AS (
       INSERT INTO deliveries (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, next_attempt_at)
       VALUES ${rows.join(', ')}
     )
     SELECT pg_notify('${DELIVERY_CHANNEL}', '')`,
    params,
  );
}

/** CPU ms per publish of this process (PGlite runs in it) and of the database's backends. */
async function cost(
  db: MigratableDatabase,
  meter: CpuMeter,
  write: (tx: Queryable, messages: OutgoingMessage[]) => Promise<unknown>,
  n: number,
): Promise<number> {
  meter.start();
  for (let i = 0; i < PUBLISHES; i++) await db.transaction((tx) => write(tx, fanOut(n)));
  return meter.stop() / PUBLISHES;
}

async function postmasterPid(): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const stat = readFileSync(`/proc/${rows[0]!.pid}/stat`, 'utf8');
  await client.end();
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(label: string, db: MigratableDatabase, meter: CpuMeter): Promise<Row[]> {
  await migrate(db);
  const rows: Row[] = [];
  for (const n of [10, 50]) {
    const variants = { ours: enqueueDeliveries, sharedOnce, baseline: valuesList };
    const ms: Record<keyof typeof variants, number[]> = { ours: [], sharedOnce: [], baseline: [] };
    for (const write of Object.values(variants)) await cost(db, meter, write, n);
    for (let r = 0; r < ROUNDS; r++)
      for (const [name, write] of Object.entries(variants)) ms[name as keyof typeof variants].push(await cost(db, meter, write, n));
    const baseline = median(ms.baseline);
    rows.push({
      name: `${label}, ${n} messages: enqueueDeliveries (arrays through unnest)`,
      ours: median(ms.ours),
      baseline,
      unit: 'ms',
      better: 'lower',
      goal: '< 1',
    });
    rows.push({
      name: `${label}, ${n} messages: VALUES, shared columns bound once`,
      ours: median(ms.sharedOnce),
      baseline,
      unit: 'ms',
      better: 'lower',
    });
  }
  return rows;
}

export default async function enqueueBench(): Promise<void> {
  const rows: Row[] = [];
  const lite = await openDatabase({ dataDir: 'memory://' });
  rows.push(...(await measure('PGlite (memory)', lite, new CpuMeter(() => [process.pid]))));
  await lite.close();
  if (process.env.DATABASE_URL) {
    const scratch = await createPgDatabase('enqueue_bench');
    try {
      const db = await openDatabase({ url: scratch.url });
      const postmaster = await postmasterPid();
      rows.push(...(await measure('PostgreSQL', db, new CpuMeter(() => [process.pid, ...backendsOf(postmaster, scratch.name)]))));
      await db.close();
    } finally {
      await scratch.drop();
    }
  }
  printRatios(
    `Enqueue: CPU ms per publish (this process + its PostgreSQL backends) vs a multi-row VALUES list of 9 parameters per message (baseline), ${PUBLISHES} publishes per round, median of ${ROUNDS}`,
    rows,
  );
}
