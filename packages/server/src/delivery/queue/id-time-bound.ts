import { timeOfId } from './time-ordered-ids.js';

/**
 * How long before the time in its id a delivery may have been created. The id is made with the
 * clock of the process that queued it, `created_at` and `completed_at` with the database's, and
 * the processes of a deployment run on machines of their own: one running ahead of the database
 * made ids later than its rows. An hour is far more than synchronized clocks drift; a clock
 * further off costs a second, unbounded read (see {@link readByIdTime}), never a wrong answer.
 */
export const ID_CLOCK_MARGIN_MS = 3_600_000;

/** Time-ordered delivery and message ids date from 2026-11-26 (issue 29.3): an id reading earlier is a random one from before. */
const TIME_ORDERED_SINCE = Date.parse('2026-11-26T00:00:00Z');

/**
 * The earliest a delivery of this id (delivery or message id) can have ended, as an instant for a
 * `completed_at >=` bound (ISO), or undefined for an id that carries no time: a delivery ends
 * after it is created, and is created after its id was made (within the margin).
 */
export function idTimeBound(id: string, now = Date.now()): string | undefined {
  const made = timeOfId(id);
  if (made === undefined || made < TIME_ORDERED_SINCE || made > now + ID_CLOCK_MARGIN_MS) return undefined;
  return new Date(made - ID_CLOCK_MARGIN_MS).toISOString();
}

/**
 * Reads rows of an id with the bound of its time (`read(bound)`: the history's partitions of the
 * days before it are not read, issue 52), and again without one (`read(undefined)`) when the id
 * carries no time or the bounded read is not `whole`: by default, when it found nothing. A random
 * id from before time-ordered ids (1.0.0) can read as a recent time: its delivery is then found by
 * the second read. A message's deliveries share their `created_at` (one publish; replay keeps it),
 * so a read by message id is whole when it found rows and none created before the bound.
 */
export async function readByIdTime<T>(
  id: string,
  read: (bound: string | undefined) => Promise<T>,
  whole: (found: T, bound: string) => boolean = (found) => Array.isArray(found) && found.length > 0,
): Promise<T> {
  const bound = idTimeBound(id);
  if (bound === undefined) return read(undefined);
  const found = await read(bound);
  return whole(found, bound) ? found : read(undefined);
}

/** `whole` for rows of one message: some found, none created before the bound (a random id read as a time). */
export const wholeMessage = (rows: Array<{ created_at: Date | string }>, bound: string): boolean =>
  rows.length > 0 && rows.every((r) => new Date(r.created_at).getTime() >= Date.parse(bound));
