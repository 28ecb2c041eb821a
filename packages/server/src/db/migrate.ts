import { webhookNames } from '@clubnotify/spec';
import type { MigratableDatabase } from './database.js';
import { migrations as all } from './migrations/index.js';

// Any constant works; it only has to be the same in every server process.
const MIGRATION_LOCK = 742_001;

/**
 * Applies every migration not yet recorded in `schema_migrations`, one transaction each,
 * under an advisory lock so that several processes starting at once apply each exactly once;
 * then records the spec's webhooks (`syncWebhookEvents`).
 */
export async function migrate(db: MigratableDatabase, migrations = all, webhooks: readonly string[] = webhookNames): Promise<number[]> {
  const applied: number[] = [];
  for (const migration of migrations) {
    const ran = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
      const done = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.length > 0) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (ran) applied.push(migration.version);
  }
  await syncWebhookEvents(db, webhooks);
  return applied;
}

/**
 * Adds the spec's webhooks to `webhook_events`, which `registrations.event` references, so
 * that a webhook added to the spec can be registered for with no migration. Idempotent;
 * names the spec dropped stay, for the registrations that still name them.
 */
export async function syncWebhookEvents(db: Pick<MigratableDatabase, 'query'>, webhooks: readonly string[]): Promise<void> {
  const [table] = await db.query<{ present: boolean }>("SELECT to_regclass('webhook_events') IS NOT NULL AS present");
  if (!table?.present) return;
  await db.query('INSERT INTO webhook_events (name) SELECT unnest($1::text[]) ON CONFLICT (name) DO NOTHING', [[...webhooks]]);
}

/** Whether every known migration is applied (readiness). */
export async function isMigrated(db: MigratableDatabase | { query: MigratableDatabase['query'] }, migrations = all): Promise<boolean> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations WHERE version = ANY($1::int[])', [
    migrations.map((m) => m.version),
  ]);
  return rows[0]?.n === migrations.length;
}
