import { converterPath } from '../generate/converters.js';
import { declaredVersions, newestByMajor, payloadVersionsOf, type PayloadVersion } from '../generate/payload-versions.js';
import type { Change } from './change.js';
import { diffContracts } from './diff.js';
import { addMonths, day } from './policy.js';
import { NOTICE_MONTHS, OPERATION_RULES, type OperationRule } from './rules.js';
import { walkOperations, type Json } from './walk.js';

export interface VersionsInput {
  current: Json;
  /** Every released contract (spec/released/). */
  released: Json[];
  /** The converters that exist, as paths under `folder`: `spec/converters/webhook.stockUpdate/2-to-1.ts`. */
  converters: readonly string[];
  folder: string;
  now: Date;
}

const change = (rule: OperationRule, operation: string, message: string): Change => ({
  rule,
  level: OPERATION_RULES[rule],
  side: 'receiver',
  operation,
  location: '',
  message,
  pagination: false,
});

const at = (date: string | undefined) => (date ? new Date(`${date}T00:00:00Z`) : undefined);

/** Each older version's dates: both or neither, at least the notice window apart. */
function checkSunsets(versions: PayloadVersion[]): Change[] {
  return versions.slice(0, -1).flatMap(({ version, deprecatedAt, sunset }): Change[] => {
    const label = `payload version ${version}`;
    if (!deprecatedAt && !sunset) return [];
    if (!deprecatedAt || !sunset)
      return [change('payload-version-sunset-missing', label, 'a deprecated payload version needs both `x-deprecated-at` and `x-sunset`')];
    const earliest = addMonths(at(deprecatedAt)!, NOTICE_MONTHS);
    if (at(sunset)! < earliest)
      return [
        change(
          'payload-version-sunset-date-too-small',
          label,
          `sunset ${sunset} is less than ${NOTICE_MONTHS} months after deprecation (${deprecatedAt}); the earliest is ${day(earliest)}`,
        ),
      ];
    return [];
  });
}

/** Versions the newest released contract sent that the current one no longer lists, and versions added or deprecated. */
function compareDeclarations(versions: PayloadVersion[], released: Json | undefined, now: Date): Change[] {
  if (!released) return [];
  const before = declaredVersions(released);
  const listed = new Map(versions.map((v) => [v.version, v]));
  const out: Change[] = [];
  for (const [version, { sunset }] of before) {
    const label = `payload version ${version}`;
    if (listed.has(version)) continue;
    if (!sunset)
      out.push(
        change(
          'payload-version-removed-without-deprecation',
          label,
          `removed without a sunset (deprecate it with \`x-deprecated-at\` and \`x-sunset\` at least ${NOTICE_MONTHS} months apart, then remove it after the sunset)`,
        ),
      );
    else if (at(sunset)! > now) out.push(change('payload-version-removed-before-sunset', label, `removed before its sunset ${sunset}`));
    else out.push(change('payload-version-removed-after-sunset', label, `removed after its sunset ${sunset}`));
  }
  for (const v of versions) {
    const label = `payload version ${v.version}`;
    if (!before.has(v.version)) out.push(change('payload-version-added', label, `added (contract ${v.contract})`));
    else if (v.deprecatedAt && !before.get(v.version)!.deprecatedAt)
      out.push(change('payload-version-deprecated', label, `deprecated, sunset ${v.sunset ?? 'missing'}`));
  }
  return out;
}

/** Each breaking payload change between two adjacent versions needs that event's converter for the step. */
function checkConverters(older: PayloadVersion, newer: PayloadVersion, input: VersionsInput): Change[] {
  const walked = walkOperations(newer.document);
  const breaking = new Map<string, Change[]>();
  for (const c of diffContracts(older.document, newer.document, input.now)) {
    if (c.level !== 'breaking' || !c.location.startsWith('body') || !walked.get(c.operation)?.event) continue;
    breaking.set(c.operation, [...(breaking.get(c.operation) ?? []), c]);
  }
  return [...breaking].flatMap(([operation, changes]) => {
    const { kind, name } = walked.get(operation)!.event!;
    const path = converterPath(input.folder, kind, name, newer.version);
    if (input.converters.includes(path)) return [];
    const why = changes.map((c) => `${c.rule} ${c.location}`).join('; ');
    return [
      change(
        'payload-converter-missing',
        operation,
        `${name}: breaking payload change ${newer.contract} → ${older.version} has no converter ${path} (${why})`,
      ),
    ];
  });
}

/**
 * The payload versions of the current contract (`info.x-clubnotify-payload-versions`) judged
 * against the released ones: well formed, none dropped before its sunset, sunsets with notice,
 * a converter for every event whose payload breaks between two adjacent versions, and no
 * breaking change to delivery headers (in `diff`, the changes since the newest release) while
 * older versions are sent.
 */
export function checkPayloadVersions(input: VersionsInput, diff: readonly Change[]): Change[] {
  let versions: PayloadVersion[];
  try {
    versions = payloadVersionsOf(input.current, input.released);
  } catch (error) {
    return [change('payload-versions-invalid', 'payload versions', (error as Error).message)];
  }
  const newest = [...newestByMajor(input.released).values()].at(-1);
  return [
    ...compareDeclarations(versions, newest, input.now),
    ...checkSunsets(versions),
    ...versions.slice(1).flatMap((newer, i) => checkConverters(versions[i]!, newer, input)),
    ...(versions.length > 1 ? unconvertible(diff) : []),
  ];
}

/** A breaking change to delivery headers reaches the receivers of every version: no converter can carry it. */
function unconvertible(changes: readonly Change[]): Change[] {
  return changes
    .filter((c) => c.level === 'breaking' && c.rule.startsWith('payload-header-'))
    .map((c) =>
      change(
        'payload-header-change-unconvertible',
        c.operation,
        `${c.location}: ${c.message}; delivery headers are the same in every payload version, so older versions' receivers would break too`,
      ),
    );
}
