import { createHash, randomBytes, randomInt } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random id like `reg_8xq3kz1m4v7n2p5r9t6w`: the prefix and 20 base-36 characters (103 bits). */
export function newId(prefix: 'reg' | 'sub' | 'ops' | 'con' | 'key'): string {
  let out = `${prefix}_`;
  for (let i = 0; i < 20; i++) out += ALPHABET[randomInt(ALPHABET.length)];
  return out;
}

/** A Standard Webhooks signing secret: `whsec_` and the base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** An API key: `cn_` and 43 base64url characters (256 random bits). */
export function newApiKey(): string {
  return `cn_${randomBytes(32).toString('base64url')}`;
}

/**
 * How API keys are stored. A fast hash is enough: the keys carry 256 random bits, so there
 * is no dictionary to try, and a slow password hash would cost every request ~100 ms.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export const apiKeyPattern = /^cn_[A-Za-z0-9_-]{20,200}$/;
