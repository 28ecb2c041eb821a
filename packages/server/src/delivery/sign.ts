import { createHmac } from 'node:crypto';

/**
 * The Standard Webhooks signature header value for one attempt:
 * `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, keyed with the base64 part of a
 * `whsec_` secret.
 */
export function signPayload(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.startsWith('whsec_') ? secret.slice(6) : secret, 'base64');
  const mac = createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}
