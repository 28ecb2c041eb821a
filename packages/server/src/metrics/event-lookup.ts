import type { Queryable } from '../db/database.js';

const MAX_TARGETS = 10_000;
// Ordered as the indexes are, so that a LIMIT 1 never scans a table hoping to meet the target early.
const EVENT_SQL = `(SELECT event FROM deliveries WHERE target_id = $1 ORDER BY target_id, status LIMIT 1)
  UNION ALL (SELECT event FROM delivery_history WHERE target_id = $1 ORDER BY target_id, seq DESC LIMIT 1) LIMIT 1`;

/**
 * A target's event never changes, so it is read once per target (one index probe of the
 * queue, then of the history: deliveries_target, delivery_history_target_seq) and kept: the worker's claim stays as it
 * is, and a scrape label costs no query per attempt.
 */
export interface EventLookup {
  (targetId: string): Promise<string>;
  /** The event of a target already read, without a promise (one per attempt was a busy worker's cost); undefined until read. */
  known(targetId: string): string | undefined;
}

export function createEventLookup(db: Queryable): EventLookup {
  const known = new Map<string, Promise<string>>();
  const read = new Map<string, string>();
  const lookup = (targetId: string) => {
    let event = known.get(targetId);
    if (!event) {
      if (known.size >= MAX_TARGETS) {
        known.clear();
        read.clear();
      }
      event = db.query<{ event: string }>(EVENT_SQL, [targetId]).then(
        (rows) => {
          const found = rows[0]?.event ?? 'unknown';
          if (known.get(targetId) === event) read.set(targetId, found);
          return found;
        },
        () => {
          known.delete(targetId);
          return 'unknown';
        },
      );
      known.set(targetId, event);
    }
    return event;
  };
  return Object.assign(lookup, { known: (targetId: string) => read.get(targetId) });
}
