import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A PostgreSQL database of its own on DATABASE_URL's server, so parallel suites never collide. */
export async function createScratchPostgres(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL!;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin(admin, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => withAdmin(admin, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}

async function withAdmin(url: string, fn: (c: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await fn(client);
  } finally {
    await client.end();
  }
}
