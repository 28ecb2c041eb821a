import { base64Bytes } from './secret.js';

export interface KeySetOptions {
  /** The least time between two fetches of the key set, so that unknown key ids cannot make it fetch per request. Default 60 s. */
  minRefetchMs?: number;
  /**
   * How old a fetched copy may get before the next message fetches it again, so that a key the
   * server dropped (past its overlap) stops verifying. A failed refresh keeps the copy. Default 1 hour.
   */
  maxAgeMs?: number;
  /** How long one fetch may take. Default 5 s. */
  fetchTimeoutMs?: number;
  /** The clock the bound is measured on, in milliseconds (for tests). Default `performance.now`. */
  clock?: () => number;
}

/** Why the key set gave no key: it could not be read, or it has no key of that id. */
export class KeySetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeySetError';
  }
}

/** One ed25519 public key of a JWKS (RFC 8037 `OKP`). */
interface OkpJwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
  kid?: string;
}

const isOkp = (k: unknown): k is OkpJwk =>
  typeof k === 'object' &&
  k !== null &&
  (k as OkpJwk).kty === 'OKP' &&
  (k as OkpJwk).crv === 'Ed25519' &&
  typeof (k as OkpJwk).x === 'string';

/** The JWK `x` (base64url of the 32 raw bytes) of a `whpk_` public key (Standard Webhooks: their base64). */
export function whpkToX(whpk: string): string {
  const encoded = typeof whpk === 'string' ? (whpk.startsWith('whpk_') ? whpk.slice(5) : whpk) : '';
  const raw = /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) ? base64Bytes(encoded) : new Uint8Array(0);
  if (raw.length !== 32) throw new KeySetError('A whpk_ public key is whpk_ and the base64 of 32 bytes.');
  return btoa(String.fromCharCode(...raw))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Where a key set's keys come from: fixed `whpk_` keys, or a JWKS URL. */
export type KeySource = { url: string } | { keys: string[] };

/**
 * The ed25519 keys a `v1a` signature may be made with, whatever the crypto that holds them:
 * fixed ones (`whpk_` strings), or a JWKS URL (the server's `GET /.well-known/jwks.json`),
 * fetched on first use, cached, and fetched again when a message names a key id not in the copy
 * (a rotation) — at most once per `minRefetchMs`, with concurrent misses sharing one fetch.
 */
export abstract class JwksKeySet<K> {
  readonly #url: string | undefined;
  readonly #fixed: string[];
  readonly #minRefetchMs: number;
  readonly #maxAgeMs: number;
  readonly #fetchTimeoutMs: number;
  readonly #clock: () => number;
  #keys = new Map<string, K>();
  #fetchedAt = -Infinity;
  #fetching: Promise<void> | undefined;
  /** Fetches made so far. */
  fetches = 0;

  constructor(source: KeySource, options: KeySetOptions = {}) {
    this.#minRefetchMs = options.minRefetchMs ?? 60_000;
    this.#maxAgeMs = Math.max(options.maxAgeMs ?? 3_600_000, this.#minRefetchMs);
    this.#fetchTimeoutMs = options.fetchTimeoutMs ?? 5_000;
    this.#clock = options.clock ?? (() => performance.now());
    if ('url' in source) {
      if (!/^https?:\/\//.test(String(source.url)))
        throw new KeySetError(`A JWKS URL is an http(s) URL, not ${JSON.stringify(source.url)}.`);
      this.#url = source.url;
      this.#fixed = [];
    } else {
      if (!Array.isArray(source.keys) || source.keys.length === 0) throw new KeySetError('A key set needs at least one whpk_ public key.');
      this.#fixed = source.keys.map(whpkToX);
    }
  }

  /** The public key whose JWK `x` (base64url) this is, in the crypto that verifies; throws when it is not an ed25519 key. */
  protected abstract importKey(x: string): K | Promise<K>;

  /** The keys to try: the one named `kid` (fetched again once if unknown), or every key without a kid. */
  async keysFor(kid: string | undefined): Promise<K[]> {
    if (this.#url === undefined) {
      if (this.#fetchedAt === -Infinity) await this.#refresh();
      return [...this.#keys.values()];
    }
    const age = this.#clock() - this.#fetchedAt;
    if (this.#fetchedAt === -Infinity) await this.#refresh();
    else if (age >= this.#maxAgeMs) await this.#refresh().catch(() => undefined);
    else if (kid !== undefined && !this.#keys.has(kid) && age >= this.#minRefetchMs) await this.#refresh();
    if (kid === undefined) return [...this.#keys.values()];
    const key = this.#keys.get(kid);
    if (!key) throw new KeySetError(`The key set at ${this.#url} has no key ${kid}.`);
    return [key];
  }

  #refresh(): Promise<void> {
    return (this.#fetching ??= (this.#url === undefined ? this.#importFixed() : this.#fetch()).finally(() => (this.#fetching = undefined)));
  }

  async #importFixed(): Promise<void> {
    const keys = new Map<string, K>();
    for (const x of this.#fixed) {
      try {
        keys.set(`#${keys.size}`, await this.importKey(x));
      } catch {
        throw new KeySetError(`The whpk_ key ${keys.size + 1} is not an ed25519 public key.`);
      }
    }
    this.#keys = keys;
    this.#fetchedAt = this.#clock();
  }

  async #fetch(): Promise<void> {
    this.fetches++;
    this.#fetchedAt = this.#clock();
    let body: unknown;
    try {
      const res = await fetch(this.#url!, { signal: AbortSignal.timeout(this.#fetchTimeoutMs), headers: { accept: 'application/json' } });
      if (!res.ok) throw new Error(`it answered ${res.status}`);
      body = await res.json();
    } catch (error) {
      throw new KeySetError(`The key set at ${this.#url} could not be read: ${(error as Error).message}.`);
    }
    const keys = (body as { keys?: unknown } | null)?.keys;
    if (!Array.isArray(keys)) throw new KeySetError(`The key set at ${this.#url} is not a JWKS (no "keys" array).`);
    const fresh = new Map<string, K>();
    // A key that is not a valid ed25519 public key is left out; the others still verify.
    for (const k of keys.filter(isOkp)) {
      try {
        fresh.set(k.kid ?? `#${fresh.size}`, await this.importKey(k.x));
      } catch {
        continue;
      }
    }
    this.#keys = fresh;
  }
}

/** A key set held as WebCrypto keys: for edge runtimes, which have no node:crypto. */
export class WebCryptoKeySet extends JwksKeySet<CryptoKey> {
  protected importKey(x: string): Promise<CryptoKey> {
    return crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x }, { name: 'Ed25519' }, false, ['verify']);
  }
}
