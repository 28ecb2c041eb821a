import type { Caller } from './context.js';
import { HttpProblem } from './problem.js';

/**
 * Whose records a listing shows: the caller's own for a subscriber key, everyone's for an
 * admin key, or only `ownerKeyId`'s when given. A subscriber key may name only itself (a
 * no-op); any other owner is a 403 problem at `pointer`.
 */
export function listOwner(caller: Caller, ownerKeyId: unknown, pointer = '/query/ownerKeyId'): string | undefined {
  if (caller.scope === 'admin') return ownerKeyId === undefined ? undefined : String(ownerKeyId);
  if (ownerKeyId !== undefined && ownerKeyId !== caller.keyId) {
    const detail = 'only an admin key may list the records of another API key';
    throw new HttpProblem('forbidden', `${pointer} ${detail}`, [{ pointer, detail }]);
  }
  return caller.keyId;
}
