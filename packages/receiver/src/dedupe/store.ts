/** What `claim()` found: run the handler, it already ran, or another worker is running it. */
export type ClaimResult = 'claimed' | 'handled' | 'in-progress';

/**
 * Remembers which message ids were handled. The receiver calls `claim` before the handler,
 * then `complete` when it succeeded or `release` when it failed (so a retry runs it again).
 */
export interface DedupeStore {
  /** Atomically claims the id. `leaseSec`: after this long a claim whose worker died may be taken over. */
  claim(id: string, leaseSec: number): Promise<ClaimResult>;
  /** Marks the id handled for `ttlSec` seconds. */
  complete(id: string, ttlSec: number): Promise<void>;
  /** Forgets a claim whose handler failed. */
  release(id: string): Promise<void>;
  close?(): Promise<void>;
}
