import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, openDatabase, startServer, type RunningServer } from '../../src/index.js';

describe('the embedded database in memory', () => {
  const running: RunningServer[] = [];
  afterAll(async () => {
    await Promise.all(running.map((r) => r.close()));
  });

  it('opens a memory:// database from a dump of another, with its rows, and leaves the original alone', async () => {
    const source = await openDatabase({ dataDir: 'memory://' });
    await source.query('CREATE TABLE notes (body text)');
    await source.query(`INSERT INTO notes VALUES ('kept')`);
    const snapshot = await source.dump!();
    const copy = await openDatabase({ dataDir: 'memory://', snapshot });
    await copy.query(`INSERT INTO notes VALUES ('copy only')`);
    expect(await copy.query('SELECT body FROM notes ORDER BY body')).toEqual([{ body: 'copy only' }, { body: 'kept' }]);
    expect(await source.query('SELECT body FROM notes')).toEqual([{ body: 'kept' }]);
    await Promise.all([source.close(), copy.close()]);
  });

  it('serves DATA_DIR=memory:// without a data-dir lock or files: two servers side by side', async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' });
    running.push(...(await Promise.all([startServer(config), startServer(config)])));
    for (const server of running) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(existsSync('memory:')).toBe(false);
  });
});
