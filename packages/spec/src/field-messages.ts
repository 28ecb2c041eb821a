import type { AjvError } from './compiled-validator.js';

const DATE_TIME = 'must be an RFC 3339 date-time such as 2026-12-12T20:00:00Z (years 1900 to 9998, a T, Z or an offset such as +01:00)';

/** What each `format` of the spec asks for, phrased for people. */
export const formatPhrases: Record<string, string> = {
  'date-time': DATE_TIME,
  date: 'must be an RFC 3339 full date such as 2027-06-06',
  uri: 'must be an absolute URL such as https://hooks.example.com/clubnotify',
  'uri-reference': 'must be a URL or a path',
};

/**
 * What each `pattern` of the spec asks for, phrased for people: the regular expression is
 * never the message. A test fails when the spec gains a pattern that is not listed here.
 */
export const patternPhrases: Record<string, string> = {
  '^(19\\d\\d|[2-8]\\d\\d\\d|9[0-8]\\d\\d|99[0-8]\\d|999[0-8])-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])T([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?(Z|[+-]([01]\\d|2[0-3]):[0-5]\\d)$':
    DATE_TIME,
  '^whsec_[A-Za-z0-9+/]{43}=$': 'must be a whsec_ secret: whsec_ and the base64 of 32 bytes',
  '^whpk_[A-Za-z0-9+/]{43}=$': 'must be a whpk_ public key: whpk_ and the base64 of a 32-byte ed25519 public key',
  '^[A-Z]{3}$': 'must be a three-letter ISO 4217 currency code in capitals, such as EUR',
  '^[0-9]{1,12}$': 'must be Unix seconds: 1 to 12 digits',
  '^v1,[A-Za-z0-9+/=]+( v1,[A-Za-z0-9+/=]+)*$': 'must be one or more v1,<base64 signature> separated by spaces',
  '^v1a?,[A-Za-z0-9+/=]+( v1a?,[A-Za-z0-9+/=]+)*$': 'must be one or more v1,<base64> or v1a,<base64> signatures separated by spaces',
  '^msg_[A-Za-z0-9]+$': 'must be a message id: msg_ followed by letters and digits',
  '^[\\x21-\\x7E]+$': 'must be printable ASCII without spaces',
  '^[\\x20-\\x7E]*$': 'must be printable ASCII',
  '^[0-9]{1,4}$': 'must be a whole number of 1 to 4 digits',
  '^[0-9]{1,9}$': 'must be a whole number of 1 to 9 digits',
  '^[0-9]{1,3}$': 'must be a whole number of 1 to 3 digits',
  '^[1-9][0-9]{0,15}$': 'must be a whole number from 1, of at most 16 digits',
  '^[A-Za-z0-9_-]{1,64}$': 'must be a key id: 1 to 64 base64url characters (letters, digits, - and _)',
  '^[A-Za-z0-9_-]{43}$': 'must be an Ed25519 public key: the 43 base64url characters of its 32 bytes',
  '^key_[a-z0-9]{1,60}$': 'must be a key id: key_ followed by 1 to 60 lower-case letters and digits',
};

const typeNames: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'a string',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function plural(n: unknown, one: string): string {
  return `${String(n)} ${one}${n === 1 ? '' : 's'}`;
}

const byKeyword: Record<string, (params: Record<string, unknown>) => string> = {
  type: (p) =>
    `must be ${String(p.type)
      .split(',')
      .map((t) => typeNames[t] ?? t)
      .join(' or ')}`,
  minimum: (p) => `must be at least ${String(p.limit)}`,
  maximum: (p) => `must be at most ${String(p.limit)}`,
  exclusiveMinimum: (p) => `must be greater than ${String(p.limit)}`,
  exclusiveMaximum: (p) => `must be less than ${String(p.limit)}`,
  multipleOf: (p) => `must be a multiple of ${String(p.multipleOf)}`,
  minLength: (p) => (p.limit === 1 ? 'must not be empty' : `must be at least ${plural(p.limit, 'character')} long`),
  maxLength: (p) => `must be at most ${plural(p.limit, 'character')} long`,
  minItems: (p) => `must have at least ${plural(p.limit, 'item')}`,
  maxItems: (p) => `must have at most ${plural(p.limit, 'item')}`,
  minProperties: (p) => `must have at least ${plural(p.limit, 'field')}`,
  maxProperties: (p) => `must have at most ${plural(p.limit, 'field')}`,
  uniqueItems: () => 'must not list the same item twice',
  enum: (p) => `must be one of ${(p.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
  const: (p) => `must be ${JSON.stringify(p.allowedValue)}`,
  format: (p) => formatPhrases[String(p.format)] ?? `must be a valid ${String(p.format)}`,
  pattern: (p) => patternPhrases[String(p.pattern)] ?? 'is not in the form this field takes (see its description in the API reference)',
  oneOf: () => 'does not match any of the forms this field takes',
  anyOf: () => 'does not match any of the forms this field takes',
  not: () => 'is a value this field does not take',
};

/** One Ajv error as a sentence for people ("must be at most 100"), never a regular expression. */
export function describeAjvError(error: AjvError): string {
  const phrase = byKeyword[error.keyword];
  if (phrase) return phrase(error.params);
  return (error.message ?? `is not valid (${error.keyword})`).replace(/\bNOT\b/g, 'not');
}
