import { revokeApiKey } from '../domain/revoke-key.js';
import { Outbox } from '../publish/outbox.js';
import { UsageError } from '@clubnotify/spec';
import { withDatabase } from './with-database.js';

export const revokeKeyUsage = `Usage: clubnotify-server revoke-key <key_id>

Revokes an API key (its id, key_..., as listed by GET /apiKeys) in the database named by
DATABASE_URL, or the embedded one in DATA_DIR. Running servers refuse it within 5 seconds.
Its registrations and subscriptions are disabled; their delivery history stays.`;

const outcomes = {
  revoked: [0, (id: string) => `Revoked ${id}; its registrations and subscriptions are disabled.`],
  'already-revoked': [0, (id: string) => `${id} was already revoked.`],
  'not-found': [1, (id: string) => `No API key ${id}.`],
  'last-admin': [1, (id: string) => `${id} is the last admin key; create another one first (create-key --scope admin).`],
} as const;

function keyId(args: string[]): string {
  const option = args.find((arg) => arg.startsWith('-'));
  if (option) throw new UsageError(`revoke-key has no option ${option}; run "clubnotify-server revoke-key --help" for its usage.`);
  if (args.length === 0) throw new UsageError('Give the id of the key to revoke (key_..., as listed by GET /apiKeys).', true);
  if (args.length > 1)
    throw new UsageError(`revoke-key takes one key id, got ${args.length} (${args.join(' ')}); revoke them one at a time.`);
  const id = args[0]!;
  if (!/^key_[A-Za-z0-9]{1,60}$/.test(id))
    throw new UsageError(`"${id}" is not a key id; key ids look like key_3fT9xQ (GET /apiKeys lists them).`);
  return id;
}

/** `clubnotify-server revoke-key <id>`; returns the exit code. */
export async function revokeKey(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const id = keyId(args);
  const busy = (owner: number, dataDir: string) =>
    `The server (pid ${owner}) is using ${dataDir}. Revoke the key with DELETE /apiKeys/${id} using an admin key, or stop the server first.`;
  return withDatabase(env, busy, async (db) => {
    // No worker here: the outbox wakes the servers' workers for `apiKeyRevoked`, before the database closes.
    const outbox = new Outbox({ db });
    const [code, message] = outcomes[await revokeApiKey(db, outbox, id)];
    await outbox.settled();
    (code === 0 ? console.log : console.error)(message(id));
    return code;
  });
}
