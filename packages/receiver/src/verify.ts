import { timingSafeEqual } from 'node:crypto';
import { HmacSha256Key } from './hmac.js';
import type { HeaderSource } from './headers.js';
import { decodeSecret } from './secret.js';
import {
  checkTimestamp,
  noMatch,
  readSignatureHeaders,
  v1Signatures,
  type SignatureHeaders,
  type VerifiedMessage,
  type VerifyOptions,
} from './signature-headers.js';

export {
  readSignatureHeaders,
  WebhookVerificationError,
  type SignatureHeaders,
  type VerificationFailure,
  type VerifiedMessage,
  type VerifyOptions,
} from './signature-headers.js';

/**
 * Verifies a Standard Webhooks message against one or several secrets (rotation): the
 * timestamp must be within the tolerance and one `v1,` signature of the header must match
 * the HMAC of the raw body, compared in constant time. Throws `WebhookVerificationError`.
 */
export function verify(
  secrets: string | string[],
  headers: HeaderSource,
  rawBody: string | Uint8Array,
  options: VerifyOptions = {},
): VerifiedMessage {
  const keys = (Array.isArray(secrets) ? secrets : [secrets]).map((s) => new HmacSha256Key(decodeSecret(s)));
  return verifyWithKeys(keys, readSignatureHeaders(headers), rawBody, options);
}

/** `verify()` with keys decoded once and headers already read (the receiver's hot path). */
export function verifyWithKeys(
  keys: HmacSha256Key[],
  message: SignatureHeaders,
  rawBody: string | Uint8Array,
  options: VerifyOptions = {},
): VerifiedMessage {
  checkTimestamp(message, options);
  const candidates = v1Signatures(message.signatures).map((encoded) => Buffer.from(encoded, 'base64'));
  if (candidates.length === 0) throw noMatch();
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  for (const key of keys) {
    const expected = key.sign(message.id, message.timestamp, body);
    for (const candidate of candidates) {
      if (candidate.length === expected.length && timingSafeEqual(candidate, expected))
        return { id: message.id, timestamp: message.timestamp };
    }
  }
  throw noMatch();
}
