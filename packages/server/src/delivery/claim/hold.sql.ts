import type { Database, Queryable } from '../../db/database.js';
import { holderAlive, holderGone } from './holder-lock.js';
import { DELIVERY_CHANNEL, releasedPayload } from '../queue/channel.js';
import { RELAXED_COMMIT } from '../queue/fragments.sql.js';

// Locked rows are skipped, in target order: this statement never waits, and never deadlocks
// with another process's. A target's first hold inserts its row. A hold is free once it has
// expired or its holder's session is gone; a worker whose own session lock is not (or no
// longer) held takes nothing, since others would count its holds as free.
const holdSql = `WITH cfg AS (SELECT ${RELAXED_COMMIT}, ${holderAlive('$1::text')} AS alive), free AS (
       SELECT target_id FROM delivery_targets
       WHERE target_id = ANY($2::text[]) AND (SELECT alive FROM cfg)
         AND CASE WHEN holder IS NULL OR holder = $1 OR holder_until <= now() THEN true ELSE ${holderGone('holder')} END
       ORDER BY target_id
       FOR UPDATE SKIP LOCKED
     ), taken AS (
       UPDATE delivery_targets t SET holder = $1, holder_until = now() + $3 * interval '1 millisecond'
       FROM free f WHERE t.target_id = f.target_id
       RETURNING t.target_id
     ), added AS (
       INSERT INTO delivery_targets (target_id, holder, holder_until)
       SELECT x, $1, now() + $3 * interval '1 millisecond' FROM unnest($2::text[]) x
       WHERE (SELECT alive FROM cfg) AND NOT EXISTS (SELECT 1 FROM delivery_targets t WHERE t.target_id = x)
       ORDER BY x
       ON CONFLICT (target_id) DO NOTHING
       RETURNING target_id
     ), released AS (
       UPDATE delivery_targets t SET holder = NULL, holder_until = NULL
       WHERE t.target_id IN (
         SELECT target_id FROM delivery_targets WHERE target_id = ANY($4::text[]) AND holder = $1 ORDER BY target_id FOR UPDATE SKIP LOCKED)
       RETURNING t.target_id
     )
     SELECT (SELECT coalesce(json_agg(target_id), '[]') FROM (SELECT target_id FROM taken UNION ALL SELECT target_id FROM added) h)::text AS held,
       (SELECT coalesce(json_agg(target_id), '[]') FROM released)::text AS released, alive
     FROM cfg`;

/**
 * Takes or renews this worker's holds on `want` for `ms` (those free, expired or its own)
 * and gives back `giveBack` (disjoint from `want`), in one statement (PostgreSQL). Returns
 * the targets it now holds, those it gave back (a locked row waits for the next time), and
 * whether it may hold any (`alive`: its session lock is held, see holder-lock.ts).
 */
export async function updateHolds(
  db: Database,
  owner: string,
  want: string[],
  ms: number,
  giveBack: string[],
): Promise<{ held: string[]; released: string[]; alive: boolean }> {
  const [row] = await db.query<{ held: string; released: string; alive: boolean }>(holdSql, [owner, want, ms, giveBack]);
  return row
    ? { held: JSON.parse(row.held) as string[], released: JSON.parse(row.released) as string[], alive: row.alive }
    : { held: [], released: [], alive: true };
}

/**
 * Gives back every target this worker serves (on stop), and wakes the other processes at
 * commit (payload {@link releasedPayload}) so that they serve them at once.
 */
export async function releaseHolds(db: Queryable, owner: string): Promise<void> {
  await db.query(
    `WITH r AS (UPDATE delivery_targets SET holder = NULL, holder_until = NULL WHERE holder = $1 RETURNING 1)
     SELECT pg_notify('${DELIVERY_CHANNEL}', $2) FROM (SELECT 1 FROM r LIMIT 1) x`,
    [owner, releasedPayload(owner)],
  );
}
