import { convertBody, currentPayloadVersion, payloadVersions, type EventRef, type PayloadVersionState } from '@clubnotify/spec';
import type { AttemptResult } from './types.js';

/** One payload version, as `payloadVersions` of `@clubnotify/spec` lists it (any major, for a test contract). */
export interface VersionInfo {
  version: number;
  contract: string;
  deprecatedAt?: string;
  sunset?: string;
}

/**
 * The payload versions the server sends (issue 47): the majors of the contract listed in
 * `info.x-clubnotify-payload-versions`, and how a body of the current one becomes a body of an
 * older one. The server's default is the contract's own ({@link contractVersions}); a test may
 * give the app and the worker another list and converters (a test contract), since the
 * current contract lists one version.
 */
export interface PayloadVersioning {
  /** The version the server makes its payloads in. */
  readonly current: number;
  /** Every listed version, oldest first, with its deprecation and sunset days. */
  readonly versions: readonly VersionInfo[];
  /**
   * A body of version `from` (default: current) as version `to` sends it (content type and body).
   * Throws a `PayloadConversionError` naming the converter when a step fails.
   */
  convert(ref: EventRef, body: string, to: number, from?: number): { contentType: string; body: string };
}

/** The contract's payload versions and converters (`@clubnotify/spec`). */
export const contractVersions: PayloadVersioning = {
  current: currentPayloadVersion,
  versions: payloadVersions,
  convert: (ref, body, to, from) => convertBody(ref, body, to, from),
};

const DAY_MS = 86_400_000;

/** A version's state at `now`: as `payloadVersionState` of `@clubnotify/spec`, for any {@link PayloadVersioning}. */
export function versionState(v: PayloadVersioning, version: number, now: Date): PayloadVersionState | undefined {
  const info = v.versions.find((i) => i.version === version);
  if (!info) return undefined;
  if (info.version === v.current) return 'current';
  if (info.sunset && now.getTime() >= Date.parse(info.sunset)) return 'sunset';
  return info.deprecatedAt && now.getTime() >= Date.parse(info.deprecatedAt) ? 'deprecated' : 'supported';
}

/** The versions a target may choose at `now`, oldest first. */
export function supportedVersions(v: PayloadVersioning, now: Date): number[] {
  return v.versions.filter((i) => versionState(v, i.version, now) !== 'sunset').map((i) => i.version);
}

/** The listed versions whose sunset comes within `withinMs` of `now` (and has not passed). */
export function versionsNearSunset(v: PayloadVersioning, now: Date, withinMs = 30 * DAY_MS): VersionInfo[] {
  return v.versions.filter((i) => {
    if (!i.sunset || i.version === v.current) return false;
    const left = Date.parse(i.sunset) - now.getTime();
    return left > 0 && left <= withinMs;
  });
}

/**
 * The attempt recorded for a delivery not sent because its body could not be converted from
 * version `from` to its target's `to`: no status, and an error naming both versions and the
 * converter's own message (the event, the step and the first schema errors). Retrying cannot fix
 * a converter, so the delivery ends failed with it.
 */
export function unconverted(from: number, to: number, error: unknown): AttemptResult {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    startedAt: new Date(),
    durationMs: 0,
    statusCode: null,
    error: `not sent: payload conversion from version ${from} to ${to} failed: ${reason}`,
    responseBody: null,
    retryAfterMs: null,
  };
}
