import type { Queryable } from '../../db/database.js';
import { currentSigningKey, type SigningKey } from './signing-keys.js';

/** How often a worker reads the signing key again, so that a rotation made elsewhere reaches it. */
const REFRESH_MS = 60_000;

/**
 * The worker's copy of the server's ed25519 signing key (`v1a`): read before the first claim,
 * then again every minute from the worker's turns. A failed read is reported and leaves the
 * copy as it was (a worker that never read one sends `v1a` targets without their `v1a`
 * signature, which the receiver refuses and the retry schedule repairs). With the operator's key
 * (SIGNING_KEY, SIGNING_KEY_FILE) the copy is that key, never read.
 */
export class SigningKeyCache {
  key: SigningKey | undefined;
  #loading: Promise<void> | undefined;
  #readAt = 0;

  constructor(
    private readonly db: Queryable,
    private readonly onError: (error: unknown) => void,
    operatorKey?: SigningKey,
  ) {
    this.key = operatorKey;
    if (operatorKey) this.#readAt = Infinity;
  }

  /** Settles once a read has been tried; never rejects. */
  ready(): Promise<void> {
    return this.key ? Promise.resolve() : (this.#loading ??= this.#read());
  }

  tick(now: number): void {
    if (this.key && now - this.#readAt >= REFRESH_MS && !this.#loading) this.#loading = this.#read();
  }

  async #read(): Promise<void> {
    try {
      this.key = await currentSigningKey(this.db);
      this.#readAt = performance.now();
    } catch (error) {
      this.onError(error);
    } finally {
      this.#loading = undefined;
    }
  }
}
