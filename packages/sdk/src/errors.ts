import type { components } from './generated/openapi.js';

/** An RFC 9457 problem details document, as the service sends it. */
export type Problem = components['schemas']['Problem'];

/** Base class of every error the client throws (except an abort, which rethrows the signal's reason). */
export class ClubnotifyError extends Error {
  override name = 'ClubnotifyError';
}

/**
 * The service answered with a status outside 2xx. `problem` is the parsed
 * application/problem+json body when there is one; `body` is whatever arrived.
 */
export class ApiError extends ClubnotifyError {
  override name = 'ApiError';
  readonly status: number;
  readonly problem: Problem | undefined;
  readonly body: unknown;
  readonly headers: Headers;
  /** The `X-Request-Id` of the failed request (or the problem's `requestId`): quote it to support. */
  readonly requestId: string | undefined;

  constructor(status: number, body: unknown, headers: Headers, method = '', url = '') {
    const problem = isProblem(body) ? body : undefined;
    const requestId = headers.get('x-request-id') ?? problem?.requestId;
    const what = problem
      ? `${problem.title}${problem.detail ? `: ${problem.detail}` : ''}`
      : typeof body === 'string' && body
        ? body.slice(0, 200)
        : 'no problem document';
    super(`${status} ${method} ${url}: ${what}${requestId ? ` (request id ${requestId})` : ''}`.replace(/\s+:/, ':'));
    this.status = status;
    this.body = body;
    this.problem = problem;
    this.headers = headers;
    this.requestId = requestId;
  }

  /** Builds the subclass that matches `status`. */
  static from(status: number, body: unknown, headers: Headers, method?: string, url?: string): ApiError {
    const Class = status >= 500 ? InternalServerError : (byStatus[status] ?? ApiError);
    return new Class(status, body, headers, method, url);
  }
}

export class BadRequestError extends ApiError {
  override name = 'BadRequestError';
}
export class AuthenticationError extends ApiError {
  override name = 'AuthenticationError';
}
export class PermissionDeniedError extends ApiError {
  override name = 'PermissionDeniedError';
}
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
export class PayloadTooLargeError extends ApiError {
  override name = 'PayloadTooLargeError';
}
export class UnsupportedMediaTypeError extends ApiError {
  override name = 'UnsupportedMediaTypeError';
}
export class UnprocessableEntityError extends ApiError {
  override name = 'UnprocessableEntityError';
}
export class RateLimitError extends ApiError {
  override name = 'RateLimitError';
}
export class InternalServerError extends ApiError {
  override name = 'InternalServerError';
}

const byStatus: Record<number, typeof ApiError> = {
  400: BadRequestError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  415: UnsupportedMediaTypeError,
  422: UnprocessableEntityError,
  429: RateLimitError,
};

/** No response arrived: the connection was refused, reset or closed early. `cause` has the details. */
export class ConnectionError extends ClubnotifyError {
  override name = 'ConnectionError';
  constructor(
    message = 'Connection error: no response from the server (is baseUrl right and the server up?)',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** No complete response within `timeoutMs`. */
export class TimeoutError extends ConnectionError {
  override name = 'TimeoutError';
  constructor(timeoutMs: number) {
    super(`Request timed out after ${timeoutMs} ms (raise timeoutMs, or pass a signal to control it yourself)`);
  }
}

/** A collection could not be paged through safely (a repeated link or cursor, or a link that leaves the collection). */
export class PaginationError extends ClubnotifyError {
  override name = 'PaginationError';
}

function isProblem(body: unknown): body is Problem {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.title === 'string' && typeof b.status === 'number';
}

/**
 * A page's envelope is not the one its operation declares in the spec (thrown with
 * `strictPagination: true`; otherwise a one-time warning): a renamed or missing field would
 * otherwise end the walk early without a word.
 */
export class PaginationContractError extends PaginationError {
  override name = 'PaginationContractError';
  /** The operation whose page did not match, e.g. `listItemsCursor`. */
  readonly operation: string;
  /** What the page lacked: body fields as dot paths, or headers (`Link header`). */
  readonly missing: string[];
  constructor(message: string, operation: string, missing: string[]) {
    super(message);
    this.operation = operation;
    this.missing = missing;
  }
}
