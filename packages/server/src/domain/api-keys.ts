import type { Queryable } from '../db/database.js';
import { hashApiKey, newApiKey, newId } from '../ids.js';

export interface NewApiKey {
  id: string;
  name: string;
  scope: 'subscriber' | 'admin';
  key: string;
  createdAt: string;
}

/** Creates a key and returns it once; only its SHA-256 is stored. */
export async function createApiKey(db: Queryable, input: { name: string; scope: 'subscriber' | 'admin'; key?: string }): Promise<NewApiKey> {
  const key = input.key ?? newApiKey();
  const [row] = await db.query<{ id: string; created_at: Date }>(
    'INSERT INTO api_keys (id, name, scope, key_hash) VALUES ($1, $2, $3, $4) RETURNING id, created_at',
    [newId('key'), input.name, input.scope, hashApiKey(key)],
  );
  return { id: row!.id, name: input.name, scope: input.scope, key, createdAt: new Date(row!.created_at).toISOString() };
}

/** Makes sure `key` exists as an admin key (ADMIN_API_KEY); returns whether it was created now. */
export async function ensureAdminKey(db: Queryable, key: string, name = 'ADMIN_API_KEY'): Promise<boolean> {
  const rows = await db.query<{ scope: string }>('SELECT scope FROM api_keys WHERE key_hash = $1', [hashApiKey(key)]);
  if (rows[0]) {
    if (rows[0].scope !== 'admin') await db.query(`UPDATE api_keys SET scope = 'admin' WHERE key_hash = $1`, [hashApiKey(key)]);
    return false;
  }
  await createApiKey(db, { name, scope: 'admin', key });
  return true;
}

/** Whether any admin key exists (start-up tells the operator how to make one if not). */
export async function hasAdminKey(db: Queryable): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM api_keys WHERE scope = 'admin' LIMIT 1`)).length > 0;
}
