import pg from 'pg';
import { ensureWritableDir } from '../data-dir-access.js';
import type { MigratableDatabase, ScriptRunner } from './database.js';
import { Mutex } from './mutex.js';
import { PgliteClient } from './pglite-client.js';
import { preparedName } from './prepared.js';
import { DEFAULT_READ_POOL_SIZE } from './read-budget.js';

const INT8_OID = 20;
// Counts and sequence numbers stay far below 2^53; numbers keep both drivers identical.
const parseInt8 = (value: string): number => Number(value);

/** Where the data lives: `url` (postgres://) selects PostgreSQL, otherwise PGlite in `dataDir`. */
export interface DatabaseOptions {
  url?: string;
  /** A folder, or `memory://` for a throw-away database. Default `memory://`. */
  dataDir?: string;
  /** A PGlite `dump()` that a `memory://` database starts from (it opens faster than a new one). */
  snapshot?: Uint8Array;
  /** PostgreSQL: connections of the reads' own pool (`Database.reads`); default 2, 0 for none. */
  readPoolSize?: number;
}

/** Opens PostgreSQL when `url` is given, otherwise an embedded PGlite database. */
export async function openDatabase(options: DatabaseOptions = {}): Promise<MigratableDatabase> {
  return options.url
    ? openPostgres(options.url, options.readPoolSize ?? DEFAULT_READ_POOL_SIZE)
    : openPglite(options.dataDir ?? 'memory://', options.snapshot);
}

async function openPglite(dataDir: string, snapshot: Uint8Array | undefined): Promise<MigratableDatabase> {
  const folder = dataDir === 'memory://' ? undefined : dataDir;
  if (folder) await ensureWritableDir(folder);
  const db = await PgliteClient.open(folder, folder ? undefined : snapshot).catch((error: Error) => {
    throw new Error(
      `The embedded database in ${folder ?? 'memory'} did not open: ${error.message}. Check that this user can read and write every file in it.`,
      { cause: error },
    );
  });
  // One connection. A transaction holds the mutex from BEGIN to COMMIT and queries wait
  // behind it; outside transactions queries go straight to the thread, which runs them in
  // the order sent, so it never idles while the next one is in transit.
  const mutex = new Mutex();
  let transactions = 0;
  const runner: ScriptRunner = { query: (sql, params) => db.query(sql, params), exec: (sql) => db.exec(sql) };
  return {
    kind: 'pglite',
    query: (sql, params) => (transactions > 0 ? mutex.run(() => db.query(sql, params)) : db.query(sql, params)),
    transaction: async (fn) => {
      transactions++;
      try {
        return await mutex.run(async () => {
          await db.exec('BEGIN');
          try {
            const result = await fn(runner);
            await db.exec('COMMIT');
            return result;
          } catch (error) {
            await db.exec('ROLLBACK').catch(() => undefined);
            throw error;
          }
        });
      } finally {
        transactions--;
      }
    },
    dump: () => mutex.run(() => db.dump()),
    memory: () => db.memory(),
    free: () => db.free(),
    close: () => mutex.run(() => db.close()),
  };
}

const statement = (text: string, values?: unknown[]): pg.QueryConfig => ({ name: preparedName(text), text, values });

// The claim's connection names every statement it runs (a few constant texts): parsed once, planned each call.
const claimNames = new Map<string, string>();
const claimStatement = (text: string, values?: unknown[]): pg.QueryConfig => {
  let name = claimNames.get(text);
  if (name === undefined) claimNames.set(text, (name = `cn_claim_${claimNames.size + 1}`));
  return { name, text, values };
};

/** The settings each pool's connections start with. */
type PoolRole = 'main' | 'reads' | 'claims';
const ROLE_OPTIONS: Record<PoolRole, string | undefined> = {
  main: undefined,
  reads: '-c default_transaction_read_only=on',
  claims: '-c plan_cache_mode=force_custom_plan',
};

function createPool(url: string, max: number, role: PoolRole): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // An unreachable server fails requests with 503 within seconds instead of holding them.
    connectionTimeoutMillis: 5_000,
    // A connection idle for a while is kept (pg's default closes it after 10 s): a new one
    // costs the database a backend and five planned runs of each prepared statement.
    idleTimeoutMillis: 60_000,
    // The reads' connections refuse writes (nothing on the read path may change data); the claim's plan per call.
    ...(ROLE_OPTIONS[role] ? { options: ROLE_OPTIONS[role] } : {}),
    types: {
      getTypeParser: ((oid: number, format?: string) =>
        oid === INT8_OID ? parseInt8 : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  // Nor a client that emits 'error' while pg-pool has no listener on it (seen under
  // pg_terminate_backend); queries on it still fail, and the pool still drops it.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

async function openPostgres(url: string, readPoolSize: number): Promise<MigratableDatabase> {
  const pool = createPool(url, Number(process.env.DATABASE_POOL_SIZE ?? 10), 'main');
  await pool.query('SELECT 1');
  const readPool = readPoolSize > 0 ? createPool(url, readPoolSize, 'reads') : undefined;
  const reads = readPool && { ...postgresDatabase(readPool), close: async () => {} };
  // Claims run one at a time per worker; two connections leave room for a second worker in the process.
  const claimPool = createPool(url, 2, 'claims');
  const claims = { ...postgresDatabase(claimPool, claimStatement), close: async () => {} };
  const close = () => Promise.all([pool.end(), readPool?.end(), claimPool.end()]).then(() => {});
  return { ...postgresDatabase(pool), reads, claims, close };
}

function postgresDatabase(pool: pg.Pool, named = statement): MigratableDatabase {
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(named(sql, params))).rows as T[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      // A connection that dies while checked out (server restart, pg_terminate_backend) emits
      // 'error' on the client: without a listener that crashes the process. The pending query
      // rejects on its own; the dead client is discarded instead of going back to the pool.
      let lost: Error | undefined;
      const onError = (error: Error) => (lost = error);
      client.on('error', onError);
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(named(sql, params))).rows as T[],
          exec: async (sql: string) => {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => (lost ??= rollbackError));
        throw error;
      } finally {
        client.off('error', onError);
        client.release(lost);
      }
    },
    close: () => pool.end(),
  };
}
