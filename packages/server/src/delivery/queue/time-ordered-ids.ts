import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** Base62 digits of the millisecond clock: 62^7 ms reach the year 2081. */
const TIME_DIGITS = 7;

/**
 * A time-ordered base62 identifier with a prefix, e.g. `msg_1aBcDeF2Yq9aWn0eMZkFJb3`: the
 * millisecond it was made (7 digits), then random characters (15 of 22 by default, 89 random bits).
 */
export function timeOrderedId(prefix: string, length = 22): string {
  return timeOrderedIds(prefix, 1, length)[0]!;
}

/**
 * `count` time-ordered base62 identifiers with a prefix, their random part drawn from one buffer
 * of random bytes (a publish needs two per registration; one system call each cost more than the rest).
 *
 * Time-ordered, like KSUIDs: the history's primary key, its message index and the attempt log's
 * key grow at their right edge, as `seq` does. Random ids sent each insert to a random leaf of
 * indexes of millions of entries: a page read once they outgrow the buffer cache, and a page
 * dirtied (a full-page image in the WAL after each checkpoint) per index and message
 * (issue 29.3; `test/delivery/queue/id-locality.test.ts`). Same alphabet, length and prefix as before.
 */
export function timeOrderedIds(prefix: string, count: number, length = 22): string[] {
  const time = timeDigits(Date.now());
  const random = length - TIME_DIGITS;
  const ids: string[] = [];
  let bytes = randomBytes(count * random * 2);
  let at = 0;
  while (ids.length < count) {
    let out = time;
    while (out.length < length) {
      if (at === bytes.length) [bytes, at] = [randomBytes(random * 2), 0];
      const b = bytes[at++]!;
      // 62 * 4 = 248: rejecting bytes >= 248 keeps every character equally likely.
      if (b < 248) out += alphabet[b % 62];
    }
    ids.push(`${prefix}_${out}`);
  }
  return ids;
}

/** `ms` in base62, fixed width: in byte order (and the C collation) the digits sort as the times do. */
export function timeDigits(ms: number): string {
  let out = '';
  for (let n = Math.floor(ms), i = 0; i < TIME_DIGITS; i++, n = Math.floor(n / 62)) out = alphabet[n % 62] + out;
  return out;
}

const TIME_ORDERED = /^[a-z]+_([0-9A-Za-z]{7})[0-9A-Za-z]{15}$/;

/**
 * The millisecond a time-ordered id was made, or undefined when it has not their shape. An id of
 * their shape may still be a random one made before (same alphabet and length): callers check what they find.
 */
export function timeOfId(id: string): number | undefined {
  const digits = TIME_ORDERED.exec(id)?.[1];
  if (digits === undefined) return undefined;
  let ms = 0;
  for (const c of digits) ms = ms * 62 + alphabet.indexOf(c);
  return ms;
}
