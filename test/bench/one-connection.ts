import pg from 'pg';
import type { MigratableDatabase } from '../../packages/server/src/db/database.js';

/**
 * A Database on one connection, for benches that measure its backend: every statement sent as
 * text, or (`prepare`) prepared once under a name; `options` are the connection's settings
 * (`-c plan_cache_mode=...`). Transactions can run scripts too, so it can be migrated.
 */
export async function oneConnection(
  url: string,
  { prepare, options }: { prepare: boolean; options?: string },
): Promise<{ db: MigratableDatabase; client: pg.Client }> {
  const client = new pg.Client({ connectionString: url, ...(options ? { options } : {}) });
  await client.connect();
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    if (!names.has(sql)) names.set(sql, `b${names.size}`);
    return names.get(sql);
  };
  const query = async <T>(sql: string, params?: unknown[]) =>
    (await client.query({ text: sql, values: params, name: prepare ? nameOf(sql) : undefined })).rows as T[];
  const exec = async (sql: string) => {
    await client.query(sql);
  };
  const db: MigratableDatabase = {
    kind: 'postgres',
    query,
    async transaction(fn) {
      await client.query('BEGIN');
      const result = await fn({ query, exec });
      await client.query('COMMIT');
      return result;
    },
    close: () => client.end(),
  };
  return { db, client };
}
