import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.js';

/**
 * A server-wide secret kept in the database, created on first use, so that every process on
 * one PostgreSQL signs and checks cursors with the same key and restarts keep cursors valid.
 */
export async function serverSecret(db: Queryable, name: string): Promise<Buffer> {
  await db.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(32).toString('base64'),
  ]);
  const [row] = await db.query<{ value: string }>('SELECT value FROM server_secrets WHERE name = $1', [name]);
  return Buffer.from(row!.value, 'base64');
}
