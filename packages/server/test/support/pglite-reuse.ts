import type { MigratableDatabase, Queryable } from '../../src/db/database.js';
import { DatabaseUnavailableError } from '../../src/db/unavailable.js';

/**
 * One in-memory PGlite per test process, handed to each test in turn as if it were new. Opening one
 * from the dump costs 1-2.5 s of CPU; putting it back as it was opened costs a few statements.
 * A test that changed anything a reset does not restore (a table, an index, a function, a day
 * partition, planner statistics) leaves a database that is closed instead of kept.
 */

/** What a database was made of when opened: its catalog's fingerprint, its rows and its sequences. */
interface Baseline {
  fingerprint: string;
  rows: Map<string, { columns: string[]; json: string }>;
  sequences: Array<{ name: string; value: string; called: boolean }>;
}

// Every object a test could add, drop or alter, and the statistics ANALYZE leaves behind.
const CATALOG_SQL = `
    SELECT 'rel ' || c.relname || ' ' || c.relkind::text || ' ' || c.relpersistence::text || ' ' || coalesce(array_to_string(c.reloptions, ','), '')
           || ' ' || coalesce(pg_get_expr(c.relpartbound, c.oid), '') AS item
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
    UNION ALL SELECT 'col ' || a.attrelid::regclass || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull
           || ' ' || a.attgenerated::text || ' ' || a.attidentity::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), '')
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
     WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL SELECT 'index ' || pg_get_indexdef(i.indexrelid) || ' ' || i.indisvalid
      FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
    UNION ALL SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) || ' ' || convalidated
      FROM pg_constraint WHERE connamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    UNION ALL SELECT 'function ' || p.oid::regprocedure || ' ' || md5(p.prosrc) || ' ' || coalesce(array_to_string(p.proconfig, ','), '')
      FROM pg_proc p WHERE p.pronamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
    UNION ALL SELECT 'trigger ' || pg_get_triggerdef(oid) || ' ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
    UNION ALL SELECT 'rule ' || rulename || ' ' || ev_class::regclass FROM pg_rewrite
     WHERE ev_class NOT IN (SELECT c.oid FROM pg_class c WHERE c.relnamespace IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace))
    UNION ALL SELECT 'type ' || t.oid::regtype || ' ' || t.typtype::text || ' ' || coalesce((SELECT string_agg(enumlabel, ',' ORDER BY enumsortorder) FROM pg_enum WHERE enumtypid = t.oid), '')
      FROM pg_type t WHERE t.typnamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace, 'pg_toast'::regnamespace) AND t.typrelid = 0
    UNION ALL SELECT 'schema ' || nspname FROM pg_namespace
    UNION ALL SELECT 'extension ' || extname || ' ' || extversion FROM pg_extension
    UNION ALL SELECT 'role ' || rolname FROM pg_roles
    UNION ALL SELECT 'setting ' || coalesce(array_to_string(setconfig, ','), '') FROM pg_db_role_setting
    UNION ALL SELECT 'sequence ' || seqrelid::regclass || ' ' || seqincrement || ' ' || seqmin || ' ' || seqmax || ' ' || seqcycle FROM pg_sequence
    UNION ALL SELECT 'statistics ' || count(*) FROM pg_statistic s JOIN pg_class c ON c.oid = s.starelid
     WHERE c.relnamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace, 'pg_toast'::regnamespace)`;
const FINGERPRINT_SQL = `SELECT md5(string_agg(item, E'\\n' ORDER BY item)) AS fingerprint FROM (${CATALOG_SQL}) catalog`;

const TABLES_SQL = `
  SELECT c.relname AS name, array_agg(quote_ident(a.attname) ORDER BY a.attnum) AS columns
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
   WHERE n.nspname = 'public' AND c.relkind = 'r'
   GROUP BY c.relname ORDER BY c.relname`;

const SEQUENCES_SQL = `
  SELECT quote_ident(schemaname) || '.' || quote_ident(sequencename) AS name, coalesce(last_value, start_value)::text AS value,
         last_value IS NOT NULL AS called
    FROM pg_sequences WHERE schemaname = 'public'`;

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

