import { currentPayloadVersion, versionContracts } from '@clubnotify/spec';
import type { EventKind } from './events.js';
import { receiverVersion } from './payload-version.js';

/** One webhook or callback as a sender sends it in one payload version: its media type, example and declared responses. */
export interface CatalogueEvent {
  readonly kind: EventKind;
  readonly name: string;
  readonly contentType: string;
  readonly example: unknown;
  /** The response keys the spec declares for the receiver: `200`, `4XX`, `default`. */
  readonly responses: readonly string[];
  /** The `webhook-version` it is sent with. */
  readonly payloadVersion: number;
}

const catalogues = new Map<number, readonly CatalogueEvent[]>();

/** Every webhook and callback of payload `version` (default the current one); throws for a version the spec does not list. */
export function versionCatalogue(version: unknown = currentPayloadVersion, caller = 'payloadVersion'): readonly CatalogueEvent[] {
  const checked = receiverVersion(version, caller);
  let found = catalogues.get(checked);
  if (found) return found;
  const { events, modules } = versionContracts[checked];
  found = events.map((e) => ({
    kind: e.kind,
    name: e.name,
    contentType: e.contentType,
    example: e.example,
    responses: modules[`${e.kind}.${e.name}`]!.responses,
    payloadVersion: checked,
  }));
  catalogues.set(checked, found);
  return found;
}

/**
 * The error for an event name `events` lacks: the name differing only in case when there is one,
 * else the names by kind (each kind once, so the line stays short as the spec grows).
 */
export function unknownEvent(of: string, kind: EventKind, name: string, events: readonly CatalogueEvent[]): TypeError {
  const near = events.find((e) => e.kind === kind && e.name.toLowerCase() === name.toLowerCase());
  if (near) return new TypeError(`${of} has no ${kind} named "${name}": give "${near.name}" (names are case-sensitive).`);
  const kinds = [...new Set(events.map((e) => e.kind))];
  const list = kinds
    .map(
      (k) =>
        `${k}s ${events
          .filter((e) => e.kind === k)
          .map((e) => e.name)
          .join(', ')}`,
    )
    .join('; ');
  return new TypeError(`${of} has no ${kind} named "${name}". Events: ${list}.`);
}
