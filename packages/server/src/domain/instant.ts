import { problems } from '../http/problem.js';

/** RFC 3339 as the spec's `DateTime` schema writes it; the pattern there bounds the values. */
const RFC3339 = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d+))?(?:Z|([+-])(\d\d):(\d\d))$/;

/** The instants an RFC 3339 date-time can write: years 0000 to 9999 in UTC. */
const EARLIEST = -62_167_219_200_000;
const LATEST = 253_402_300_799_999;

/**
 * The instant a `DateTime` field names, computed here rather than by `Date.parse`, whose
 * extensions (two-digit offsets, lower-case `t`) and gaps (leap seconds) differ from the spec.
 */
export function parseInstant(text: string, pointer: string): Date {
  const m = RFC3339.exec(text);
  if (!m) throw problems.field(pointer, 'must be an RFC 3339 date-time such as 2026-12-12T20:00:00Z');
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const millis = Number(`0.${m[7] ?? '0'}`) * 1000;
  const utc = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, Math.floor(millis)));
  utc.setUTCFullYear(year, month - 1, day);
  const offset = m[8] ? (m[8] === '-' ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10])) * 60_000 : 0;
  const ms = utc.getTime() - offset;
  if (Number.isNaN(ms) || utc.getUTCDate() !== day || ms < EARLIEST || ms > LATEST) {
    throw problems.field(pointer, 'is outside the date-times this API accepts (see the DateTime schema)');
  }
  return new Date(ms);
}

/**
 * The RFC 3339 form of a stored time, for any value the database can hold: times beyond
 * what four-digit years can write (PostgreSQL's `infinity`, rows from before the spec
 * bounded dates) are clamped rather than left to fail after the work is done.
 */
export function clampInstant(value: Date | string | number): Date {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : new Date(value).getTime();
  if (Number.isNaN(ms)) throw new TypeError(`not a point in time: ${String(value)}`);
  return new Date(Math.min(LATEST, Math.max(EARLIEST, ms)));
}

/** `2026-12-12T20:00:00.000Z` for any stored time (see `clampInstant`). */
export function formatInstant(value: Date | string | number): string {
  return clampInstant(value).toISOString();
}
