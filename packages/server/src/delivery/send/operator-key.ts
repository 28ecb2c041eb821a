import { createHash, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SigningKey } from './signing-keys.js';

/** PKCS#8 DER of an ed25519 private key, before its 32-byte seed (RFC 8410). */
const PKCS8_SEED_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

const FORMATS =
  "a PKCS#8 PEM ed25519 private key ('-----BEGIN PRIVATE KEY-----', e.g. `openssl genpkey -algorithm ed25519`) or whsk_ and the base64 of its 32-byte seed";

/** The key's id: derived from its public key, so every process given the same key names it the same. */
export function operatorKid(publicKey: KeyObject): string {
  const x = publicKey.export({ format: 'jwk' }).x!;
  return `key_${createHash('sha256').update(x).digest('base64url').slice(0, 16)}`;
}

function privateKeyOf(text: string): KeyObject {
  const trimmed = text.trim();
  if (trimmed.startsWith('whsk_')) {
    const encoded = trimmed.slice(5);
    const raw = /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) ? Buffer.from(encoded, 'base64') : Buffer.alloc(0);
    if (raw.length !== 32 && raw.length !== 64) throw new Error(`its whsk_ part is not the base64 of 32 (or 64) bytes`);
    return createPrivateKey({ key: Buffer.concat([PKCS8_SEED_PREFIX, raw.subarray(0, 32)]), format: 'der', type: 'pkcs8' });
  }
  if (!trimmed.startsWith('-----BEGIN PRIVATE KEY-----')) throw new Error('it is neither');
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: trimmed, format: 'pem' });
  } catch {
    throw new Error('its PEM does not parse');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`it is not ed25519 but ${key.asymmetricKeyType ?? 'of an unknown type'}`);
  return key;
}

/** The operator's signing key from its text; throws with what is wrong, never with the key. */
export function parseOperatorKey(text: string): SigningKey {
  const privateKey = privateKeyOf(text);
  return { kid: operatorKid(createPublicKey(privateKey)), privateKey };
}

/**
 * SIGNING_KEY (the key itself) or SIGNING_KEY_FILE (a file holding it): the `v1a` key the operator
 * supplies instead of the one the server makes and keeps in its database. A problem is a sentence
 * for the configuration error; it never quotes the key.
 */
export function operatorKeyFromEnv(env: NodeJS.ProcessEnv): { key?: SigningKey; problem?: string } {
  const inline = env.SIGNING_KEY || undefined;
  const file = env.SIGNING_KEY_FILE || undefined;
  if (inline && file) return { problem: 'SIGNING_KEY and SIGNING_KEY_FILE must not both be set: keep one of them.' };
  if (!inline && !file) return {};
  let text: string;
  try {
    text = inline ?? readFileSync(file!, 'utf8');
  } catch (error) {
    return {
      problem: `SIGNING_KEY_FILE must name a readable file, not '${file}' (${(error as NodeJS.ErrnoException).code ?? 'unreadable'}).`,
    };
  }
  try {
    return { key: parseOperatorKey(text) };
  } catch (error) {
    const name = inline ? 'SIGNING_KEY' : `SIGNING_KEY_FILE ('${file}')`;
    return { problem: `${name} must hold ${FORMATS}: ${(error as Error).message}.` };
  }
}