async function fingerprint(db: Queryable): Promise<string> {
  const [row] = await db.query<{ fingerprint: string }>(FINGERPRINT_SQL);
  return row!.fingerprint;
}

/** The tables that hold at least one row, with the columns an INSERT can set. */
async function filledTables(db: Queryable): Promise<Array<{ name: string; columns: string[] }>> {
  const tables = await db.query<{ name: string; columns: string[] }>(TABLES_SQL);
  const probe = tables.map((t, i) => `SELECT ${i} AS i WHERE EXISTS (SELECT 1 FROM ${quoted(t.name)})`).join(' UNION ALL ');
  const filled = await db.query<{ i: number }>(probe);
  return filled.map(({ i }) => tables[i]!);
}

async function takeBaseline(db: Queryable): Promise<Baseline> {
  const rows = new Map<string, { columns: string[]; json: string }>();
  for (const table of await filledTables(db)) {
    const [row] = await db.query<{ json: string }>(`SELECT json_agg(t)::text AS json FROM ${quoted(table.name)} t`);
    rows.set(table.name, { columns: table.columns, json: row!.json });
  }
  const sequences = await db.query<{ name: string; value: string; called: boolean }>(SEQUENCES_SQL);
  return { fingerprint: await fingerprint(db), rows, sequences };
}

/** Puts the rows, sequences and session back as `baseline` has them; false when the catalog changed since. */
async function reset(db: MigratableDatabase, baseline: Baseline): Promise<boolean> {
  return db.transaction(async (tx) => {
    const filled = (await filledTables(tx)).map((t) => quoted(t.name));
    if (filled.length > 0) await tx.query(`TRUNCATE ${filled.join(', ')} CASCADE`);
    for (const [name, { columns, json }] of baseline.rows) {
      const list = columns.join(', ');
      await tx.query(
        `INSERT INTO ${quoted(name)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${quoted(name)}, $1::json)`,
        [json],
      );
    }
    for (const s of baseline.sequences) await tx.query(`SELECT setval($1::regclass, $2::bigint, $3)`, [s.name, s.value, s.called]);
    for (const sql of SESSION_RESETS) await tx.query(sql);
    return (await fingerprint(tx)) === baseline.fingerprint;
  });
}

// What a test's session may have left: settings, listens, advisory locks, counters (a temporary table changes the catalog).
const SESSION_RESETS = ['RESET ALL', 'UNLISTEN *', 'SELECT pg_advisory_unlock_all()', 'SELECT pg_stat_reset()'];

/** The database as a test sees it: closing it ends this test's use, as closing a real one would. */
function lease(db: MigratableDatabase, release: () => Promise<void>): MigratableDatabase {
  let closed = false;
  const open = <T>(run: () => Promise<T>): Promise<T> =>
    closed ? Promise.reject(new DatabaseUnavailableError('The embedded database stopped: it was closed')) : run();
  return {
    kind: 'pglite',
    query: (sql, params) => open(() => db.query(sql, params)),
    transaction: (fn) => open(() => db.transaction(fn)),
    dump: () => open(() => db.dump!()),
    memory: () => open(() => db.memory!()),
    free: () => db.free!(),
    async close() {
      if (closed) return;
      closed = true;
      await release();
    },
  };
}

const idle = new Map<string, { db: MigratableDatabase; baseline: Baseline }>();

/**
 * A database of `kind` (the dump it opens from) as it was opened: the one the last test of this
 * process closed, reset, or a new one from `open`. The integration files share processes (isolate: false).
 */
export async function reusedPglite(kind: string, open: () => Promise<MigratableDatabase>): Promise<MigratableDatabase> {
  let entry = idle.get(kind);
  idle.delete(kind);
  if (!entry) {
    const db = await open();
    entry = { db, baseline: await takeBaseline(db) };
  }
  const { db, baseline } = entry;
  return lease(db, async () => {
    const kept = await db.free!()
      .then(() => reset(db, baseline))
      .catch(() => false);
    if (kept && !idle.has(kind)) idle.set(kind, { db, baseline });
    else await db.close();
  });
}
