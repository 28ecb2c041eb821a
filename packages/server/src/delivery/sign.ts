import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';

// Decoded keys of the secrets seen lately: a busy target signs thousands of attempts with one.
const keys = new Map<string, KeyObject>();
const MAX_KEYS = 1024;

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (key === undefined) {
    if (keys.size >= MAX_KEYS) keys.clear();
    key = createSecretKey(Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64'));
    keys.set(secret, key);
  }
  return key;
}

/**
 * The Standard Webhooks signature header value for one attempt:
 * `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed with the base64 part of a
 * `whsec_` secret. Several space-separated secrets (a rotation's overlap) give one
 * space-separated signature each, which receivers accept when any one verifies.
 */
export function signPayload(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const content = `${messageId}.${timestampSeconds}.${body}`;
  return secret
    .split(' ')
    .map((one) => `v1,${createHmac('sha256', keyOf(one)).update(content).digest('base64')}`)
    .join(' ');
}
