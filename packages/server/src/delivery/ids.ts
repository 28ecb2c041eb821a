import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random base62 identifier with a prefix, e.g. `msg_2Yq9aWn0eMZkFJb3Lr7xS1`. */
export function newId(prefix: string, length = 22): string {
  return newIds(prefix, 1, length)[0]!;
}

/**
 * `count` random base62 identifiers with a prefix, drawn from one buffer of random bytes
 * (a publish needs two per registration; one system call each cost more than the rest).
 */
export function newIds(prefix: string, count: number, length = 22): string[] {
  const ids: string[] = [];
  let bytes = randomBytes(count * length * 2);
  let at = 0;
  while (ids.length < count) {
    let out = '';
    while (out.length < length) {
      if (at === bytes.length) [bytes, at] = [randomBytes(length * 2), 0];
      const b = bytes[at++]!;
      // 62 * 4 = 248: rejecting bytes >= 248 keeps every character equally likely.
      if (b < 248) out += alphabet[b % 62];
    }
    ids.push(`${prefix}_${out}`);
  }
  return ids;
}
