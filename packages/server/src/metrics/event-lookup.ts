import type { Queryable } from '../db/database.js';

const MAX_TARGETS = 10_000;

/**
 * A target's event never changes, so it is read once per target (index deliveries_target)
 * and kept: the worker's claim stays as it is, and a scrape label costs no query per attempt.
 */
export function createEventLookup(db: Queryable): (targetId: string) => Promise<string> {
  const known = new Map<string, Promise<string>>();
  return (targetId) => {
    let event = known.get(targetId);
    if (!event) {
      if (known.size >= MAX_TARGETS) known.clear();
      event = db.query<{ event: string }>('SELECT event FROM deliveries WHERE target_id = $1 LIMIT 1', [targetId]).then(
        (rows) => rows[0]?.event ?? 'unknown',
        () => {
          known.delete(targetId);
          return 'unknown';
        },
      );
      known.set(targetId, event);
    }
    return event;
  };
}
