import type { AjvError } from './compiled-validator.js';
import { describeAjvError } from './field-messages.js';

/** One problem with one field, as it appears in a problem+json `errors[]`. */
export interface FieldError {
  /** JSON pointer rooted at the request location, e.g. `/body/url` or `/query/limit`. */
  pointer: string;
  detail: string;
}

export type ValidationResult = { ok: true } | { ok: false; errors: FieldError[] };

/** One error per field (Ajv reports a bad date-time twice, as a pattern and as a format), phrased for people. */
export function toFieldErrors(root: string, errors: AjvError[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of errors) {
    let pointer = root + error.instancePath;
    let detail = describeAjvError(error);
    if (error.keyword === 'required') {
      pointer += `/${String(error.params.missingProperty)}`;
      detail = 'is required';
    }
    if (error.keyword === 'additionalProperties') {
      pointer += `/${String(error.params.additionalProperty)}`;
      detail = 'is not a known field';
    }
    if (seen.has(pointer)) continue;
    seen.add(pointer);
    out.push({ pointer, detail });
  }
  return out;
}
