import type { ClaimResult, DedupeStore } from './store.js';

/** The part of a `pg` Pool or Client the store uses. */
export interface PgQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: any[]; rowCount: number | null }>;
  end?(): Promise<void>;
}

export interface PostgresStoreOptions {
  /** A `pg` Pool (or Client). Without it the store creates a Pool from `connectionString`. */
  pool?: PgQueryable;
  /** Used when no pool is given, for example `process.env.DATABASE_URL`. */
  connectionString?: string;
  /** Default `clubnotify_receiver_messages`. */
  table?: string;
}

/**
 * A dedupe store in PostgreSQL, for receivers running on several instances. The table is
 * created on first use; claims are one `INSERT ... ON CONFLICT`, so two instances never
 * both run a handler for one message id. Needs the optional peer dependency `pg`.
 */
export class PostgresDedupeStore implements DedupeStore {
  private readonly table: string;
  private readonly options: PostgresStoreOptions;
  private pool: PgQueryable | undefined;
  private ownsPool = false;
  private ready: Promise<PgQueryable> | undefined;
  private claims = 0;

  constructor(options: PostgresStoreOptions) {
    if (!options.pool && !options.connectionString) throw new TypeError('PostgresDedupeStore needs a pg pool or a connectionString.');
    const table = options.table ?? 'clubnotify_receiver_messages';
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(table)) throw new TypeError(`"${table}" is not a plain lower-case table name.`);
    this.table = table;
    this.options = options;
    this.pool = options.pool;
  }

  private async db(): Promise<PgQueryable> {
    this.ready ??= (async () => {
      if (!this.pool) {
        type OwnPool = PgQueryable & { on(event: string, listener: (arg: any) => void): unknown };
        let pg: { default?: { Pool: new (c: object) => OwnPool }; Pool?: new (c: object) => OwnPool };
        try {
          pg = (await import('pg')) as typeof pg;
        } catch {
          throw new Error('PostgresDedupeStore needs the `pg` package: npm install pg');
        }
        const Pool = pg.default?.Pool ?? pg.Pool!;
        const pool = new Pool({ connectionString: this.options.connectionString, max: 4 });
        // A connection lost while idle (database restart, failover) must not crash the
        // receiver: the next query fails, the store answers 503 and the sender retries.
        pool.on('error', () => undefined);
        pool.on('connect', (client: { on(event: string, listener: () => void): unknown }) => client.on('error', () => undefined));
        this.pool = pool;
        this.ownsPool = true;
      }
      await this.pool.query(
        `CREATE TABLE IF NOT EXISTS ${this.table} (
           id text PRIMARY KEY,
           state text NOT NULL,
           expires_at timestamptz NOT NULL
         )`,
      );
      return this.pool;
    })();
    try {
      return await this.ready;
    } catch (error) {
      this.ready = undefined;
      throw error;
    }
  }

  async claim(id: string, leaseSec: number): Promise<ClaimResult> {
    const db = await this.db();
    if (++this.claims % 1000 === 0) await db.query(`DELETE FROM ${this.table} WHERE expires_at < now()`);
    // Take the row when it is new, expired, or a claim whose worker's lease ran out.
    const claimed = await db.query(
      `INSERT INTO ${this.table} (id, state, expires_at) VALUES ($1, 'processing', now() + make_interval(secs => $2))
       ON CONFLICT (id) DO UPDATE SET state = 'processing', expires_at = EXCLUDED.expires_at
         WHERE ${this.table}.expires_at < now()
       RETURNING id`,
      [id, leaseSec],
    );
    if (claimed.rowCount === 1) return 'claimed';
    const existing = await db.query(`SELECT state FROM ${this.table} WHERE id = $1`, [id]);
    const state = existing.rows[0]?.state as string | undefined;
    if (state === undefined) return this.claim(id, leaseSec);
    return state === 'handled' ? 'handled' : 'in-progress';
  }

  async complete(id: string, ttlSec: number): Promise<void> {
    const db = await this.db();
    await db.query(
      `INSERT INTO ${this.table} (id, state, expires_at) VALUES ($1, 'handled', now() + make_interval(secs => $2))
       ON CONFLICT (id) DO UPDATE SET state = 'handled', expires_at = EXCLUDED.expires_at`,
      [id, ttlSec],
    );
  }

  async release(id: string): Promise<void> {
    const db = await this.db();
    await db.query(`DELETE FROM ${this.table} WHERE id = $1 AND state = 'processing'`, [id]);
  }

  async close(): Promise<void> {
    if (this.ownsPool) await this.pool?.end?.();
  }
}
