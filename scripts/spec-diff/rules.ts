import type { Side } from './walk.js';

/**
 * Which way data flows for the consumer: `read` is what the consumer receives (responses for
 * clients, payloads and delivery headers for receivers), `write` is what it sends (requests for
 * clients, the answer for receivers). A change narrows or widens a value; widening what a
 * consumer reads and narrowing what it writes break it.
 */
export type Direction = 'read' | 'write';

export type Level = 'breaking' | 'non-breaking';

interface Rule {
  read: Level;
  write: Level;
}

const B: Level = 'breaking';
const N: Level = 'non-breaking';

/** Schema and parameter changes, judged by direction. Ids follow oasdiff's (`response-property-removed`, ...). */
export const DIRECTED_RULES = {
  'property-removed': { read: B, write: B }, // written bodies are closed: unknown fields are a 400
  'property-added': { read: N, write: N },
  'required-property-added': { read: N, write: B },
  'property-became-required': { read: N, write: B },
  'property-became-optional': { read: B, write: N },
  'type-widened': { read: B, write: N },
  'type-narrowed': { read: N, write: B },
  'type-changed': { read: B, write: B },
  'enum-value-added': { read: B, write: N },
  'enum-value-removed': { read: N, write: B },
  'constraint-widened': { read: B, write: N },
  'constraint-narrowed': { read: N, write: B },
  'format-changed': { read: B, write: B },
  'pattern-changed': { read: B, write: B },
  'media-type-removed': { read: B, write: B },
  'media-type-added': { read: N, write: N },
  'header-removed': { read: B, write: N },
  'header-added': { read: N, write: N },
  'header-became-optional': { read: B, write: N },
  'parameter-removed': { read: B, write: B }, // unknown query parameters are a 400
  'required-parameter-added': { read: N, write: B },
  'optional-parameter-added': { read: N, write: N },
  'parameter-became-required': { read: N, write: B },
  'parameter-became-optional': { read: B, write: N },
  'body-became-required': { read: N, write: B },
  'success-status-removed': { read: B, write: B },
  'non-success-status-removed': { read: N, write: B },
  'status-added': { read: N, write: N },
  // An `anyOf` branch marked `x-clubnotify-opt-in` (opt-in.ts) reaches only targets that chose it.
  'opt-in-variant-added': { read: N, write: N },
  'opt-in-variant-removed': { read: N, write: B },
  'opt-in-unsafe': { read: B, write: B },
} satisfies Record<string, Rule>;

export type DirectedRule = keyof typeof DIRECTED_RULES;

/** Changes to whole operations and to the deprecation policy; the same for either side. */
export const OPERATION_RULES = {
  'endpoint-added': N,
  'api-security-changed': B,
  'api-security-removed': N,
  'api-removed-without-deprecation': B,
  'api-removed-before-sunset': B,
  'api-removed-after-sunset': B,
  'endpoint-deprecated': N,
  'endpoint-reactivated': N,
  'api-deprecated-sunset-missing': B,
  'api-sunset-date-too-small': B,
  'api-deprecation-headers-undeclared': B,
  'request-parameter-deprecated': N,
  'payload-version-added': N,
  'payload-version-deprecated': N,
  'payload-version-removed-after-sunset': N,
  'payload-version-removed-without-deprecation': B,
  'payload-version-removed-before-sunset': B,
  'payload-version-sunset-missing': B,
  'payload-version-sunset-date-too-small': B,
  'payload-versions-invalid': B,
  'payload-converter-missing': B,
  'payload-header-change-unconvertible': B,
} satisfies Record<string, Level>;

export type OperationRule = keyof typeof OPERATION_RULES;

/** The deprecation policy and the payload versions' promise: breaks that even a new major does not allow. */
export const NEVER_ALLOWED = new Set<string>([
  'api-removed-without-deprecation',
  'api-removed-before-sunset',
  'api-deprecated-sunset-missing',
  'api-sunset-date-too-small',
  'api-deprecation-headers-undeclared',
  'payload-version-removed-without-deprecation',
  'payload-version-removed-before-sunset',
  'payload-version-sunset-missing',
  'payload-version-sunset-date-too-small',
  'payload-versions-invalid',
  'payload-converter-missing',
  'payload-header-change-unconvertible',
]);

/** Minimum notice between `x-deprecated-at` and `x-sunset`, and so before removal. */
export const NOTICE_MONTHS = 6;

/** Where in an operation a directed change sits, which names the rule: `response-property-removed`. */
export type Place =
  'request' | 'request-parameter' | 'response' | 'response-header' | 'payload' | 'payload-header' | 'reply' | 'reply-header';

export function levelOf(rule: DirectedRule, direction: Direction): Level {
  return DIRECTED_RULES[rule][direction];
}

/** Which way the consumer of a place sees its data. */
export function directionOf(place: Place): Direction {
  return place.startsWith('response') || place.startsWith('payload') ? 'read' : 'write';
}

/** The place of request and response parts for the side that consumes the operation. */
export function placesFor(side: Side): { body: Place; parameter: Place; response: Place; responseHeader: Place } {
  return side === 'client'
    ? { body: 'request', parameter: 'request-parameter', response: 'response', responseHeader: 'response-header' }
    : { body: 'payload', parameter: 'payload-header', response: 'reply', responseHeader: 'reply-header' };
}
