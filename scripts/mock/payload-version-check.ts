import { payloadVersionInfo, payloadVersionState, supportedPayloadVersions } from '@clubnotify/spec';

/** A `payloadVersion` refused as the server refuses it: 422 with the versions a target may choose now. */
export interface VersionRefusal {
  status: 422;
  type: 'unknown-payload-version' | 'payload-version-sunset';
  title: string;
  detail: string;
  supportedPayloadVersions: number[];
}

/**
 * The `payloadVersion` a request asks for (`/body/payloadVersion`, or `/query/payloadVersion`
 * of a test event), undefined when it names none, or the refusal of a version this contract
 * does not list or that is past its sunset. The schema (an integer) was checked before.
 */
export function requestedPayloadVersion(json: unknown, query: Record<string, unknown>): number | VersionRefusal | undefined {
  const inBody = (json as { payloadVersion?: unknown } | undefined)?.payloadVersion;
  const [pointer, raw] = typeof inBody === 'number' ? ['/body/payloadVersion', inBody] : ['/query/payloadVersion', query.payloadVersion];
  if (raw === undefined) return undefined;
  const version = Number(raw);
  const supported = supportedPayloadVersions();
  const list = `the supported versions are ${supported.join(', ')}`;
  if (payloadVersionState(version) === undefined)
    return {
      status: 422,
      type: 'unknown-payload-version',
      title: 'Unknown payload version',
      detail: `${pointer}: ${String(raw)} is not a payload version of this contract; ${list}.`,
      supportedPayloadVersions: supported,
    };
  if (payloadVersionState(version) === 'sunset')
    return {
      status: 422,
      type: 'payload-version-sunset',
      title: 'Payload version past its sunset',
      detail: `${pointer}: version ${version} was sunset on ${payloadVersionInfo(version)!.sunset}; ${list}.`,
      supportedPayloadVersions: supported,
    };
  return version;
}
