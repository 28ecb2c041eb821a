import type { CompiledValidator } from './compiled-validator.js';
import { toFieldErrors, type FieldError, type ValidationResult } from './field-errors.js';
import { bodyValidators, type BodyValidatorKey } from './generated/body-validators.js';
import { paramValidators, type ParamValidatorKey } from './generated/param-validators.js';

export type { BodyValidatorKey, ParamValidatorKey, FieldError, ValidationResult };

function run(validator: CompiledValidator | undefined, root: string, data: unknown): ValidationResult {
  if (!validator) throw new Error(`no validator for ${root}`);
  if (validator(data)) return { ok: true };
  return { ok: false, errors: toFieldErrors(root, validator.errors ?? []) };
}

/**
 * Validates a body (request, response or event payload) against its schema in the spec.
 * `root` prefixes the pointers, `/body` by default.
 */
export function validateBody(key: BodyValidatorKey, data: unknown, root = '/body'): ValidationResult {
  return run(bodyValidators[key], root, data);
}

/**
 * Validates and coerces request parameters in place (strings become integers, defaults
 * are filled in). `location` is `query`, `path` or `header`; header names must be lower case.
 */
export function validateParams(key: ParamValidatorKey, params: Record<string, unknown>): ValidationResult {
  const location = key.slice(key.lastIndexOf('.') + 1);
  const result = run(paramValidators[key], `/${location}`, params);
  // Ajv coerces 'Infinity' and '1e400' to Infinity and then skips minimum/maximum for it.
  const infinite = Object.keys(params).filter((name) => typeof params[name] === 'number' && !Number.isFinite(params[name]));
  if (infinite.length === 0) return result;
  const errors = infinite.map((name) => ({ pointer: `/${location}/${name}`, detail: 'must be a finite number' }));
  return { ok: false, errors: result.ok ? errors : [...result.errors, ...errors] };
}

/**
 * Validates a body with another set of compiled validators, such as the `bodyValidators` that
 * scripts/generate.ts writes for another spec; an unknown key throws.
 */
export function validateBodyWith(
  validators: Readonly<Record<string, CompiledValidator>>,
  key: string,
  data: unknown,
  root = '/body',
): ValidationResult {
  return run(Object.hasOwn(validators, key) ? validators[key] : undefined, root, data);
}

/** Whether a validator exists for this key (for callers that build keys at run time). */
export function hasBodyValidator(key: string): key is BodyValidatorKey {
  return Object.hasOwn(bodyValidators, key);
}

export function hasParamValidator(key: string): key is ParamValidatorKey {
  return Object.hasOwn(paramValidators, key);
}
