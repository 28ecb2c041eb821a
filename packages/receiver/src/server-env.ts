/** What a receiver's server reads from its environment. */
export interface ServerEnv {
  secret: string;
  port: number;
}

/** A setting that stops a receiver from starting; its message is one line saying what to set. */
export class ServerEnvError extends Error {
  override readonly name = 'ServerEnvError';
}

const SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;
/** Standard Webhooks secrets are 24 to 64 random bytes; 16 is the least we accept as a real one. */
const MIN_SECRET_BYTES = 16;
const secretHelp = 'set WEBHOOK_SECRET to the "secret" (whsec_...) that the server answered when you registered this receiver';

function readSecret(value: string | undefined): string {
  if (!value) throw new ServerEnvError(`WEBHOOK_SECRET is not set; ${secretHelp}.`);
  if (!SECRET.test(value) || Buffer.from(value.slice(6), 'base64').length < MIN_SECRET_BYTES) {
    throw new ServerEnvError(`WEBHOOK_SECRET is not a whsec_ signing secret, so every delivery would be refused with 401; ${secretHelp}.`);
  }
  return value;
}

function readPort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535)
    throw new ServerEnvError(`PORT must be a port number from 0 to 65535, not "${value}".`);
  return Number(value);
}

/**
 * Reads `WEBHOOK_SECRET` (the registration's `whsec_` secret) and `PORT` for a receiver's server; throws a {@link ServerEnvError} naming the
 * variable and what to set.
 */
export function readServerEnv(env: NodeJS.ProcessEnv, defaultPort = 4000): ServerEnv {
  return { secret: readSecret(env.WEBHOOK_SECRET), port: readPort(env.PORT, defaultPort) };
}
