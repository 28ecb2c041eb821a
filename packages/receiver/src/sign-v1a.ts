import { createPrivateKey, sign as signEd25519, type KeyObject } from 'node:crypto';
import { toUnixSeconds, type SignInput } from './sign.js';

/** PKCS#8 DER of an ed25519 private key, before its 32-byte seed (RFC 8410). */
const PKCS8_SEED_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/**
 * An ed25519 private key from a `whsk_` string (Standard Webhooks: base64 of the 32-byte seed, or
 * of the 64 bytes seed and public key), for signing `v1a` test messages.
 */
export function signingKeyOf(whsk: string): KeyObject {
  const encoded = typeof whsk === 'string' && whsk.startsWith('whsk_') ? whsk.slice(5) : '';
  const raw = /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) ? Buffer.from(encoded, 'base64') : Buffer.alloc(0);
  if (raw.length !== 32 && raw.length !== 64)
    throw new TypeError('An ed25519 signing key is whsk_ and the base64 of its 32-byte seed (or of seed and public key, 64 bytes).');
  return createPrivateKey({ key: Buffer.concat([PKCS8_SEED_PREFIX, raw.subarray(0, 32)]), format: 'der', type: 'pkcs8' });
}

/** The `v1a,<base64>` entry: ed25519 over `{id}.{timestamp}.{body}`. */
export function signV1a(key: string | KeyObject, input: SignInput): string {
  const privateKey = typeof key === 'string' ? signingKeyOf(key) : key;
  const body = typeof input.body === 'string' ? Buffer.from(input.body) : input.body;
  const content = Buffer.concat([Buffer.from(`${input.id}.${toUnixSeconds(input.timestamp)}.`), body]);
  return `v1a,${signEd25519(null, content, privateKey).toString('base64')}`;
}
