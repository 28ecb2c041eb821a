/** What a receiver's server reads from its environment. */
export interface ServerEnv {
  /** The first of `secrets`. */
  secret: string;
  /**
   * Every secret in WEBHOOK_SECRET (separated by spaces or commas): one receiver serving several
   * registrations (a webhook's and the operational events' subscription, a push and a pull
   * target), or a rotation's old and new secret. A message signed with any of them is accepted.
   */
  secrets: string[];
  port: number;
}

/** A setting that stops a receiver from starting; its message is one line saying what to set. */
export class ServerEnvError extends Error {
  override readonly name = 'ServerEnvError';
}

const SECRET = /^whsec_[A-Za-z0-9+/]+={0,2}$/;
/** Standard Webhooks secrets are 24 to 64 random bytes; 16 is the least we accept as a real one. */
const MIN_SECRET_BYTES = 16;
const secretHelp =
  'set WEBHOOK_SECRET to the "secret" (whsec_...) that the server answered when you registered this receiver ' +
  '(several, separated by spaces, for several registrations)';

function readSecrets(value: string | undefined): string[] {
  const secrets = (value ?? '').split(/[\s,]+/).filter(Boolean);
  if (secrets.length === 0) throw new ServerEnvError(`WEBHOOK_SECRET is not set; ${secretHelp}.`);
  for (const [i, secret] of secrets.entries())
    if (!SECRET.test(secret) || Buffer.from(secret.slice(6), 'base64').length < MIN_SECRET_BYTES) {
      const which = secrets.length > 1 ? `The ${ordinal(i + 1)} secret in WEBHOOK_SECRET` : 'WEBHOOK_SECRET';
      throw new ServerEnvError(`${which} is not a whsec_ signing secret, so every delivery would be refused with 401; ${secretHelp}.`);
    }
  return secrets;
}

const ordinal = (n: number) => `${n}${n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th'}`;

function readPort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535)
    throw new ServerEnvError(`PORT must be a port number from 0 to 65535, not "${value}".`);
  return Number(value);
}

/**
 * Reads `WEBHOOK_SECRET` (the registration's `whsec_` secret, or several separated by spaces or commas) and `PORT` for a
 * receiver's server; throws a {@link ServerEnvError} naming the variable and what to set.
 */
export function readServerEnv(env: NodeJS.ProcessEnv, defaultPort = 4000): ServerEnv {
  const secrets = readSecrets(env.WEBHOOK_SECRET);
  return { secret: secrets[0]!, secrets, port: readPort(env.PORT, defaultPort) };
}

/** What a receiver's server that verifies `v1a` (ed25519) reads from its environment: no secret. */
export interface JwksServerEnv {
  /** The server's key set, `<server>/.well-known/jwks.json`. */
  jwksUrl: string;
  port: number;
}

const jwksHelp = `set WEBHOOK_JWKS_URL to the server's key set, its address followed by /.well-known/jwks.json`;

function readJwksUrl(value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new ServerEnvError(`WEBHOOK_JWKS_URL is not set; ${jwksHelp}.`);
  const url = URL.parse(value.trim());
  if (!url || !/^https?:$/.test(url.protocol))
    throw new ServerEnvError(`WEBHOOK_JWKS_URL is not an http(s) URL, so every delivery would be refused with 401; ${jwksHelp}.`);
  return url.href;
}

/**
 * Reads `WEBHOOK_JWKS_URL` (the server's published key set, for `v1a` signatures) and `PORT` for a
 * receiver's server that holds no secret; throws a {@link ServerEnvError} naming the variable and what to set.
 */
export function readJwksServerEnv(env: NodeJS.ProcessEnv, defaultPort = 4000): JwksServerEnv {
  return { jwksUrl: readJwksUrl(env.WEBHOOK_JWKS_URL), port: readPort(env.PORT, defaultPort) };
}
