import type { EventModule } from './event-runtime.js';
import { currentPayloadVersion, payloadVersions, type PayloadVersion } from './generated/versions.js';

/** One payload version as `payloadVersions` lists it. */
export interface PayloadVersionInfo {
  version: PayloadVersion;
  /** The contract its payloads follow: the newest released of that major, or the current `info.version`. */
  contract: string;
  /** `x-deprecated-at` of its declaration (`YYYY-MM-DD`). */
  deprecatedAt?: string;
  /** `x-sunset` of its declaration (`YYYY-MM-DD`): from that day on (00:00 UTC) it is refused. */
  sunset?: string;
}

/** One webhook or callback of a payload version: how it is sent and an example of it. */
export interface VersionEvent {
  readonly kind: 'webhook' | 'callback';
  readonly name: string;
  readonly contentType: string;
  /** A `$ref` into the version's `document`, or an inline schema. */
  readonly payloadSchema: unknown;
  readonly example: unknown;
}

/** What one payload version sends. */
export interface PayloadVersionContract {
  /** An OpenAPI document holding at least the version's payload schemas. */
  readonly document: { readonly [key: string]: unknown };
  readonly events: readonly VersionEvent[];
  /** Each event's module (content type, validator), keyed `webhook.stockUpdate`. */
  readonly modules: { readonly [key: string]: EventModule };
}

/**
 * `current`: the server's own; `supported`: older, no deprecation yet; `deprecated`: older,
 * deprecated, sunset ahead; `sunset`: past its sunset, refused for new and changed targets.
 */
export type PayloadVersionState = 'current' | 'supported' | 'deprecated' | 'sunset';

/** Whether `value` is a payload version this contract lists (sunset or not). */
export function isPayloadVersion(value: unknown): value is PayloadVersion {
  return payloadVersions.some((v) => v.version === value);
}

/** A listed version's entry, or undefined. */
export function payloadVersionInfo(version: number): PayloadVersionInfo | undefined {
  return payloadVersions.find((v) => v.version === version);
}

/** The state of a version at `now`; undefined for a version this contract does not list. */
export function payloadVersionState(version: number, now = new Date()): PayloadVersionState | undefined {
  const info = payloadVersionInfo(version);
  if (!info) return undefined;
  if (info.version === currentPayloadVersion) return 'current';
  if (info.sunset && now.getTime() >= Date.parse(info.sunset)) return 'sunset';
  return info.deprecatedAt && now.getTime() >= Date.parse(info.deprecatedAt) ? 'deprecated' : 'supported';
}

/** The versions a target may choose at `now` (every listed one not past its sunset), oldest first. */
export function supportedPayloadVersions(now = new Date()): PayloadVersion[] {
  return payloadVersions.filter((v) => payloadVersionState(v.version, now) !== 'sunset').map((v) => v.version);
}
