import { createHmac, createSecretKey, sign, type KeyObject } from 'node:crypto';
import type { SigningKey } from './signing-keys.js';

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

/** The token of a target's signers (see {@link signPayload}) that asks for the server's ed25519 signature. */
export const V1A = 'v1a';

/** Whether the signers include the ed25519 one (the attempt then names its key in `webhook-key-id`). */
export const signsV1a = (signers: string): boolean => signers === V1A || signers.endsWith(` ${V1A}`);

/**
 * The Standard Webhooks signature header value for one attempt. `signers` is space-separated:
 * each `whsec_` secret gives `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed with
 * its base64 part (several during a rotation's overlap, which receivers accept when any one
 * verifies), and the token `v1a` (a target that chose ed25519, fragments.sql.ts) gives
 * `v1a,<base64 ed25519 signature of the same content>` with the server's `key`.
 */
export function signPayload(signers: string, messageId: string, timestampSeconds: number, body: string, key?: SigningKey): string {
  const content = `${messageId}.${timestampSeconds}.${body}`;
  const out: string[] = [];
  for (const one of signers.split(' ')) {
    if (one !== V1A) out.push(`v1,${createHmac('sha256', keyOf(one)).update(content).digest('base64')}`);
    else if (key) out.push(`v1a,${sign(null, Buffer.from(content), key.privateKey).toString('base64')}`);
  }
  return out.join(' ');
}
