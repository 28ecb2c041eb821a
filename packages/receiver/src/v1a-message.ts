import type { JwksKeySet } from './jwks-key-set.js';
import { KeySetError } from './jwks-key-set.js';
import { base64Bytes } from './secret.js';
import {
  checkTimestamp,
  signatureEntries,
  WebhookVerificationError,
  type SignatureHeaders,
  type VerifyOptions,
} from './signature-headers.js';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const encoder = new TextEncoder();

/** The decoded `v1a,` entries of a signature header that are 64 bytes; other versions are skipped. */
export function v1aSignatureBytes(header: string): Uint8Array<ArrayBuffer>[] {
  const out: Uint8Array<ArrayBuffer>[] = [];
  for (const entry of signatureEntries(header)) {
    if (!entry.startsWith('v1a,')) continue;
    const encoded = entry.slice(4);
    const bytes = BASE64.test(encoded) ? base64Bytes(encoded) : undefined;
    if (bytes?.length === 64) out.push(bytes);
  }
  return out;
}

/** Whether the header has a `v1a,` entry at all (to say which scheme's failure to report). */
export function hasV1aEntry(header: string): boolean {
  return header.includes('v1a,');
}

/** Verifies one signature with one key: node:crypto's `verify` or WebCrypto's. */
export type Ed25519Check<K> = (key: K, signature: Uint8Array<ArrayBuffer>, content: Uint8Array<ArrayBuffer>) => boolean | Promise<boolean>;

/**
 * The `v1a` (ed25519) check of headers already read: the timestamp within the tolerance, and one
 * `v1a,` entry verifying `{id}.{timestamp}.{body}` with the key the set gives for `keyId`.
 * Throws `WebhookVerificationError` (a key set that cannot be read, or has no such key, is a
 * `signature` failure naming why).
 */
export async function verifyV1aMessage<K>(
  set: JwksKeySet<K>,
  check: Ed25519Check<K>,
  message: SignatureHeaders,
  keyId: string | undefined,
  raw: Uint8Array,
  options: VerifyOptions = {},
): Promise<void> {
  checkTimestamp(message, options);
  const signatures = v1aSignatureBytes(message.signatures);
  if (signatures.length === 0)
    throw new WebhookVerificationError('signature', 'The webhook-signature header has no v1a (ed25519) signature.');
  let candidates;
  try {
    candidates = await set.keysFor(keyId);
  } catch (error) {
    if (error instanceof KeySetError) throw new WebhookVerificationError('signature', error.message);
    throw error;
  }
  const prefix = encoder.encode(`${message.id}.${message.timestamp}.`);
  const content = new Uint8Array(prefix.byteLength + raw.byteLength);
  content.set(prefix);
  content.set(raw, prefix.byteLength);
  for (const key of candidates) for (const signature of signatures) if (await check(key, signature, content)) return;
  throw new WebhookVerificationError('signature', 'No v1a signature in webhook-signature verifies this body with the trusted keys.');
}

/**
 * The refusal to report when `v1a` did not verify either: the `v1` one when the header has no
 * `v1a` entry (a receiver trusting both got a `v1` message), else the `v1a` one.
 */
export function refusalAfterV1a(error: unknown, v1Refusal: WebhookVerificationError | undefined, header: string): WebhookVerificationError {
  if (!(error instanceof WebhookVerificationError)) throw error;
  return v1Refusal && !hasV1aEntry(header) ? v1Refusal : error;
}
