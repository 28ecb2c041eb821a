import { HttpProblem } from '../http/problem.js';
import { supportedVersions, versionState, type PayloadVersioning } from '../delivery/payload-versions.js';
import type { Services } from '../services.js';

/**
 * The payload version a request asks for, checked: `undefined` when it asks for none. An unknown
 * version, or one past its sunset, is a 422 problem that lists the versions a target may choose.
 */
export function requestedPayloadVersion(services: Services, asked: unknown, pointer: string): number | undefined {
  if (asked === undefined) return undefined;
  const version = asked as number;
  const v = services.versions;
  const now = services.clock();
  const state = versionState(v, version, now);
  if (state !== undefined && state !== 'sunset') return version;
  const supported = supportedVersions(v, now);
  const list = supported.join(', ');
  if (state === undefined) {
    throw refusal(
      'unknown-payload-version',
      pointer,
      `${version} is not a payload version of this contract; the supported versions are ${list}.`,
      supported,
    );
  }
  const sunset = v.versions.find((i) => i.version === version)!.sunset!;
  throw refusal(
    'payload-version-sunset',
    pointer,
    `version ${version} reached its sunset on ${sunset}; the supported versions are ${list}.`,
    supported,
  );
}

function refusal(type: 'unknown-payload-version' | 'payload-version-sunset', pointer: string, detail: string, supported: number[]) {
  return new HttpProblem(type, `${pointer}: ${detail}`, [{ pointer, detail }], undefined, { supportedPayloadVersions: supported });
}

/** A live target found by an idempotent create that asked for another payload version: 409, never silently the other version. */
export function requireSameVersion(found: { id: string; payload_version: number }, asked: number | undefined, pointer: string): void {
  if (asked === undefined || found.payload_version === asked) return;
  throw new HttpProblem(
    'conflict',
    `${found.id} already sends this URL payload version ${found.payload_version}; switch it with PATCH and payloadVersion: ${asked}.`,
    [{ pointer, detail: `is ${asked}, but the live target ${found.id} for this URL uses version ${found.payload_version}` }],
  );
}

/** The version a new target gets: the one asked for, or the current one. */
export const versionForNew = (v: PayloadVersioning, asked: number | undefined): number => asked ?? v.current;
