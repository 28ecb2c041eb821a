import type { Change } from './change.js';
import { diffContracts } from './diff.js';
import { renderChangelog } from './report.js';
import { NEVER_ALLOWED } from './rules.js';
import type { Json } from './walk.js';

export interface GateInput {
  released: Json;
  current: Json;
  /** The text of packages/spec/CHANGELOG.md. */
  changelog: string;
  now?: Date;
}

export interface GateResult {
  ok: boolean;
  changes: Change[];
  /** The changelog of the difference and the verdict, for people. */
  text: string;
}

const majorOf = (version: string) => Number.parseInt(/^(\d+)\./.exec(version)?.[1] ?? 'NaN', 10);

/** True when the changelog has a `## <version>` section that mentions a breaking change. */
export function hasBreakingEntry(changelog: string, version: string): boolean {
  const sections = changelog.split(/^## /m).slice(1);
  // `## 2.0.0`, `## [2.0.0] - 2026-12-01`, `## v2.0.0 (2026-12-01)`
  const section = sections.find((s) => /^\[?v?([^\s\]]+)/.exec(s)?.[1] === version);
  return section !== undefined && /\bbreaking\b/i.test(section);
}

function verdict(changes: Change[], from: string, to: string, changelog: string): { ok: boolean; text: string } {
  if (majorOf(to) < majorOf(from) || Number.isNaN(majorOf(to)))
    return { ok: false, text: `✖ info.version ${to} is not a semver version at or above the released ${from}.` };
  const breaking = changes.filter((c) => c.level === 'breaking');
  const refused = breaking.filter((c) => NEVER_ALLOWED.has(c.rule));
  if (refused.length > 0) {
    return {
      ok: false,
      text: `✖ ${refused.length} change(s) break the deprecation policy (${[...new Set(refused.map((c) => c.rule))].join(', ')}); a new major does not allow them.`,
    };
  }
  if (breaking.length === 0) return { ok: true, text: '✔ no breaking change' };
  const major = majorOf(to) > majorOf(from);
  if (major && hasBreakingEntry(changelog, to))
    return {
      ok: true,
      text: `✔ ${breaking.length} breaking change(s), released as the new major ${to} with a breaking entry in the changelog`,
    };
  const next = `${majorOf(from) + 1}.0.0`;
  const missing = major
    ? `packages/spec/CHANGELOG.md has no \`## ${to}\` section with a breaking entry`
    : `info.version is ${to}, not a new major over ${from}`;
  return {
    ok: false,
    text: `✖ ${breaking.length} breaking change(s) and ${missing}. Undo them, or set info.version to ${major ? to : next} and describe the break under \`## ${major ? to : next}\` in packages/spec/CHANGELOG.md.`,
  };
}

/** Compares the current contract with the released one and decides whether it may ship. */
export function runGate({ released, current, changelog, now }: GateInput): GateResult {
  const from = String(released.info?.version);
  const to = String(current.info?.version);
  const changes = diffContracts(released, current, now);
  const header = `spec:diff: released ${from} -> current ${to}`;
  const { ok, text } = verdict(changes, from, to, changelog);
  return { ok, changes, text: `${header}\n${renderChangelog(changes)}\n${text}` };
}
