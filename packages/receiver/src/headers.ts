/** Request headers as the adapters hand them over: Web `Headers`, Node's `req.headers`, or `req.headersDistinct`. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/**
 * `true` when every name of a record source is already lower-case (Node's `req.headers`): a
 * name not found under its lower-case spelling is then absent, with no scan of the other names.
 */
export type LowerCaseNames = boolean;

/**
 * Every line of one header, in order. Node's `req.headers` and `Headers.get()` join repeated
 * lines into one string with `, `; arrays (`req.headersDistinct`) keep them apart.
 */
export function headerLines(headers: HeaderSource, name: string, lowerCase: LowerCaseNames = false): string[] {
  const value = rawHeader(headers, name, lowerCase);
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** One header as the source holds it: a string, an array of lines (`headersDistinct`), or undefined. */
function rawHeader(headers: HeaderSource, name: string, lowerCase: LowerCaseNames): string | string[] | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Record<string, string | string[] | undefined>;
  const value = record[name];
  if (value !== undefined || lowerCase) return value;
  for (const key in record) if (key.length === name.length && key.toLowerCase() === name) return record[key];
  return undefined;
}

/** Every line of one header joined with `, ` (as Node and `Headers.get()` join them), or undefined. */
export function headerValue(headers: HeaderSource, name: string, lowerCase: LowerCaseNames = false): string | undefined {
  const value = rawHeader(headers, name, lowerCase);
  if (value === undefined || typeof value === 'string') return value;
  return value.length === 0 ? undefined : value.join(', ');
}

/** Thrown by `singleHeader` when a header that must appear once came several times. */
export class RepeatedHeaderError extends Error {
  constructor(name: string) {
    super(`The ${name} header was sent more than once; send it exactly once.`);
    this.name = 'RepeatedHeaderError';
  }
}

/**
 * A header that must appear once and whose value never holds `, ` (ids, timestamps,
 * numbers): a joined repeat is told apart from a single value by that separator.
 */
export function singleHeader(headers: HeaderSource, name: string, lowerCase: LowerCaseNames = false): string | undefined {
  const value = rawHeader(headers, name, lowerCase);
  const line = Array.isArray(value) ? (value.length > 1 ? undefined : value[0]) : value;
  if ((Array.isArray(value) && value.length > 1) || line?.includes(', ')) throw new RepeatedHeaderError(name);
  return line;
}
