import type { Database } from '../../db/database.js';

/**
 * Days of history partitions the upkeep keeps made ahead of today (UTC): it runs every minute, and
 * a missed day only costs its rows a stay in the default partition; each day made costs a table
 * and its indexes (on PGlite, its one connection for a moment).
 */
export const DAYS_AHEAD = 2;

/**
 * Makes the history's partition of each UTC day from today to `daysAhead` days ahead, and of each
 * day between that has rows in the default partition (the upkeep had not run: they move into it),
 * with `delivery_history_add_day` (migrations 102, 103). Returns how many it made. Processes doing it
 * at once wait for each other at the day lock, taken before the statement reads the default
 * partition: one that read it first and then waited held up the other's ATTACH (a deadlock).
 */
export async function addHistoryDays(db: Database, daysAhead = DAYS_AHEAD): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(742003)');
    const [row] = await tx.query<{ added: number }>(
      `SELECT count(*) FILTER (WHERE delivery_history_add_day(d::date))::int AS added
     FROM generate_series(
       least((now() AT TIME ZONE 'UTC')::date, (SELECT (min(completed_at) AT TIME ZONE 'UTC')::date FROM delivery_history_default))::timestamp,
       greatest((now() AT TIME ZONE 'UTC')::date + $1::int, (SELECT (max(completed_at) AT TIME ZONE 'UTC')::date FROM delivery_history_default))::timestamp,
       interval '1 day') d`,
      [daysAhead],
    );
    return row?.added ?? 0;
  });
}
