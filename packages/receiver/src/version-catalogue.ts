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
