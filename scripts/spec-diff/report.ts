import type { Change } from './change.js';
import { NEVER_ALLOWED, NOTICE_MONTHS } from './rules.js';

/** A breach of the deprecation policy or of the payload versions' promise: no release allows it. */
const isPolicy = (change: Change) => NEVER_ALLOWED.has(change.rule);

/** What a policy breach breaks: the promise the contract makes, not a client's code today. */
function promiseBroken(change: Change): string {
  return change.rule.startsWith('payload')
    ? "the payload versions' promise: receivers of an older version keep getting it, converted, until its sunset"
    : `the deprecation policy: clients get dates and Deprecation/Sunset headers, and ${NOTICE_MONTHS} months, before anything goes`;
}

/** Who a change breaks, in the words of the changelog. */
export function whoItBreaks(change: Change): string {
  if (isPolicy(change)) return promiseBroken(change);
  if (change.side === 'receiver') return "subscribers' receivers";
  return change.pagination ? 'SDK paginators and every integrated client' : 'every integrated client (SDK and direct HTTP)';
}

function line(change: Change): string {
  const where = [change.operation, change.location].filter(Boolean).join('  ');
  const label = isPolicy(change) ? 'POLICY' : change.level === 'breaking' ? 'BREAKING' : 'non-breaking';
  const head = `${label}  ${change.rule}  ${where}`;
  const breaks = change.level === 'breaking' ? `\n    ${isPolicy(change) ? 'violates' : 'breaks'}: ${whoItBreaks(change)}` : '';
  return `${head}\n    ${change.message}${breaks}`;
}

/** The changelog of a diff, breaking changes first. */
export function renderChangelog(changes: readonly Change[]): string {
  if (changes.length === 0) return 'no changes to operations, parameters, bodies, headers, statuses, webhooks or callbacks';
  const rank = (c: Change) => (isPolicy(c) ? 2 : c.level === 'breaking' ? 1 : 0);
  const ordered = [...changes].sort((a, b) => rank(b) - rank(a));
  const policy = changes.filter(isPolicy).length;
  const breaking = changes.filter((c) => c.level === 'breaking').length - policy;
  return `${ordered.map(line).join('\n')}\n${policy > 0 ? `${policy} policy violation(s), ` : ''}${breaking} breaking, ${changes.length - breaking - policy} non-breaking`;
}
