/** How long clients are asked to wait (Retry-After) while the database is unavailable. */
export const RETRY_AFTER_SECONDS = 5;

/** The database cannot be reached (the PGlite thread is gone); callers answer 503, not 500. */
export class DatabaseUnavailableError extends Error {}

// Socket-level failures reaching PostgreSQL.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// SQLSTATEs of a server that is shutting down, starting up, or out of connection slots.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '53000']);
// node-postgres reports a lost or unobtainable connection only in its message.
const PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

function unavailableItself(error: Error & { code?: unknown; errors?: unknown }): boolean {
  if (error instanceof DatabaseUnavailableError) return true;
  const code = typeof error.code === 'string' ? error.code : '';
  if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (PG_MESSAGES.some((m) => error.message.startsWith(m))) return true;
  // Node's happy-eyeballs connect rejects with an AggregateError of per-address errors.
  return Array.isArray(error.errors) && error.errors.length > 0 && error.errors.every((e) => e instanceof Error && unavailableItself(e));
}

/** Whether `error` (or an error in its `cause` chain) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) if (unavailableItself(e)) return true;
  return false;
}
