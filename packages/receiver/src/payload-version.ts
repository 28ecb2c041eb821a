import { isPayloadVersion, payloadVersions, versionContracts, type EventModule, type PayloadVersion } from '@clubnotify/spec';
import { eventFinder, type ContractEvent } from './events.js';

/** The version a receiver is built for, checked: a version the installed @clubnotify/spec lists. */
export function receiverVersion(version: unknown, caller: string): PayloadVersion {
  if (isPayloadVersion(version)) return version;
  const listed = payloadVersions.map((v) => v.version).join(', ');
  throw new TypeError(
    `${caller}: payloadVersion ${JSON.stringify(version)} is not a payload version of the installed @clubnotify/spec (it has ${listed}).`,
  );
}

/** The events of one payload version: their lookup and each one's validator. */
export interface VersionEvents {
  find(kind: string, name: string): ContractEvent | undefined;
  validate(event: ContractEvent, payload: unknown): ReturnType<EventModule['validate']>;
}

const byVersion = new Map<PayloadVersion, VersionEvents>();

/** The events of `version` as that version sends them (media type, schema). */
export function versionEvents(version: PayloadVersion): VersionEvents {
  let found = byVersion.get(version);
  if (found) return found;
  const modules = Object.values(versionContracts[version].modules);
  const moduleOf = new Map<ContractEvent, EventModule>(modules.map((m) => [m, m]));
  found = { find: eventFinder(modules), validate: (event, payload) => moduleOf.get(event)!.validate(payload) };
  byVersion.set(version, found);
  return found;
}
