import { webhookNames } from '@clubnotify/spec';
import { afterEach, describe, expect, it } from 'vitest';
import type { MigratableDatabase } from '../../src/db/database.js';
import { migrate, syncWebhookEvents } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { createApiKey } from '../../src/domain/api-keys.js';
import { dbFactories } from '../support/server-support.js';

const insertRegistration = (db: MigratableDatabase, owner: string, event: string, id = `reg_${event}`) =>
  db.query(
    "INSERT INTO registrations (id, owner_key_id, event, url, secret) VALUES ($1, $2, $3, 'https://hooks.example.com/x', 'whsec_x')",
    [id, owner, event],
  );

describe.each(dbFactories())('webhook events from the spec ($name)', (factory) => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
    drop = undefined;
  });
  async function open(): Promise<MigratableDatabase> {
    const opened = await factory.open();
    drop = opened.drop;
    return opened.db;
  }

  it("records the spec's webhooks; refuses a registration for another event until the catalogue has it", async () => {
    const db = await open();
    await migrate(db);
    const rows = await db.query<{ name: string }>('SELECT name FROM webhook_events ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual([...webhookNames].sort());
    const owner = (await createApiKey(db, { name: 'alice', scope: 'subscriber' })).id;
    await expect(insertRegistration(db, owner, 'concertReminder')).rejects.toThrow(/registrations_event_fkey/);
    await migrate(db, migrations, [...webhookNames, 'concertReminder']);
    await insertRegistration(db, owner, 'concertReminder');
    expect(await db.query('SELECT event FROM registrations')).toEqual([{ event: 'concertReminder' }]);
  });

  it('keeps registrations made before the migration, and running it again changes nothing', async () => {
    const db = await open();
    await migrate(
      db,
      migrations.filter((m) => m.version < 11),
    );
    const owner = (await createApiKey(db, { name: 'alice', scope: 'subscriber' })).id;
    await insertRegistration(db, owner, 'stockUpdate');
    expect(await migrate(db)).toEqual(migrations.filter((m) => m.version >= 11).map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
    await syncWebhookEvents(db, webhookNames);
    const rows = await db.query<{ name: string }>('SELECT name FROM webhook_events ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual([...webhookNames].sort());
    expect(await db.query('SELECT event FROM registrations')).toEqual([{ event: 'stockUpdate' }]);
  });
});
