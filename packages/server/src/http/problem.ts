import type { Response } from 'express';
import type { FieldError } from '@clubnotify/spec';

const BASE = 'https://clubnotify.dev/problems/';

const titles = {
  validation: [400, 'Invalid request'],
  'invalid-json': [400, 'Invalid JSON'],
  'invalid-cursor': [400, 'Invalid cursor'],
  unauthorized: [401, 'Unauthorized'],
  forbidden: [403, 'Forbidden'],
  'not-found': [404, 'Not found'],
  'method-not-allowed': [405, 'Method not allowed'],
  conflict: [409, 'Conflict'],
  'limit-exceeded': [409, 'Limit exceeded'],
  'payload-too-large': [413, 'Payload too large'],
  'unsupported-media-type': [415, 'Unsupported media type'],
  'url-not-allowed': [422, 'URL not allowed'],
  'outside-recovery-window': [422, 'Outside the recovery window'],
  'unknown-payload-version': [422, 'Unknown payload version'],
  'payload-version-sunset': [422, 'Payload version past its sunset'],
  'rate-limited': [429, 'Too many requests'],
  internal: [500, 'Internal server error'],
  'response-validation': [500, 'Response violates the contract'],
  'payload-validation': [500, 'Outgoing payload violates the contract'],
  unavailable: [503, 'Service unavailable'],
} as const;

export type ProblemType = keyof typeof titles;

/** A problem lists at most this many `errors` (and says how many there were in `errorCount`), so it never grows with the request. */
export const LISTED_ERRORS = 50;
/** How many errors the `detail` sentence names before it points at `errors`. */
const ERRORS_IN_DETAIL = 3;

function summary(errors: FieldError[]): string {
  const named = errors
    .slice(0, ERRORS_IN_DETAIL)
    .map((e) => `${e.pointer} ${e.detail}`)
    .join('; ');
  const more = errors.length - ERRORS_IN_DETAIL;
  return more > 0 ? `${named}; and ${more} more (see errors and errorCount)` : named;
}

/** An error that becomes an RFC 9457 problem document in the error middleware. */
export class HttpProblem extends Error {
  readonly status: number;
  readonly title: string;

  constructor(
    readonly type: ProblemType,
    readonly detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** Extension members of the problem document (`supportedPayloadVersions`). */
    readonly members?: Record<string, unknown>,
  ) {
    super(detail);
    const [status, title] = titles[type];
    this.status = status;
    this.title = title;
  }
}

export const problems = {
  validation: (errors: FieldError[]) => new HttpProblem('validation', summary(errors), errors),
  field: (pointer: string, detail: string, type: ProblemType = 'validation') =>
    new HttpProblem(type, `${pointer} ${detail}`, [{ pointer, detail }]),
  notFound: (detail: string, pointer?: string) => new HttpProblem('not-found', detail, pointer ? [{ pointer, detail }] : undefined),
};

/** Writes a problem document; `requestId` and `instance` come from the request. */
export function sendProblem(res: Response, problem: HttpProblem): void {
  const req = res.req;
  for (const [name, value] of Object.entries(problem.headers ?? {})) res.setHeader(name, value);
  const body: Record<string, unknown> = {
    type: BASE + problem.type,
    title: problem.title,
    status: problem.status,
    detail: problem.detail,
    instance: req.path,
    requestId: String(req.id ?? ''),
  };
  Object.assign(body, problem.members);
  if (problem.errors?.length) {
    body.errorCount = problem.errors.length;
    body.errors = problem.errors.slice(0, LISTED_ERRORS);
  }
  res.status(problem.status).type('application/problem+json').json(body);
}
