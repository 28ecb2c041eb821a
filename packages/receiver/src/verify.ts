import { timingSafeEqual } from 'node:crypto';
import { constantTimeEqual, constantTimeEqualAt, HmacSha256Key } from './hmac.js';
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

/** Whether a header is exactly one `v1,` entry of 32 bytes in padded base64 (44 characters from offset 3). */
function isSoleV1(header: string): boolean {
  return header.length === 47 && header.startsWith('v1,') && header.charCodeAt(46) === 0x3d;
}

/** `verify()` with keys decoded once and headers already read (the receiver's hot path). */
export function verifyWithKeys(
  keys: HmacSha256Key[],
  message: SignatureHeaders,
  rawBody: string | Uint8Array,
  options: VerifyOptions = {},
): VerifiedMessage {
  checkTimestamp(message, options);
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  // The header nearly every sender writes: one entry, no list to split and no regex to run.
  // A miss goes through the full parse below, which decides what counts as a signature (the
  // entry's strings were compared already).
  const sole = isSoleV1(message.signatures);
  if (sole) {
    for (const key of keys)
      if (constantTimeEqualAt(message.signatures, 3, key.signBase64(message.id, message.timestamp, body)))
        return { id: message.id, timestamp: message.timestamp };
  }
  const encoded = v1Signatures(message.signatures);
  if (encoded.length === 0) throw noMatch();
  // Senders write the padded base64 that node:crypto writes: compare the strings, in constant time.
  for (const key of sole ? [] : keys) {
    const expected = key.signBase64(message.id, message.timestamp, body);
    for (const candidate of encoded) if (constantTimeEqual(candidate, expected)) return { id: message.id, timestamp: message.timestamp };
  }
  // Another spelling of 32 bytes (unpadded, or stray bits in the last character): compare the bytes.
  const respelled = encoded
    .map((e) => Buffer.from(e, 'base64'))
    .filter((bytes, i) => bytes.length === 32 && bytes.toString('base64') !== encoded[i]);
  for (const key of respelled.length === 0 ? [] : keys) {
    const expected = key.sign(message.id, message.timestamp, body);
    for (const candidate of respelled) if (timingSafeEqual(candidate, expected)) return { id: message.id, timestamp: message.timestamp };
  }
  throw noMatch();
}
