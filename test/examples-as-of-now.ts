import { document } from '@clubnotify/spec';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;

/** The moment the spec's examples are written about (`info.x-examples-as-of`). */
export const examplesAsOf = Date.parse((document.info as unknown as Record<string, string>)['x-examples-as-of']!);

/**
 * An example as if written now: every RFC 3339 date-time in it moved by as much as `now` is
 * past `x-examples-as-of`, so the gaps between its times stay and a time the server judges
 * against the request's moment (a recovery window) is as far back as the example meant.
 */
export function asOfNow<T>(value: T, now = Date.now()): T {
  const shift = now - examplesAsOf;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string' && DATE_TIME.test(v)) return new Date(Date.parse(v) + shift).toISOString();
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}
