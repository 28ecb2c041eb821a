/** Request headers as the adapters hand them over: Web `Headers`, Node's `req.headers`, or `req.headersDistinct`. */
export type HeaderSource = Headers | Record<string, string | string[] | undefined>;

/**
 * Every line of one header, in order. Node's `req.headers` and `Headers.get()` join repeated
 * lines into one string with `, `; arrays (`req.headersDistinct`) keep them apart.
 */
export function headerLines(headers: HeaderSource, name: string): string[] {
  if (typeof (headers as Headers).get === 'function') {
    const value = (headers as Headers).get(name);
    return value === null ? [] : [value];
  }
  const record = headers as Record<string, string | string[] | undefined>;
  let value = record[name];
  if (value === undefined) {
    const key = Object.keys(record).find((k) => k.toLowerCase() === name);
    value = key === undefined ? undefined : record[key];
  }
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
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
export function singleHeader(headers: HeaderSource, name: string): string | undefined {
  const lines = headerLines(headers, name);
  if (lines.length > 1 || lines[0]?.includes(', ')) throw new RepeatedHeaderError(name);
  return lines[0];
}
