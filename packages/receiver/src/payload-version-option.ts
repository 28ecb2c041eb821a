import { isPayloadVersion, payloadVersions, UsageError } from '@clubnotify/spec';

/** `--payload-version <n>`: undefined when not given, else a version the installed spec lists. */
export function payloadVersionOption(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (/^[1-9][0-9]{0,2}$/.test(value) && isPayloadVersion(Number(value))) return Number(value);
  const listed = payloadVersions.map((v) => v.version).join(', ');
  throw new UsageError(`--payload-version must be a payload version of the spec (${listed}), not "${value}".`);
}
