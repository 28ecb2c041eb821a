import { MemoryDedupeStore } from './dedupe/memory.js';
import type { DedupeStore } from './dedupe/store.js';
import type { KeySource } from './jwks-key-set.js';

/** The secrets and limits every receiver reads the same way, whatever its framework. */
export interface ReceiverLimits {
  /** The registration's `whsec_` secret (`v1` signatures). */
  secret?: string;
  /** Several secrets during rotation; a message signed with any of them is accepted. */
  secrets?: string[];
  /**
   * `v1a` (ed25519) without a secret: the server's key set URL (`<server>/.well-known/jwks.json`),
   * fetched on first use, cached, and fetched again when a message names an unknown
   * `webhook-key-id` (at most once per `jwksMinRefetchSec`). With a secret as well, a message is
   * accepted when either scheme verifies.
   */
  jwksUrl?: string;
  /** `v1a` with fixed public keys (`whpk_...`) instead of a key set URL. */
  publicKeys?: string[];
  /** The least time between two fetches of `jwksUrl`, so that unknown key ids cannot make the receiver fetch per request. Default 60. */
  jwksMinRefetchSec?: number;
  /** How old the fetched key set may get before a message fetches it again (a key the server dropped stops verifying). Default 3600. */
  jwksMaxAgeSec?: number;
  /** Where handled message ids are kept. Default: in memory, this process only. */
  dedupe?: DedupeStore;
  /** How long a handled id is remembered. Default one day; at least twice `toleranceSec`. */
  dedupeTtlSec?: number;
  /**
   * After this long a claim whose worker died may be taken over, in this process too: a retry
   * then runs the handler again. Default 300; must be longer than `handlerTimeoutSec`.
   */
  leaseSec?: number;
  /**
   * A handler still running after this long answers 503 `handler_timeout` (retried), its claim
   * is released and `ctx.signal` aborts. Default 10, under the sender's 15 s attempt timeout.
   */
  handlerTimeoutSec?: number;
  /** Allowed clock difference, both ways. Default 300. */
  toleranceSec?: number;
  /** Larger bodies answer 413. Default 1 MiB. */
  maxBodyBytes?: number;
  /** Where failures are logged. Default `console`. */
  logger?: Pick<Console, 'error'>;
}

/** Where `v1a` keys come from, checked, or undefined when the receiver takes `v1` only. */
function v1aSource(options: ReceiverLimits, caller: string): { source: KeySource; minRefetchMs: number; maxAgeMs: number } | undefined {
  if (options.jwksUrl !== undefined && options.publicKeys !== undefined)
    throw new TypeError(`${caller} takes \`jwksUrl\` or \`publicKeys\`, not both.`);
  const minRefetchSec = options.jwksMinRefetchSec ?? 60;
  if (!(minRefetchSec >= 0) || !Number.isFinite(minRefetchSec))
    throw new RangeError(`jwksMinRefetchSec must be a number of seconds from 0, not ${minRefetchSec}.`);
  const minRefetchMs = minRefetchSec * 1000;
  const maxAgeSec = options.jwksMaxAgeSec ?? 3600;
  if (!(maxAgeSec > 0) || !Number.isFinite(maxAgeSec))
    throw new RangeError(`jwksMaxAgeSec must be a positive number of seconds, not ${maxAgeSec}.`);
  const maxAgeMs = maxAgeSec * 1000;
  if (options.jwksUrl !== undefined) return { source: { url: options.jwksUrl }, minRefetchMs, maxAgeMs };
  if (options.publicKeys !== undefined) return { source: { keys: options.publicKeys }, minRefetchMs, maxAgeMs };
  return undefined;
}

function handlerTimeout(options: ReceiverLimits, leaseSec: number): number {
  const sec = options.handlerTimeoutSec ?? 10;
  if (!(sec > 0) || !Number.isFinite(sec)) throw new RangeError(`handlerTimeoutSec must be a positive number of seconds, not ${sec}.`);
  if (sec >= leaseSec)
    throw new RangeError(
      `handlerTimeoutSec (${sec}) must be shorter than leaseSec (${leaseSec}): a claim has to outlive the handler run it guards. ` +
        'Lower handlerTimeoutSec or raise leaseSec.',
    );
  return sec;
}

/** A receiver's options with their defaults, checked: every receiver reads them the same way. */
export function receiverSettings(options: ReceiverLimits, caller: string) {
  const secrets = options.secrets ?? (options.secret === undefined ? [] : [options.secret]);
  const v1a = v1aSource(options, caller);
  if (secrets.length === 0 && !v1a)
    throw new TypeError(`${caller} needs \`secret\` or \`secrets\` (whsec_...), or \`jwksUrl\` or \`publicKeys\` for v1a signatures.`);
  const toleranceSec = options.toleranceSec ?? 300;
  const ttlSec = options.dedupeTtlSec ?? 86_400;
  if (ttlSec < 2 * toleranceSec) throw new RangeError(`dedupeTtlSec must be at least twice toleranceSec (${2 * toleranceSec}).`);
  const leaseSec = options.leaseSec ?? 300;
  return {
    secrets,
    v1a,
    toleranceSec,
    ttlSec,
    leaseSec,
    handlerTimeoutSec: handlerTimeout(options, leaseSec),
    maxBodyBytes: options.maxBodyBytes ?? 1_048_576,
    store: options.dedupe ?? new MemoryDedupeStore(),
    logger: options.logger ?? console,
  };
}
