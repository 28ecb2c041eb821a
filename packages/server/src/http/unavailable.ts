import { RETRY_AFTER_SECONDS } from '../db/unavailable.js';
import { HttpProblem } from './problem.js';

/** The 503 answer while the database cannot be reached. */
export function databaseUnavailable(what = 'The database is unavailable'): HttpProblem {
  return new HttpProblem(
    'unavailable',
    `${what}. Retry after ${RETRY_AFTER_SECONDS} seconds; publishing is safe to repeat with the same Idempotency-Key.`,
    undefined,
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );
}
