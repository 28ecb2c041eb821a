import { whole, type Scope } from './change.js';
import { NOTICE_MONTHS } from './rules.js';
import { deref, type Json, type WalkedOperation } from './walk.js';

/** The dates of a deprecated operation (`x-deprecated-at`, `x-sunset`: RFC 3339 dates), undefined when absent or invalid. */
export function deprecationOf(operation: Json): { deprecatedAt?: Date; sunset?: Date } {
  const date = (value: unknown) => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value) : undefined);
  return { deprecatedAt: date(operation['x-deprecated-at']), sunset: date(operation['x-sunset']) };
}

/** `date` moved `months` calendar months on (UTC). */
export function addMonths(date: Date, months: number): Date {
  const out = new Date(date);
  out.setUTCMonth(out.getUTCMonth() + months);
  return out;
}

export const day = (date: Date) => date.toISOString().slice(0, 10);

function checkHeadersDeclared(scope: Scope, operation: Json): void {
  for (const [status, response] of Object.entries((operation.responses ?? {}) as Json)) {
    if (!status.startsWith('2')) continue;
    const declared = Object.keys((deref(scope.after, response) as Json).headers ?? {}).map((h) => h.toLowerCase());
    const missing = ['Deprecation', 'Sunset'].filter((h) => !declared.includes(h.toLowerCase()));
    if (missing.length > 0)
      whole(
        scope,
        'api-deprecation-headers-undeclared',
        `response ${status} of a deprecated operation must declare ${missing.join(' and ')} (components/headers/${missing[0]}.yaml)`,
      );
  }
}

/** A deprecated operation must say since when and until when, with at least the notice window between; one we answer declares the headers it gets. */
export function checkDeprecated(scope: Scope, operation: Json): void {
  if (operation.deprecated !== true) return;
  // Webhooks and callbacks are requests the service sends: there is no answer of ours to carry the headers.
  if (scope.side === 'client') checkHeadersDeclared(scope, operation);
  const { deprecatedAt, sunset } = deprecationOf(operation);
  if (!deprecatedAt || !sunset) {
    whole(scope, 'api-deprecated-sunset-missing', 'a deprecated operation needs `x-deprecated-at` and `x-sunset` dates (YYYY-MM-DD)');
    return;
  }
  const earliest = addMonths(deprecatedAt, NOTICE_MONTHS);
  if (sunset < earliest) {
    whole(
      scope,
      'api-sunset-date-too-small',
      `sunset ${day(sunset)} is less than ${NOTICE_MONTHS} months after deprecation (${day(deprecatedAt)}); the earliest is ${day(earliest)}`,
    );
  }
}

/** Removal is allowed only for an operation the released contract deprecated and whose sunset has passed. */
export function checkRemoved(scope: Scope, released: WalkedOperation, now: Date): void {
  const { sunset } = deprecationOf(released.operation);
  if (released.operation.deprecated !== true || !sunset) {
    whole(
      scope,
      'api-removed-without-deprecation',
      `removed without being deprecated first (deprecate it with a sunset at least ${NOTICE_MONTHS} months away, then remove it after the sunset)`,
    );
  } else if (sunset > now) whole(scope, 'api-removed-before-sunset', `removed before its sunset ${day(sunset)}`);
  else whole(scope, 'api-removed-after-sunset', `removed after its sunset ${day(sunset)}`);
}

/** Deprecation changes between two versions of an operation and of its parameters. */
export function checkDeprecationChanges(scope: Scope, before: WalkedOperation, after: WalkedOperation): void {
  if (after.operation.deprecated === true && before.operation.deprecated !== true) {
    const { sunset } = deprecationOf(after.operation);
    whole(scope, 'endpoint-deprecated', `deprecated${sunset ? `, sunset ${day(sunset)}` : ''}`);
  }
  if (before.operation.deprecated === true && after.operation.deprecated !== true)
    whole(scope, 'endpoint-reactivated', 'no longer deprecated');
  const wasDeprecated = new Set(before.parameters.filter((p) => p.deprecated === true).map((p) => `${p.in} ${p.name}`));
  for (const parameter of after.parameters) {
    const key = `${parameter.in} ${parameter.name}`;
    if (parameter.deprecated === true && !wasDeprecated.has(key))
      whole(scope, 'request-parameter-deprecated', `parameter \`${key}\` deprecated`);
  }
}
