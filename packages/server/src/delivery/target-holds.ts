import type { Database } from '../db/database.js';

/**
 * How long a process keeps serving a target it has had no deliveries of: a target with a
 * message every few seconds keeps its hold, instead of two more statements (take, give
 * back) around each of its claims (one every 1.5 s: median latency 10-14 ms against 22 ms
 * with 1 s, 264 statements against 370).
 */
export const HOLD_IDLE_MS = 5_000;

/** How long claims skip a target another process serves (its rows would fill the claim's candidates). */
export const ELSEWHERE_SKIP_MS = 1_000;

/**
 * How long a hold lasts: a claim takes a target's rows only while its hold outlasts
 * `leaseMs` (how long a claimed row may stay claimed), so a hold of exactly that would be
 * renewed at every claim; this one is renewed once per `min(10 s, leaseMs)`.
 */
export const holdMs = (leaseMs: number): number => leaseMs + Math.min(10_000, leaseMs);

/**
 * On PostgreSQL one process at a time serves a target (its worker holds the target's
 * `delivery_targets` row), so the per-target cap and the one probe of a half-open circuit
 * hold across processes. This is one worker's view: the targets it serves and when it last
 * had deliveries of each, and the targets other processes serve, which its claims skip for
 * a while. Times are on the `now` clock.
 */
export class TargetHolds {
  readonly #serving = new Map<string, number>();
  readonly #elsewhere = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** Targets served elsewhere, for claims to skip. */
  skipped(): string[] {
    const now = this.#now();
    for (const [id, until] of this.#elsewhere) if (until <= now) this.#elsewhere.delete(id);
    return [...this.#elsewhere.keys()];
  }

  /** Served targets this worker has had no deliveries of (`inFlight`, or claimed) for HOLD_IDLE_MS: to give back. */
  idle(inFlight: ReadonlyMap<string, number>): string[] {
    const now = this.#now();
    const idle: string[] = [];
    for (const [id, busyAt] of this.#serving) {
      if (inFlight.has(id)) this.#serving.set(id, now);
      else if (now - busyAt >= HOLD_IDLE_MS) idle.push(id);
    }
    return idle;
  }

  /** Targets this worker now holds, or claimed deliveries of. */
  taken(ids: Iterable<string>): void {
    for (const id of ids) this.#serving.set(id, this.#now());
  }

  released(ids: readonly string[]): void {
    for (const id of ids) this.#serving.delete(id);
  }

  servedElsewhere(ids: readonly string[]): void {
    const until = this.#now() + ELSEWHERE_SKIP_MS;
    for (const id of ids) {
      this.#serving.delete(id);
      this.#elsewhere.set(id, until);
    }
  }
}

// Locked rows are skipped, in target order: this statement never waits, and never deadlocks
// with another process's. A target's first hold inserts its row.
const holdSql = `WITH cfg AS (SELECT set_config('synchronous_commit', 'off', true) AS relaxed), free AS (
       SELECT target_id FROM delivery_targets
       WHERE target_id = ANY($2::text[]) AND (holder IS NULL OR holder = $1 OR holder_until <= now())
       ORDER BY target_id
       FOR UPDATE SKIP LOCKED
     ), taken AS (
       UPDATE delivery_targets t SET holder = $1, holder_until = now() + $3 * interval '1 millisecond'
       FROM free f WHERE t.target_id = f.target_id
       RETURNING t.target_id
     ), added AS (
       INSERT INTO delivery_targets (target_id, holder, holder_until)
       SELECT x, $1, now() + $3 * interval '1 millisecond' FROM unnest($2::text[]) x
       WHERE NOT EXISTS (SELECT 1 FROM delivery_targets t WHERE t.target_id = x)
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
       (SELECT coalesce(json_agg(target_id), '[]') FROM released)::text AS released
     FROM cfg`;

/**
 * Takes or renews this worker's holds on `want` for `ms` (those free, expired or its own)
 * and gives back `giveBack` (disjoint from `want`), in one statement (PostgreSQL). Returns
 * the targets it now holds, and those it gave back (a locked row waits for the next time).
 */
export async function updateHolds(db: Database, owner: string, want: string[], ms: number, giveBack: string[]): Promise<{ held: string[]; released: string[] }> {
  const [row] = await db.query<{ held: string; released: string }>(holdSql, [owner, want, ms, giveBack]);
  return row ? { held: JSON.parse(row.held) as string[], released: JSON.parse(row.released) as string[] } : { held: [], released: [] };
}
