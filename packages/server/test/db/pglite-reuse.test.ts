import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from '../../src/db/unavailable.js';
import { openMigratedPglite } from '../support/migrated-pglite.js';

// The test databases of one file are one PGlite, reset between tests (support/pglite-reuse.ts).
// Its WAL position tells a reused database (it goes on) from one opened again from the dump (it starts over).
const walPosition = async (db: Awaited<ReturnType<typeof openMigratedPglite>>): Promise<bigint> => {
  const [row] = await db.query<{ lsn: string }>(`SELECT (pg_current_wal_insert_lsn() - '0/0')::text AS lsn`);
  return BigInt(row!.lsn);
};

describe('a test database used by an earlier test of the file', () => {
  it('is the same database, with the rows, sequences and settings it had when opened', async () => {
    const fresh = await openMigratedPglite({ fresh: true });
    const [first] = await fresh.query<{ id: number }>(`SELECT nextval('registrations_seq_seq')::int AS id`);
    const tables = await fresh.query<{ n: number }>(`SELECT count(*)::int AS n FROM webhook_events`);
    await fresh.close();

    const used = await openMigratedPglite();
    await used.query(`INSERT INTO api_keys (id, name, scope, key_hash) VALUES ('key_used', 'used', 'admin', 'hash')`);
    await used.query(`DELETE FROM webhook_events`);
    await used.query(`SELECT nextval('registrations_seq_seq')`);
    await used.query(`SET statement_timeout = '1234ms'`);
    const after = await walPosition(used);
    await used.close();

    const next = await openMigratedPglite();
    try {
      expect(await walPosition(next)).toBeGreaterThan(after);
      expect(await next.query(`SELECT id FROM api_keys`)).toEqual([]);
      expect(await next.query(`SELECT count(*)::int AS n FROM webhook_events`)).toEqual(tables);
      expect(await next.query(`SELECT nextval('registrations_seq_seq')::int AS id`)).toEqual([first]);
      expect(await next.query(`SELECT current_setting('statement_timeout') AS t`)).toEqual([{ t: '0' }]);
    } finally {
      await next.close();
    }
  });

  it('is a new one when the earlier test changed the schema', async () => {
    const used = await openMigratedPglite();
    await used.query(`CREATE TABLE left_behind (id int)`);
    await used.query(`CREATE INDEX api_keys_left_behind ON api_keys (name)`);
    await used.close();

    const next = await openMigratedPglite();
    try {
      expect(await next.query(`SELECT to_regclass('left_behind') AS t, to_regclass('api_keys_left_behind') AS i`)).toEqual([
        { t: null, i: null },
      ]);
    } finally {
      await next.close();
    }
  });

  it('answers no statement once its test closed it, as a closed database would', async () => {
    const db = await openMigratedPglite();
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(db.transaction(async () => undefined)).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });
});
