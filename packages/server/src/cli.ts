import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { dataDirOwner } from './data-dir-lock.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import { createApiKey } from './domain/api-keys.js';

const usage = `Usage: clubnotify-server create-key --scope <admin|subscriber> --name <name>

Creates an API key in the database named by DATABASE_URL, or the embedded one in DATA_DIR
(default ./data), and prints it once. With the embedded database, stop the server first.`;

/** Runs the CLI with `argv` (without node and script); returns the exit code. */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'create-key') {
    console.error(usage);
    return command === undefined || command === '--help' ? 0 : 2;
  }
  let values: { scope?: string; name?: string };
  try {
    ({ values } = parseArgs({ args: rest, options: { scope: { type: 'string' }, name: { type: 'string' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  if ((values.scope !== 'admin' && values.scope !== 'subscriber') || !values.name || values.name.length > 100) {
    console.error(`--scope must be admin or subscriber and --name 1 to 100 characters.\n\n${usage}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    console.error((error as ConfigError).message);
    return 1;
  }
  if (!config.databaseUrl) {
    const owner = await dataDirOwner(config.dataDir);
    if (owner !== undefined) {
      console.error(`The server (pid ${owner}) is using ${config.dataDir}. Stop it first, or create the key with POST /apiKeys using an admin key.`);
      return 1;
    }
  }
  const db = await openDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  try {
    await migrate(db);
    const key = await createApiKey(db, { name: values.name, scope: values.scope });
    console.log(`Created ${key.scope} key ${key.id} (${key.name}). It is shown only this once:\n${key.key}`);
    return 0;
  } finally {
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  process.exitCode = await runCli(process.argv.slice(2));
}
