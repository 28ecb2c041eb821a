import type { Config } from './config.js';

/** `createdb` with the host, port and user of `databaseUrl`, for the database it names. */
function createdbCommand(databaseUrl: string): string | undefined {
  if (!URL.canParse(databaseUrl)) return undefined;
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!name) return undefined;
  const flags = [
    url.hostname && `-h ${url.hostname}`,
    url.port && `-p ${url.port}`,
    url.username && `-U ${decodeURIComponent(url.username)}`,
  ].filter(Boolean);
  return ['createdb', ...flags, name].join(' ');
}

/** Why the server did not start, in one line that says what to do where there is a fix. */
export function startFailure(error: unknown, config: Pick<Config, 'port' | 'databaseUrl'>): string {
  const { code, message } = error as { code?: string; message: string };
  if (code === 'EADDRINUSE') return `port ${config.port} is in use; stop what holds it, or start with another PORT=...`;
  // SQLSTATE 3D000: the PostgreSQL server answers, but DATABASE_URL names a database it does not have.
  const createdb = code === '3D000' && config.databaseUrl ? createdbCommand(config.databaseUrl) : undefined;
  if (createdb)
    return `${message} on the PostgreSQL server of DATABASE_URL; create it with \`${createdb}\`, or point DATABASE_URL at one that exists.`;
  return message;
}
