const PREFIX = 'whsec_';

/** The base64 part of a secret, checked. */
function encodedKey(secret: string): string {
  if (typeof secret !== 'string' || secret.length === 0) throw new TypeError('A webhook secret is required (whsec_<base64>).');
  const encoded = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
    throw new TypeError('A webhook secret must be `whsec_` followed by base64, as shown when the registration was created.');
  }
  return encoded;
}

function nonEmpty<T extends Uint8Array>(key: T): T {
  if (key.length === 0) throw new TypeError('The webhook secret decodes to an empty key.');
  return key;
}

/**
 * Decodes a Standard Webhooks secret (`whsec_<base64>`, or the bare base64 part) to the
 * HMAC key bytes.
 */
export function decodeSecret(secret: string): Buffer {
  return nonEmpty(Buffer.from(encodedKey(secret), 'base64'));
}

/** `decodeSecret` without Node's Buffer, for edge runtimes. */
export function decodeSecretBytes(secret: string): Uint8Array<ArrayBuffer> {
  return nonEmpty(base64Bytes(encodedKey(secret)));
}

/** Standard base64 to bytes with the Web's `atob` (unpadded input included, as Buffer accepts it). */
export function base64Bytes(encoded: string): Uint8Array<ArrayBuffer> {
  const unpadded = encoded.replace(/=+$/, '');
  const binary = atob(unpadded + '='.repeat((4 - (unpadded.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
