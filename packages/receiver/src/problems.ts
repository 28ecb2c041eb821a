/** A response of the receiver, independent of the HTTP framework. */
export interface ReceiverResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const TYPES: Record<number, [string, string]> = {
  400: ['bad-request', 'Bad request'],
  401: ['invalid-signature', 'Invalid signature'],
  404: ['unknown-event', 'Unknown event'],
  405: ['method-not-allowed', 'Method not allowed'],
  413: ['payload-too-large', 'Payload too large'],
  415: ['unsupported-media-type', 'Unsupported media type'],
};

/** An RFC 9457 problem document; `type` narrows 400s (`missing-headers`, `validation`, ...). */
export function problem(
  status: number,
  detail: string,
  extra: { type?: string; title?: string; errors?: unknown[]; instance?: string } = {},
): ReceiverResponse {
  const [slug, title] = TYPES[status] ?? ['error', 'Error'];
  const body = {
    type: `https://clubnotify.dev/problems/${extra.type ?? slug}`,
    title: extra.title ?? title,
    status,
    detail,
    ...(extra.instance ? { instance: extra.instance } : {}),
    ...(extra.errors ? { errors: extra.errors } : {}),
  };
  return { status, headers: { 'content-type': 'application/problem+json' }, body: JSON.stringify(body) };
}

/** The spec's `APIError` body for a 5XX. */
export function apiError(status: number, code: string, message: string): ReceiverResponse {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, message }) };
}

export function ok(): ReceiverResponse {
  return { status: 200, headers: {}, body: '' };
}
