import type { Change } from './change.js';
import { diffContracts } from './diff.js';
import { renderChangelog } from './report.js';
import { checkPayloadVersions } from './payload-versions.js';
import { NEVER_ALLOWED } from './rules.js';
import type { Json } from './walk.js';

export interface GateInput {
  released: Json;
  current: Json;
  /** The text of packages/spec/CHANGELOG.md. */
  changelog: string;
  now?: Date;
  /** Every released contract, for the payload versions' schemas (default: `released` alone). */
  releasedContracts?: Json[];
  /** The converters that exist, as `spec/converters/<kind>.<event>/<from>-to-<to>.ts` (default: none). */
  converters?: readonly string[];
  /** Where converters live (default `spec/converters`). */
  convertersFolder?: string;
  /** Which changes the text lists; the verdict always weighs all of them. */
  shown?: Shown;
}

export interface GateResult {
  ok: boolean;
  changes: Change[];
  /** The changelog of the difference and the verdict, for people. */
  text: string;
}

const majorOf = (version: string) => Number.parseInt(/^(\d+)\./.exec(version)?.[1] ?? 'NaN', 10);

/**
 * The text of the changelog's `## <version>` section (`## 2.0.0`, `## [2.0.0] - 2026-12-01`,
 * `## v2.0.0 (2026-12-01)`), trimmed; undefined when there is none.
 */
export function releaseSection(changelog: string, version: string): string | undefined {
  const sections = changelog.split(/^## /m).slice(1);
  const section = sections.find((s) => /^\[?v?([^\s\]]+)/.exec(s)?.[1] === version);
  return section?.replace(/^[^\n]*\n?/, '').trim();
}

/** True when the changelog describes `version`: a `## <version>` section with at least one line in it. */
export function describesRelease(changelog: string, version: string): boolean {
  return Boolean(releaseSection(changelog, version));
}

function unreleasedBreak(count: number, from: string, to: string, changelog: string): string {
  const changes = `${count} breaking change(s)`;
  if (majorOf(to) <= majorOf(from)) {
    const next = `${majorOf(from) + 1}.0.0`;
    return `✖ ${changes} and info.version is ${to}, not a new major over ${from}. Undo them, or set info.version to ${next} and describe the break under \`## ${next}\` in packages/spec/CHANGELOG.md.`;
  }
  const section = releaseSection(changelog, to);
  const state = section === undefined ? `has no \`## ${to}\` section` : `has an empty \`## ${to}\` section`;
  return `✖ ${changes} for the new major ${to}, and packages/spec/CHANGELOG.md ${state}. Describe the break there (a line per change is enough), or undo them.`;
}

function verdict(changes: Change[], from: string, to: string, changelog: string): { ok: boolean; text: string } {
  if (majorOf(to) < majorOf(from) || Number.isNaN(majorOf(to)))
    return { ok: false, text: `✖ info.version ${to} is not a semver version at or above the released ${from}.` };
  const breaking = changes.filter((c) => c.level === 'breaking');
  const refused = breaking.filter((c) => NEVER_ALLOWED.has(c.rule));
  if (refused.length > 0) {
    const rules = [...new Set(refused.map((c) => c.rule))].join(', ');
    const each = refused.map((c) => `\n  - ${c.operation}: ${c.message}`).join('');
    return {
      ok: false,
      text: `✖ ${refused.length} change(s) break the deprecation policy or the payload versions (${rules}); a new major does not allow them:${each}`,
    };
  }
  if (breaking.length === 0) return { ok: true, text: '✔ no breaking change' };
  if (majorOf(to) > majorOf(from) && describesRelease(changelog, to))
    return {
      ok: true,
      text: `✔ ${breaking.length} breaking change(s), released as the new major ${to}, described under \`## ${to}\` in the changelog`,
    };
  return { ok: false, text: unreleasedBreak(breaking.length, from, to, changelog) };
}

/** What the changelog shows: every change (default), or only breaking ones, or only those the contract `since` did not have yet. */
export interface Shown {
  breakingOnly?: boolean;
  /** The contract at an earlier commit: changes it already had against the release are left out. */
  since?: Json;
  /** How to name `since` (`--since main`). */
  sinceLabel?: string;
}

const keyOf = (c: Change) => JSON.stringify([c.rule, c.operation, c.location, c.message]);

function changesOf(
  released: Json,
  current: Json,
  now: Date,
  versions: Omit<GateInput, 'released' | 'current' | 'changelog' | 'now' | 'shown'>,
) {
  const diff = diffContracts(released, current, now);
  const input = {
    current,
    released: versions.releasedContracts ?? [released],
    converters: versions.converters ?? [],
    folder: versions.convertersFolder ?? 'spec/converters',
    now,
  };
  return [...diff, ...checkPayloadVersions(input, diff)];
}

/** The changes to print, and a line saying what was left out. */
function shownChanges(changes: Change[], shown: Shown, earlier: Change[] | undefined): { list: Change[]; note: string } {
  const seen = new Set((earlier ?? []).map(keyOf));
  let list = earlier ? changes.filter((c) => !seen.has(keyOf(c))) : changes;
  if (shown.breakingOnly) list = list.filter((c) => c.level === 'breaking');
  const why = [shown.breakingOnly && 'non-breaking', earlier && `already there at ${shown.sinceLabel ?? 'the earlier commit'}`]
    .filter(Boolean)
    .join(' or ');
  const hidden = changes.length - list.length;
  return { list, note: hidden > 0 ? `(${hidden} more change(s) not shown: ${why}; the verdict counts them all)` : '' };
}

/** Compares the current contract with the released one and decides whether it may ship. */
export function runGate({ released, current, changelog, now = new Date(), shown = {}, ...versions }: GateInput): GateResult {
  const from = String(released.info?.version);
  const to = String(current.info?.version);
  const changes = changesOf(released, current, now, versions);
  const earlier = shown.since ? changesOf(released, shown.since, now, versions) : undefined;
  const { list, note } = shownChanges(changes, shown, earlier);
  const header = `spec:diff: released ${from} -> current ${to}${shown.since ? ` (changes since ${shown.sinceLabel ?? 'the earlier commit'})` : ''}`;
  const { ok, text } = verdict(changes, from, to, changelog);
  const listed = list.length === 0 && changes.length > 0 ? 'no changes to show' : renderChangelog(list);
  return { ok, changes, text: [header, listed, note, text].filter(Boolean).join('\n') };
}
