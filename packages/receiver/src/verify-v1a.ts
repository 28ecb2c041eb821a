import { verify as verifySignature, type KeyObject } from 'node:crypto';
import { Ed25519KeySet } from './ed25519-keys.js';
import { RepeatedHeaderError, singleHeader, type HeaderSource } from './headers.js';
import { readSignatureHeaders, WebhookVerificationError, type VerifiedMessage, type VerifyOptions } from './signature-headers.js';
import { v1aSignatureBytes, verifyV1aMessage, type Ed25519Check } from './v1a-message.js';

/** The decoded `v1a,` entries of a signature header that are 64 bytes; other versions are skipped. */
export function v1aSignatures(header: string): Buffer[] {
  return v1aSignatureBytes(header).map((bytes) => Buffer.from(bytes));
}

/** ed25519 with node:crypto. */
export const nodeEd25519: Ed25519Check<KeyObject> = (key, signature, content) => verifySignature(null, content, key, signature);

/**
 * Verifies a Standard Webhooks message signed with ed25519 (`v1a`), with no secret: against a
 * key set (`Ed25519KeySet`, from the server's JWKS URL or fixed `whpk_` keys) or `whpk_` keys
 * given here. The message's `webhook-key-id` picks the key of a JWKS (an unknown one makes the
 * set fetch again, within its bound); the timestamp must be within the tolerance. Throws
 * `WebhookVerificationError` (a key set that cannot be read is a `signature` failure naming why).
 */
export async function verifyV1a(
  keys: Ed25519KeySet | string | string[],
  headers: HeaderSource,
  rawBody: string | Uint8Array,
  options: VerifyOptions = {},
): Promise<VerifiedMessage> {
  const message = readSignatureHeaders(headers);
  let keyId;
  try {
    keyId = singleHeader(headers, 'webhook-key-id', false);
  } catch (error) {
    if (error instanceof RepeatedHeaderError) throw new WebhookVerificationError('malformed-header', error.message);
    throw error;
  }
  const set = keys instanceof Ed25519KeySet ? keys : new Ed25519KeySet({ keys: Array.isArray(keys) ? keys : [keys] });
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  await verifyV1aMessage(set, nodeEd25519, message, keyId, body, options);
  return { id: message.id, timestamp: message.timestamp };
}
