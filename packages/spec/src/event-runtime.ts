import type { CompiledValidator } from './compiled-validator.js';
import { toFieldErrors, type ValidationResult } from './field-errors.js';

/**
 * What the per-event modules of `src/generated/events/` (this spec's, or another spec's run
 * through scripts/generate.ts) import at run time: small, and nothing of the catalogue.
 */

/**
 * One event of the spec with only its own validator, as `@clubnotify/spec/events/<kind>.<name>`
 * exports it: what a receiver for that one event needs, without the whole catalogue.
 */
export interface EventModule<P = unknown, K extends 'webhook' | 'callback' = 'webhook' | 'callback', N extends string = string> {
  readonly kind: K;
  readonly name: N;
  /** The payload version (a major of the contract) whose schema `validate` checks. */
  readonly payloadVersion: number;
  readonly contentType: string;
  /** The response keys the spec declares for the receiver: `200`, `4XX`, `default`. */
  readonly responses: readonly string[];
  /** Where the event's ordering key is (`x-clubnotify-ordering-key`); absent for an event that is not ordered. */
  readonly orderingKey?: { readonly source: 'payload' | 'subscription'; readonly pointer: string };
  /** Checks a parsed payload against the event's schema; pointers start at `/body`. */
  validate(payload: unknown): ValidationResult;
  /** Never set: carries the payload type to the handler. */
  readonly payload?: P;
}

export function eventModule<P, K extends 'webhook' | 'callback', N extends string>(
  event: {
    kind: K;
    name: N;
    payloadVersion: number;
    contentType: string;
    responses: readonly string[];
    orderingKey?: { source: 'payload' | 'subscription'; pointer: string };
  },
  validator: CompiledValidator,
): EventModule<P, K, N> {
  return {
    ...event,
    validate: (payload) => (validator(payload) ? { ok: true } : { ok: false, errors: toFieldErrors('/body', validator.errors ?? []) }),
  };
}

/** String length in code points, as Ajv counts it for minLength and maxLength (its runtime's ucs2length). */
export function ucs2length(text: string): number {
  let length = 0;
  for (let pos = 0; pos < text.length; length++) {
    const code = text.charCodeAt(pos++);
    if (code >= 0xd800 && code <= 0xdbff && pos < text.length && (text.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;
  }
  return length;
}
