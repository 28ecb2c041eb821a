const PREFIX = 'whsec_';

/**
 * Decodes a Standard Webhooks secret (`whsec_<base64>`, or the bare base64 part) to the
 * HMAC key bytes.
 */
export function decodeSecret(secret: string): Buffer {
  if (typeof secret !== 'string' || secret.length === 0) throw new TypeError('A webhook secret is required (whsec_<base64>).');
  const encoded = secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
    throw new TypeError('A webhook secret must be `whsec_` followed by base64, as shown when the registration was created.');
  }
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new TypeError('The webhook secret decodes to an empty key.');
  return key;
}
