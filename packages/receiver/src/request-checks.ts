import type { ContractEvent } from './events.js';
import { headerValue, RepeatedHeaderError, singleHeader, type HeaderSource, type LowerCaseNames } from './headers.js';
import { readOrderingHeaders } from './ordering.js';
import { problem, type ReceiverResponse } from './problems.js';
import { readSignatureHeaders, WebhookVerificationError, type SignatureHeaders } from './signature-headers.js';

/** Why the content type is refused, or undefined when it is the event's (UTF-8 when a charset is given). */
export function mediaTypeError(event: ContractEvent, contentType: string | undefined): string | undefined {
  if (!contentType) return `${event.name} is sent as ${event.contentType}; the content-type header is missing.`;
  if (contentType === event.contentType) return undefined;
  const [type, ...params] = contentType.split(';');
  const media = type!.trim().toLowerCase();
  if (media !== event.contentType) return `${event.name} is sent as ${event.contentType}, not ${media}.`;
  for (const param of params) {
    const [k, v] = param.split('=').map((s) => s.trim().toLowerCase());
    if (k === 'charset' && v?.replace(/"/g, '') !== 'utf-8') return `${event.name} is sent as UTF-8, not ${v}.`;
  }
  return undefined;
}

/** What the checked headers say: the signature, the attempt number, and the sender's trace context. */
export interface CheckedHeaders {
  signed: SignatureHeaders;
  attempt: number;
  /** W3C `traceparent` and `tracestate` of the sender's attempt, as sent (a malformed one is ignored later). */
  traceparent: string | undefined;
  tracestate: string | undefined;
  /** `webhook-key-id`: the server key of a `v1a` signature. */
  keyId: string | undefined;
  /** `webhook-ordering-key` (decoded) and `webhook-ordering-sequence`, for an event ordered per key. */
  ordering: { key: string; sequence: number } | undefined;
}

/** The signature headers and attempt number, or the 400 naming what is missing or malformed. */
export function headerProblem(headers: HeaderSource, lowerCase: LowerCaseNames = false): ReceiverResponse | CheckedHeaders {
  let signed;
  try {
    signed = readSignatureHeaders(headers, lowerCase);
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    return problem(400, error.message, {
      type: error.reason === 'missing-header' ? 'missing-headers' : 'malformed-headers',
      title: error.reason === 'missing-header' ? 'Missing webhook headers' : 'Malformed webhook headers',
    });
  }
  let attemptHeader, keyId;
  try {
    attemptHeader = singleHeader(headers, 'webhook-attempt', lowerCase);
    keyId = singleHeader(headers, 'webhook-key-id', lowerCase);
  } catch (error) {
    if (!(error instanceof RepeatedHeaderError)) throw error;
    return problem(400, error.message, { type: 'malformed-headers', title: 'Malformed webhook headers' });
  }
  if (attemptHeader !== undefined && !/^[0-9]{1,4}$/.test(attemptHeader)) {
    return problem(400, 'The webhook-attempt header must be a number from 1.', {
      type: 'malformed-headers',
      title: 'Malformed webhook headers',
    });
  }
  let ordering;
  try {
    ordering = readOrderingHeaders(headers, lowerCase);
  } catch (error) {
    if (!(error instanceof RepeatedHeaderError)) throw error;
    return problem(400, error.message, { type: 'malformed-headers', title: 'Malformed webhook headers' });
  }
  if (typeof ordering === 'string') return problem(400, ordering, { type: 'malformed-headers', title: 'Malformed webhook headers' });
  return {
    signed,
    keyId,
    ordering,
    attempt: attemptHeader === undefined ? 1 : Number(attemptHeader),
    traceparent: headerValue(headers, 'traceparent', lowerCase),
    tracestate: headerValue(headers, 'tracestate', lowerCase),
  };
}

/** The answer to a message whose signature or timestamp does not verify. */
export function verificationProblem(error: WebhookVerificationError): ReceiverResponse {
  return problem(
    error.status,
    error.message,
    error.status === 401
      ? {
          type: error.reason === 'timestamp' ? 'stale-timestamp' : 'invalid-signature',
          title: error.reason === 'timestamp' ? 'Timestamp outside the tolerance' : 'Invalid signature',
        }
      : {},
  );
}
