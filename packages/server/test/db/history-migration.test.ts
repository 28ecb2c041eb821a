import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { openDatabase } from '../../src/db/open.js';
import type { MigratableDatabase } from '../../src/db/database.js';
import { targetHealthReport } from '../../src/domain/target-health-report.js';
import { addRegistration } from '../support/delivery-support.js';
import { createScratchPostgres } from '../support/scratch-postgres.js';

const kinds: Array<'pglite' | 'postgres'> = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

async function open(kind: 'pglite' | 'postgres'): Promise<{ db: MigratableDatabase; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const db = await openDatabase({ dataDir: 'memory://' });
    return { db, drop: () => db.close() };
  }
  const scratch = await createScratchPostgres('cn_history');
  const db = await openDatabase({ url: scratch.url });
  return { db, drop: async () => (await db.close(), await scratch.drop()) };
}

const COLUMNS =
  'seq, id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, status, attempt_count, round_attempts, created_at';

/** Deliveries as the server wrote them before migration 012: every state in one table, a success on its row. */
async function writeOldShape(db: MigratableDatabase, a: string, b: string, owner: string): Promise<void> {
  const row = (id: string, target: string, status: string, attempts: number, success: boolean) =>
    `('${id}', 'msg_${id}', 'webhook', 'concertAlert', '${target}', '${owner}', 'http://127.0.0.1:9/${target}', 'text/plain; charset=utf-8',
      'body of ${id}', '${status}', ${attempts}, ${attempts}, ${status === 'pending' ? "now() + interval '1 hour'" : 'NULL'},
      now() - interval '${attempts + 1} minutes',
      ${success ? `${attempts}, now() - interval '30 seconds', 12, 200, NULL, 'ok'` : 'NULL, NULL, NULL, NULL, NULL, NULL'})`;
  await db.query(
    `INSERT INTO deliveries (id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, status, attempt_count,
       round_attempts, next_attempt_at, created_at, success_attempt, success_started_at, success_duration_ms, success_status_code,
       success_error, success_response_body)
     VALUES ${[
       row('dlv_a_ok1', a, 'succeeded', 1, true),
       row('dlv_a_ok2', a, 'succeeded', 2, true),
       row('dlv_a_fail', a, 'failed', 3, false),
       row('dlv_a_wait', a, 'pending', 1, false),
       row('dlv_b_gone', b, 'cancelled', 0, false),
       row('dlv_b_fail', b, 'failed', 2, false),
       row('dlv_b_wait', b, 'pending', 0, false),
     ].join(',\n')}`,
  );
  await db.query(
    `INSERT INTO delivery_attempts (delivery_id, attempt, started_at, duration_ms, status_code, error, response_body) VALUES
       ('dlv_a_ok2', 1, now() - interval '2 minutes', 5, 503, 'HTTP 503', 'busy'),
       ('dlv_a_fail', 1, now() - interval '110 seconds', 5, 500, 'HTTP 500', 'no'),
       ('dlv_a_fail', 2, now() - interval '100 seconds', 5, 500, 'HTTP 500', 'no'),
       ('dlv_a_fail', 3, now() - interval '20 seconds', 5, NULL, 'timeout', NULL),
       ('dlv_a_wait', 1, now() - interval '10 seconds', 5, 502, 'HTTP 502', ''),
       ('dlv_b_fail', 1, now() - interval '90 seconds', 5, 500, 'HTTP 500', 'no'),
       ('dlv_b_fail', 2, now() - interval '80 seconds', 5, 500, 'HTTP 500', 'no')`,
  );
}

describe.each(kinds)('migration 012 (the queue apart from the history) on %s', (kind) => {
  it('moves ended deliveries to the history and keeps every message, attempt and health figure', async () => {
    const { db, drop } = await open(kind);
    try {
      await migrate(db, migrations.slice(0, 11));
      const a = await addRegistration(db, 'http://127.0.0.1:9/a');
      const b = await addRegistration(db, 'http://127.0.0.1:9/b', { ownerKeyId: a.ownerKeyId });
      await writeOldShape(db, a.id, b.id, a.ownerKeyId);
      const messages = await db.query(`SELECT ${COLUMNS} FROM deliveries ORDER BY seq`);
      const log = await db.query('SELECT * FROM delivery_attempt_log ORDER BY delivery_id, attempt, started_at');

      expect(await migrate(db)).toEqual(migrations.filter((m) => m.version >= 12).map((m) => m.version));

      expect(await db.query(`SELECT ${COLUMNS} FROM delivery_messages ORDER BY seq`)).toEqual(messages);
      expect(await db.query('SELECT * FROM delivery_attempt_log ORDER BY delivery_id, attempt, started_at')).toEqual(log);
      expect(await db.query(`SELECT id FROM deliveries ORDER BY id`)).toEqual([{ id: 'dlv_a_wait' }, { id: 'dlv_b_wait' }]);
      expect(await db.query(`SELECT id, status FROM delivery_history ORDER BY id`)).toEqual([
        { id: 'dlv_a_fail', status: 'failed' },
        { id: 'dlv_a_ok1', status: 'succeeded' },
        { id: 'dlv_a_ok2', status: 'succeeded' },
        { id: 'dlv_b_fail', status: 'failed' },
        { id: 'dlv_b_gone', status: 'cancelled' },
      ]);
      // The health summary is backfilled from the log: the latest 2xx, the latest failure, the failures after it.
      const [times] = await db.query<Record<string, Date>>(
        `SELECT (SELECT max(started_at) FROM delivery_attempt_log l JOIN delivery_messages d ON d.id = l.delivery_id
                  WHERE d.target_id = $1 AND status_code BETWEEN 200 AND 299) AS ok_at,
                (SELECT max(started_at) FROM delivery_attempt_log l JOIN delivery_messages d ON d.id = l.delivery_id
                  WHERE d.target_id = $1 AND NOT coalesce(status_code BETWEEN 200 AND 299, false)) AS failed_at,
                (SELECT max(started_at) FROM delivery_attempt_log l JOIN delivery_messages d ON d.id = l.delivery_id
                  WHERE d.target_id = $2) AS b_failed_at`,
        [a.id, b.id],
      );
      const iso = (d: Date) => new Date(d).toISOString();
      expect(await targetHealthReport(db, a.id)).toEqual({
        lastSuccessAt: iso(times!.ok_at!),
        lastFailureAt: iso(times!.failed_at!),
        consecutiveFailures: 2,
        failingSince: null,
        circuitState: 'closed',
      });
      expect(await targetHealthReport(db, b.id)).toMatchObject({
        lastSuccessAt: null,
        lastFailureAt: iso(times!.b_failed_at!),
        consecutiveFailures: 2,
      });
    } finally {
      await drop();
    }
  }, 120_000);
});
