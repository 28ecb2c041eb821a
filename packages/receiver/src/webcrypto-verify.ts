import { base64Bytes, decodeSecretBytes } from './secret.js';
import { checkTimestamp, noMatch, v1Signatures, type SignatureHeaders, type VerifyOptions } from './signature-headers.js';

const encoder = new TextEncoder();

/** The secrets as WebCrypto HMAC-SHA256 keys (edge runtimes have no node:crypto). */
export function importHmacKeys(secrets: string[]): Promise<CryptoKey[]> {
  const raw = secrets.map(decodeSecretBytes);
  return Promise.all(raw.map((key) => crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])));
}

/**
 * `verifyWithKeys` on WebCrypto: `crypto.subtle.verify` compares the signature in constant
 * time. Throws `WebhookVerificationError`.
 */
export async function verifyWithCryptoKeys(
  keys: CryptoKey[],
  message: SignatureHeaders,
  raw: Uint8Array,
  options: VerifyOptions = {},
): Promise<void> {
  checkTimestamp(message, options);
  const candidates = v1Signatures(message.signatures)
    .map(base64Bytes)
    .filter((candidate) => candidate.byteLength === 32);
  if (candidates.length === 0) throw noMatch();
  const prefix = encoder.encode(`${message.id}.${message.timestamp}.`);
  const signed = new Uint8Array(prefix.byteLength + raw.byteLength);
  signed.set(prefix);
  signed.set(raw, prefix.byteLength);
  for (const key of keys) {
    for (const candidate of candidates) if (await crypto.subtle.verify('HMAC', key, candidate, signed)) return;
  }
  throw noMatch();
}
