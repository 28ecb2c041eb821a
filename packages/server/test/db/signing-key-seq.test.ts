import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { dbFactories } from '../support/server-support.js';

describe.each(dbFactories())('migration 104 (signing_keys.seq) on $name', (factory) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
  });

  it('numbers the keys made before it by when they were made, and a new key after them', async () => {
    const opened = await factory.open();
    drop = opened.drop;
    const { db } = opened;
    await migrate(
      db,
      migrations.filter((m) => m.version < 104),
    );
    // Inserted out of order, and the oldest updated last (an update moves the row in the table).
    await db.query(`INSERT INTO signing_keys (kid, private_key, public_key, created_at, retired_at) VALUES
      ('key_b', 'p', 'x', '2026-11-02T00:00:00Z', '2026-12-01T00:00:00Z'),
      ('key_c', NULL, 'x', '2026-12-01T00:00:00Z', NULL),
      ('key_a', 'p', 'x', '2026-10-01T00:00:00Z', '2026-11-02T00:00:00Z')`);
    await db.query(`UPDATE signing_keys SET retired_at = retired_at WHERE kid = 'key_a'`);
    await migrate(db);
    await db.query(`UPDATE signing_keys SET retired_at = now() WHERE retired_at IS NULL`);
    await db.query(`INSERT INTO signing_keys (kid, private_key, public_key) VALUES ('key_d', 'p', 'x')`);
    const rows = await db.query<{ kid: string; seq: number }>('SELECT kid, seq FROM signing_keys ORDER BY seq');
    expect(rows.map((r) => [r.kid, Number(r.seq)])).toEqual([
      ['key_a', 1],
      ['key_b', 2],
      ['key_c', 3],
      ['key_d', 4],
    ]);
  });
});
