import type { components } from '@clubnotify/spec';
import type { Database, Queryable } from '../db/database.js';
import { readByIdTime, wholeMessage } from '../delivery/queue/id-time-bound.js';
import type { Caller } from '../http/context.js';
import { listOwner } from '../http/list-owner.js';
import type { Outbox } from '../publish/outbox.js';
import { requeueFinished } from '../delivery/queue/history.sql.js';
import { addFilter, Conditions } from './delivery-filters.js';

type Request = components['schemas']['DeliveryReplayRequest'];
type Result = components['schemas']['DeliveryReplayResult'];

/** The most deliveries one bulk replay queues; `more` tells the caller to come back for the rest. */
export const REPLAY_LIMIT = 10_000;

/** What the filter selects: ended deliveries (the history) whose target is still active, oldest first, one past the limit. */
function selectSql(c: Conditions): string {
  return `SELECT h.id, h.created_at FROM delivery_history h
    LEFT JOIN registrations r ON r.id = h.target_id
    LEFT JOIN subscriptions s ON s.id = h.target_id
    WHERE ${c.where.map((w) => `h.${w}`).join(' AND ')}
      AND coalesce(r.status = 'active' AND r.deleted_at IS NULL, s.status = 'active' AND s.deleted_at IS NULL, false)
    ORDER BY h.seq LIMIT ${REPLAY_LIMIT + 1}`;
}

/**
 * Bulk replay (replayDeliveries): the single replay's move (`requeueFinished`, same id and seq)
 * for every delivery the filter selects, in one transaction. A dry run reads the same selection.
 * Concurrent calls cannot queue a delivery twice: the second one's DELETE skips rows the first moved.
 */
export async function replayMatching(
  deps: { db: Database; outbox: Outbox },
  caller: Caller,
  body: Request,
  check: (status: number, body: Result) => Result,
): Promise<[number, Result]> {
  const owner = listOwner(caller, body.ownerKeyId, '/body/ownerKeyId');
  const conditions = (ended: string | undefined) => {
    const c = new Conditions();
    addFilter(c, { ...body, owner }, '/body', 'completed_at');
    if (body.status === undefined) c.raw(`status <> 'succeeded'`);
    else c.add((n) => `status = $${n}`, body.status);
    // By message id: the days of the history before its id's time are not read (readByIdTime).
    if (ended !== undefined) c.add((n) => `completed_at >= $${n}`, ended);
    return c;
  };
  const select = (db: Queryable) => (ended: string | undefined) => {
    const c = conditions(ended);
    return db.query<{ id: string; created_at: Date | string }>(selectSql(c), c.params);
  };
  const selected = (db: Queryable) =>
    body.messageId === undefined ? select(db)(undefined) : readByIdTime(body.messageId, select(db), wholeMessage);
  const answer = (replayed: number, more: boolean, dryRun: boolean): [number, Result] => [
    202,
    check(202, { dryRun, replayed, more, limit: REPLAY_LIMIT }),
  ];
  if (body.dryRun === true) {
    const rows = await selected(deps.db);
    return answer(Math.min(rows.length, REPLAY_LIMIT), rows.length > REPLAY_LIMIT, true);
  }
  return deps.outbox.publish((queue) =>
    deps.db.transaction(async (tx) => {
      const rows = await selected(tx);
      const ids = rows.slice(0, REPLAY_LIMIT).map((r) => r.id);
      const moved = ids.length ? await requeueFinished(tx, 'id = ANY($1::text[])', [ids], 'id') : [];
      queue.requeued(moved.length);
      return answer(moved.length, rows.length > REPLAY_LIMIT, false);
    }),
  );
}
