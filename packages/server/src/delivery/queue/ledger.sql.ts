import { operationalEventNames } from '@clubnotify/spec';
import type { Queryable } from '../../db/database.js';

/** A window's deliveries by outcome (GET /deliveries/summary); `published` is the sum of the five others. */
export interface Ledger {
  published: number;
  delivered: number;
  failed: number;
  cancelled: number;
  pending: number;
  pruned: number;
}

/**
 * The deliveries created at or after `since` and before `until` (of `owner`, or every owner's),
 * operational events aside, in one statement: one snapshot, so a delivery moving from the queue to
 * the history meanwhile is counted once. `published` counts distinct ids over the queue and the
 * history, plus what the retention pruned (`delivery_pruned`, by hour of creation: a window that
 * cuts an hour counts that hour's pruned deliveries whole); the outcomes count rows by status.
 * They add up unless a delivery is in both tables, or in neither with no tally of it. A delivery is
 * updated (ended) after it is created: the bound on `updated_at` reads only the history's partitions since `since`.
 */
export async function readLedger(db: Queryable, window: { since: string; until: string; owner?: string }): Promise<Ledger> {
  const owner = window.owner === undefined ? '' : 'AND owner_key_id = $4';
  const [row] = await db.query<Record<'live' | 'succeeded' | 'failed' | 'cancelled' | 'pending' | 'pruned', string | number>>(
    `SELECT count(DISTINCT id) AS live,
            count(*) FILTER (WHERE status = 'succeeded') AS succeeded,
            count(*) FILTER (WHERE status = 'failed') AS failed,
            count(*) FILTER (WHERE status = 'cancelled') AS cancelled,
            count(*) FILTER (WHERE status = 'pending') AS pending,
            (SELECT coalesce(sum(pruned), 0) FROM delivery_pruned
             WHERE created_hour >= date_trunc('hour', $1::timestamptz) AND created_hour < $2::timestamptz ${owner}) AS pruned
     FROM delivery_messages
     WHERE created_at >= $1::timestamptz AND created_at < $2::timestamptz AND updated_at >= $1::timestamptz
       AND event <> ALL($3::text[]) ${owner}`,
    [window.since, window.until, [...operationalEventNames], ...(window.owner === undefined ? [] : [window.owner])],
  );
  const n = (key: keyof NonNullable<typeof row>) => Number(row?.[key] ?? 0);
  return {
    published: n('live') + n('pruned'),
    delivered: n('succeeded'),
    failed: n('failed'),
    cancelled: n('cancelled'),
    pending: n('pending'),
    pruned: n('pruned'),
  };
}
