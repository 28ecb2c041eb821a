import type { ContractEvent } from './events.js';
import { RepeatedHeaderError, singleHeader, type HeaderSource, type LowerCaseNames } from './headers.js';
import { problem, type ReceiverResponse } from './problems.js';

/** The header that says which payload version a delivery is in. */
export const VERSION_HEADER = 'webhook-version';

const MALFORMED = { type: 'malformed-headers', title: 'Malformed webhook headers' } as const;

/**
 * Undefined when the delivery is in `version` or names none; else the 400 that says which
 * version came and what to change. A delivery without the header comes from a sender that
 * predates payload versions, or from another implementation of a contract that declares none:
 * its payload alone is judged, against the receiver's version.
 */
export function versionProblem(
  headers: HeaderSource,
  lowerCase: LowerCaseNames,
  version: number,
  event: ContractEvent,
): ReceiverResponse | undefined {
  let value;
  try {
    value = singleHeader(headers, VERSION_HEADER, lowerCase);
  } catch (error) {
    if (!(error instanceof RepeatedHeaderError)) throw error;
    return problem(400, error.message, MALFORMED);
  }
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]{0,3}$/.test(value))
    return problem(400, `The ${VERSION_HEADER} header must be a payload version such as 1, not "${value}".`, MALFORMED);
  const sent = Number(value);
  if (sent === version) return undefined;
  return problem(
    400,
    `This receiver is built for payload version ${version} of the ${event.kind} ${event.name}; this delivery is payload version ${sent} (${VERSION_HEADER}: ${value}). ` +
      `Set the target's payloadVersion to ${version}, or build the receiver for version ${sent} (createReceiver({ payloadVersion: ${sent} })).`,
    { type: 'payload-version-mismatch', title: 'Payload version not handled here' },
  );
}
