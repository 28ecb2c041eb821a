import { createHmac, type KeyObject } from 'node:crypto';
import { decodeSecret } from './secret.js';

/** What `sign()` needs: the message id, its timestamp and the exact body bytes. */
export interface SignInput {
  id: string;
  /** Unix seconds, or a Date. */
  timestamp: number | Date;
  body: string | Uint8Array;
}

export function toUnixSeconds(timestamp: number | Date): number {
  return timestamp instanceof Date ? Math.floor(timestamp.getTime() / 1000) : Math.floor(timestamp);
}

/** The base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with the decoded secret. */
export function computeSignature(key: Buffer | KeyObject, id: string, timestamp: number, body: string | Uint8Array): Buffer {
  const hmac = createHmac('sha256', key);
  hmac.update(`${id}.${timestamp}.`);
  hmac.update(body);
  return hmac.digest();
}

/**
 * Signs a message the Standard Webhooks way and returns the `webhook-signature` value,
 * `v1,<base64>`.
 */
export function sign(secret: string, input: SignInput): string {
  const key = decodeSecret(secret);
  return `v1,${computeSignature(key, input.id, toUnixSeconds(input.timestamp), input.body).toString('base64')}`;
}

/**
 * The three `webhook-*` headers of a signed message (signed with every secret given, for
 * rotation), ready to send with the body.
 */
export function signedHeaders(
  secrets: string | string[],
  input: SignInput,
): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const list = Array.isArray(secrets) ? secrets : [secrets];
  return {
    'webhook-id': input.id,
    'webhook-timestamp': String(toUnixSeconds(input.timestamp)),
    'webhook-signature': list.map((s) => sign(s, input)).join(' '),
  };
}
