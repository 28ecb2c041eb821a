import type { Queryable } from '../db/database.js';
import { hashApiKey, newApiKey, newId } from '../ids.js';
import { formatInstant } from './instant.js';

export interface NewApiKey {
  id: string;
  name: string;
  scope: 'subscriber' | 'admin';
  key: string;
  createdAt: string;
}

/** Creates a key and returns it once; only its SHA-256 is stored. */
export async function createApiKey(
  db: Queryable,
  input: { name: string; scope: 'subscriber' | 'admin'; key?: string },
): Promise<NewApiKey> {
  const key = input.key ?? newApiKey();
  const [row] = await db.query<{ id: string; created_at: Date }>(
    'INSERT INTO api_keys (id, name, scope, key_hash) VALUES ($1, $2, $3, $4) RETURNING id, created_at',
    [newId('key'), input.name, input.scope, hashApiKey(key)],
  );
  return { id: row!.id, name: input.name, scope: input.scope, key, createdAt: formatInstant(row!.created_at) };
}

/**
 * Makes sure `key` exists as an admin key (ADMIN_API_KEY); returns whether it was created now.
 * One statement, so replicas starting together with the same key never collide.
 */
export async function ensureAdminKey(db: Queryable, key: string, name = 'ADMIN_API_KEY'): Promise<boolean> {
  const hash = hashApiKey(key);
  // One statement, so replicas starting together with the same key cannot both insert it.
  const [row] = await db.query<{ created: boolean; revoked: boolean }>(
    `INSERT INTO api_keys (id, name, scope, key_hash) VALUES ($1, $2, 'admin', $3)
     ON CONFLICT (key_hash) DO UPDATE SET scope = CASE WHEN api_keys.revoked_at IS NULL THEN 'admin' ELSE api_keys.scope END
     RETURNING (xmax = 0) AS created, revoked_at IS NOT NULL AS revoked`,
    [newId('key'), name, hash],
  );
  // A revoked key stays revoked: setting it again in ADMIN_API_KEY does not revive it.
  if (row?.revoked) throw new Error('ADMIN_API_KEY names a revoked key; make a new one.');
  return row?.created === true;
}

/** Whether any admin key exists (start-up tells the operator how to make one if not). */
export async function hasAdminKey(db: Queryable): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM api_keys WHERE scope = 'admin' AND revoked_at IS NULL LIMIT 1`)).length > 0;
}

export interface ApiKeyRow {
  seq: number;
  id: string;
  name: string;
  scope: 'subscriber' | 'admin';
  created_at: Date | string;
  revoked_at: Date | string | null;
}

export const API_KEY_COLUMNS = 'seq, id, name, scope, created_at, revoked_at';

/** A key as listed: never the key or its hash. */
export function toApiKeyInfo(row: ApiKeyRow) {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    createdAt: formatInstant(row.created_at),
    revokedAt: row.revoked_at === null ? null : formatInstant(row.revoked_at),
  };
}
