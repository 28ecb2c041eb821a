import { randomBytes } from 'node:crypto';
import { KEYED_DRINKS } from './peers/message.js';

/** Anything that runs one statement with parameters (a Database, or a pg Client). */
interface Runs {
  query(sql: string, params: unknown[]): Promise<unknown>;
}

/** The subscriber key `key_bench` and `count` stockUpdate registrations of it, pointing nowhere (port 9). */
export async function addBenchRegistrations(db: Runs, count: number): Promise<void> {
  await db.query(`INSERT INTO api_keys (id, name, scope, key_hash) VALUES ('key_bench', 'bench', 'subscriber', $1)`, [
    randomBytes(16).toString('hex'),
  ]);
  for (let i = 0; i < count; i++) {
    await db.query(`INSERT INTO registrations (id, owner_key_id, event, url, secret) VALUES ($1, 'key_bench', 'stockUpdate', $2, $3)`, [
      `reg_${randomBytes(8).toString('hex')}`,
      `http://127.0.0.1:9/hook?t=${i}`,
      `whsec_${randomBytes(24).toString('base64')}`,
    ]);
  }
}

/** The keyed variants' drinks ({@link KEYED_DRINKS}: 100 ordering keys per target), added to a seeded inventory. */
export async function addKeyedDrinks(db: Runs): Promise<void> {
  await db.query(
    `INSERT INTO items (id, kind, name, stock, unit) SELECT id, 'drink', 'Bench drink ' || n, 100, 'glass'
     FROM unnest($1::text[]) WITH ORDINALITY AS d (id, n)`,
    [KEYED_DRINKS],
  );
}
