import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { addSnapshotDays, hashMigrations, snapshotDay } from '../../../../scripts/mock/db-snapshot.js';
import { openDatabase } from '../../src/db/open.js';
import { migrate } from '../../src/db/migrate.js';

/**
 * A PostgreSQL database of its own on DATABASE_URL's server, so parallel suites never collide:
 * empty, or with `migrated` a copy of a template that every migration was applied to once
 * (tests of the migrations themselves start empty).
 */
export async function createScratchPostgres(
  prefix: string,
  options: { migrated?: boolean } = {},
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL!;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? ` TEMPLATE ${await migratedTemplate(admin)}` : '';
  await withAdmin(admin, (c) => c.query(`CREATE DATABASE ${name}${template}`));
  return {
    name,
    url: databaseUrl(admin, name),
    drop: async () => void (await withAdmin(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

// Several worktrees and CI may share one PostgreSQL, each with its own migrations: a template is
// named by a hash of what it is made of, built and dropped under one advisory lock, and marked
// done (IS_TEMPLATE) only once migrated, so no run clones a half-built or another run's template.
const TEMPLATE_PREFIX = 'cn_template_';
const TEMPLATE_LOCK = 742_002;
/** A template no run has used for this long goes (the migrations it was made of changed since). */
const UNUSED_DAYS = 7;

let template: Promise<string> | undefined;

/** The name of the migrated template on `admin`'s server, made when missing (once per process). */
export function migratedTemplate(admin: string): Promise<string> {
  template ??= ensureTemplate(admin);
  template.catch(() => (template = undefined));
  return template;
}

async function ensureTemplate(admin: string): Promise<string> {
  const hash = (await hashMigrations(createHash('sha256'))).update(snapshotDay());
  const name = TEMPLATE_PREFIX + hash.digest('hex').slice(0, 16);
  const today = snapshotDay();
  await withAdmin(admin, async (c) => {
    await c.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const [found] = (await c.query<{ done: boolean }>('SELECT datistemplate AS done FROM pg_database WHERE datname = $1', [name])).rows;
      if (!found?.done) {
        if (found) await dropTemplate(c, name); // a build that stopped half-way
        await buildTemplate(c, admin, name);
      }
      await c.query(`COMMENT ON DATABASE ${name} IS 'clubnotify test template, last used ${today}'`);
      await dropUnused(c, name, today);
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
  return name;
}

async function buildTemplate(c: pg.Client, admin: string, name: string): Promise<void> {
  await c.query(`CREATE DATABASE ${name}`);
  const db = await openDatabase({ url: databaseUrl(admin, name), readPoolSize: 0 });
  try {
    await migrate(db);
    await addSnapshotDays(db);
  } finally {
    await db.close();
  }
  // No connections: CREATE DATABASE ... TEMPLATE refuses a template anyone is connected to.
  await c.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
}

async function dropUnused(c: pg.Client, keep: string, today: string): Promise<void> {
  const { rows } = await c.query<{ name: string; comment: string | null }>(
    `SELECT datname AS name, shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname LIKE $1 AND datname <> $2`,
    [`${TEMPLATE_PREFIX}%`, keep],
  );
  const cutoff = Date.parse(today) - UNUSED_DAYS * 86_400_000;
  for (const { name, comment } of rows) {
    const lastUsed = Date.parse(/last used (\d{4}-\d{2}-\d{2})/.exec(comment ?? '')?.[1] ?? '');
    if (!(lastUsed >= cutoff)) await dropTemplate(c, name);
  }
}

async function dropTemplate(c: pg.Client, name: string): Promise<void> {
  await c.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE false`);
  await c.query(`DROP DATABASE ${name} WITH (FORCE)`);
}

function databaseUrl(admin: string, name: string): string {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.href;
}

/** Runs `fn` on a short-lived connection to `url` (DATABASE_URL: the maintenance database). */
export async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
