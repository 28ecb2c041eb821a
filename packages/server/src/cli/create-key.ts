import { parseArgs } from 'node:util';
import { createApiKey } from '../domain/api-keys.js';
import { parseCommand, UsageError } from '@clubnotify/spec';
import { withDatabase } from './with-database.js';

export const createKeyUsage = `Usage: clubnotify-server create-key --scope <admin|subscriber> --name <name>

Creates an API key in the database named by DATABASE_URL, or the embedded one in DATA_DIR
(default ./data, created if missing), and prints it once, on the last line.
With the embedded database, stop the server first.`;

function parse(args: string[]): { scope: 'admin' | 'subscriber'; name: string } {
  const { values } = parseCommand('clubnotify-server', 'create-key', () =>
    parseArgs({ args, options: { scope: { type: 'string' }, name: { type: 'string' } } }),
  );
  const { scope, name } = values;
  if (scope === undefined) throw new UsageError('Give --scope admin or --scope subscriber.', true);
  if (scope !== 'admin' && scope !== 'subscriber') throw new UsageError(`--scope must be admin or subscriber, not "${scope}".`);
  if (!name) throw new UsageError('Give --name, 1 to 100 characters saying whose key it is.', true);
  if (name.length > 100) throw new UsageError(`--name is ${name.length} characters long; the most is 100.`);
  return { scope, name };
}

/** `clubnotify-server create-key`: prints the new key on the last stdout line. */
export async function createKey(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const input = parse(args);
  const busy = (owner: number, dataDir: string) =>
    `The server (pid ${owner}) is using ${dataDir}. Stop it first, or create the key with POST /apiKeys using an admin key.`;
  return withDatabase(env, busy, async (db) => {
    const key = await createApiKey(db, input);
    console.log(`Created ${key.scope} key ${key.id} (${key.name}). It is shown only this once:\n${key.key}`);
    return 0;
  });
}
