import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random base62 identifier with a prefix, e.g. `msg_2Yq9aWn0eMZkFJb3Lr7xS1`. */
export function newId(prefix: string, length = 22): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  // 62 * 4 = 248: rejecting bytes >= 248 keeps every character equally likely.
  for (let i = 0; i < bytes.length && out.length < length; i++) {
    const b = bytes[i]!;
    if (b < 248) out += alphabet[b % 62];
  }
  return out.length === length ? `${prefix}_${out}` : newId(prefix, length);
}
