import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { OpenAPIDocument } from './bundle.js';

/** The extension on `info` listing the payload versions (majors) that webhooks and callbacks are still sent in. */
export const PAYLOAD_VERSIONS_EXTENSION = 'x-clubnotify-payload-versions';

/** One payload version: a major of the contract, with the contract whose payload schemas it sends. */
export interface PayloadVersion {
  version: number;
  /** `info.version` of its contract: the newest released of that major, or the current one. */
  contract: string;
  /** `x-deprecated-at` and `x-sunset` of the declaration (`YYYY-MM-DD`), when set. */
  deprecatedAt?: string;
  sunset?: string;
  document: OpenAPIDocument;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The major of a semver `info.version`. */
export function majorOf(version: unknown): number {
  const major = /^(\d+)\.\d+\.\d+/.exec(String(version))?.[1];
  if (major === undefined) throw new Error(`info.version ${JSON.stringify(version)} is not semver: payload versions are its majors`);
  return Number(major);
}

function bySemver(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.-]/).slice(0, 3).map(Number);
  const [x, y] = [parts(a), parts(b)];
  return x.map((n, i) => n - (y[i] ?? 0)).find((d) => d !== 0) ?? 0;
}

/** The released contracts in `dir` (`<version>.json`), oldest first; none when the folder does not exist. */
export async function readReleased(dir: string): Promise<OpenAPIDocument[]> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const versions = files
    .filter((f) => /^\d+\.\d+\.\d+\.json$/.test(f))
    .map((f) => f.slice(0, -'.json'.length))
    .sort(bySemver);
  return Promise.all(versions.map(async (v) => JSON.parse(await readFile(join(dir, `${v}.json`), 'utf8')) as OpenAPIDocument));
}

/** The newest released contract of each major. */
export function newestByMajor(released: OpenAPIDocument[]): Map<number, OpenAPIDocument> {
  const out = new Map<number, OpenAPIDocument>();
  for (const document of [...released].sort((a, b) => bySemver(String(a.info?.version), String(b.info?.version))))
    out.set(majorOf(document.info?.version), document);
  return out;
}

/**
 * The declaration of a document: `info.x-clubnotify-payload-versions`, a map from each major
 * still sent to its `x-deprecated-at` and `x-sunset`. A document without it sends its own
 * major only.
 */
export function declaredVersions(document: OpenAPIDocument): Map<number, { deprecatedAt?: string; sunset?: string }> {
  const declared = document.info?.[PAYLOAD_VERSIONS_EXTENSION] as Record<string, Record<string, unknown> | null> | undefined;
  if (declared === undefined) return new Map([[majorOf(document.info?.version), {}]]);
  const out = new Map<number, { deprecatedAt?: string; sunset?: string }>();
  for (const [key, value] of Object.entries(declared ?? {})) {
    if (!/^[1-9]\d*$/.test(key)) throw new Error(`info.${PAYLOAD_VERSIONS_EXTENSION}: ${JSON.stringify(key)} is not a major (1, 2, ...)`);
    const dates: { deprecatedAt?: string; sunset?: string } = {};
    for (const [field, name] of [
      ['x-deprecated-at', 'deprecatedAt'],
      ['x-sunset', 'sunset'],
    ] as const) {
      const date = value?.[field];
      if (date === undefined) continue;
      if (typeof date !== 'string' || !DATE.test(date) || Number.isNaN(Date.parse(date)))
        throw new Error(`info.${PAYLOAD_VERSIONS_EXTENSION}.${key}.${field} must be a date (YYYY-MM-DD), got ${JSON.stringify(date)}`);
      dates[name] = date;
    }
    out.set(Number(key), dates);
  }
  return out;
}

/**
 * The payload versions of the current document, oldest first: its own major (never sunset) and
 * each older major it declares, contiguous, each with the newest released contract of that
 * major from `released`.
 */
export function payloadVersionsOf(current: OpenAPIDocument, released: OpenAPIDocument[]): PayloadVersion[] {
  const major = majorOf(current.info?.version);
  const declared = declaredVersions(current);
  const where = `info.${PAYLOAD_VERSIONS_EXTENSION}`;
  if (!declared.has(major)) throw new Error(`${where} must list the current major ${major} (info.version ${current.info?.version})`);
  if (declared.get(major)!.sunset || declared.get(major)!.deprecatedAt)
    throw new Error(`${where}.${major}: the current major cannot be deprecated or have a sunset`);
  const majors = [...declared.keys()].sort((a, b) => a - b);
  if (majors.at(-1) !== major) throw new Error(`${where} lists ${majors.at(-1)}, newer than the current major ${major}`);
  const missing = majors.filter((m, i) => i > 0 && m !== majors[i - 1]! + 1).map((m) => m - 1);
  if (missing.length > 0) throw new Error(`${where} must list every major from ${majors[0]} to ${major}: add ${missing.join(', ')}`);
  const newest = newestByMajor(released);
  return majors.map((version) => {
    const document = version === major ? current : newest.get(version);
    if (!document) throw new Error(`${where} lists ${version}, but spec/released/ has no ${version}.x.y.json to send it from`);
    return { version, contract: String(document.info.version), ...declared.get(version), document };
  });
}
