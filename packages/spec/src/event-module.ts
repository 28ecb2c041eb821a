import type { CompiledValidator } from './compiled-validator.js';
import { toFieldErrors, type ValidationResult } from './field-errors.js';

/**
 * One event of the spec with only its own validator, as `@clubnotify/spec/events/<kind>.<name>`
 * exports it: what a receiver for that one event needs, without the whole catalogue.
 */
export interface EventModule<P = unknown, K extends 'webhook' | 'callback' = 'webhook' | 'callback', N extends string = string> {
  readonly kind: K;
  readonly name: N;
  readonly contentType: string;
  /** The response keys the spec declares for the receiver: `200`, `4XX`, `default`. */
  readonly responses: readonly string[];
  /** Checks a parsed payload against the event's schema; pointers start at `/body`. */
  validate(payload: unknown): ValidationResult;
  /** Never set: carries the payload type to the handler. */
  readonly payload?: P;
}

export function eventModule<P, K extends 'webhook' | 'callback', N extends string>(
  event: { kind: K; name: N; contentType: string; responses: readonly string[] },
  validator: CompiledValidator,
): EventModule<P, K, N> {
  return {
    ...event,
    validate: (payload) => (validator(payload) ? { ok: true } : { ok: false, errors: toFieldErrors('/body', validator.errors ?? []) }),
  };
}
