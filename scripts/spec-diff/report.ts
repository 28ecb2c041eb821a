import type { Change } from './change.js';

/** Who a change breaks, in the words of the changelog. */
export function whoItBreaks(change: Change): string {
  if (change.side === 'receiver') return "subscribers' receivers";
  return change.pagination ? 'SDK paginators and every integrated client' : 'every integrated client (SDK and direct HTTP)';
}

function line(change: Change): string {
  const where = [change.operation, change.location].filter(Boolean).join('  ');
  const head = `${change.level === 'breaking' ? 'BREAKING' : 'non-breaking'}  ${change.rule}  ${where}`;
  const breaks = change.level === 'breaking' ? `\n    breaks: ${whoItBreaks(change)}` : '';
  return `${head}\n    ${change.message}${breaks}`;
}

/** The changelog of a diff, breaking changes first. */
export function renderChangelog(changes: readonly Change[]): string {
  if (changes.length === 0) return 'no changes to operations, parameters, bodies, headers, statuses, webhooks or callbacks';
  const ordered = [...changes].sort((a, b) => Number(b.level === 'breaking') - Number(a.level === 'breaking'));
  const breaking = changes.filter((c) => c.level === 'breaking').length;
  return `${ordered.map(line).join('\n')}\n${breaking} breaking, ${changes.length - breaking} non-breaking`;
}
