import type { Queryable } from '../../db/database.js';

/**
 * How far ahead a claim reserves a rate-limited target's send slots: at most this many
 * seconds' worth of its deliveries are held by one process, so its reservations stay short
 * and a rate change takes effect soon.
 */
export const RATE_AHEAD_S = 2;

/** Deliveries of a target limited to `rate` per second that one process may hold. */
export function rateClaimCap(rate: number): number {
  return Math.ceil(rate * RATE_AHEAD_S);
}

/** What slot reservation needs to know about a claimed delivery. */
export interface RateLimited {
  target_id: string;
  /** The target's `rateLimitPerSecond`, or null (no limit). */
  rate_limit: number | null;
  /** Not started before this time (`performance.now()` scale); set by {@link reserveSendSlots}. */
  not_before?: number;
}

// One statement for the whole batch, its rows locked in target order (two claims never wait
// on each other crosswise). The first free slot is `rate_next_at` or now, whichever is later;
// it moves on by n intervals. The answer is how far the next free slot lies ahead, in the
// database's clock; the caller counts back to its first slot.
const reserveSql = `INSERT INTO delivery_targets AS t (target_id, rate_next_at)
  SELECT target_id, now() + n * interval '1 second' / rate FROM unnest($1::text[], $2::int[], $3::int[]) AS v(target_id, n, rate) ORDER BY target_id
  ON CONFLICT (target_id) DO UPDATE SET rate_next_at = greatest(t.rate_next_at, now()) + (excluded.rate_next_at - now())
  RETURNING t.target_id, (extract(epoch FROM t.rate_next_at - now()) * 1000)::float8 AS next_in_ms`;

/**
 * Reserves one send slot for each claimed delivery of a rate-limited target, atomically in
 * the database, so all processes together keep to the rate: the slots of one target are
 * 1 s / rate apart, and each delivery's `not_before` is its slot. The local times count from
 * when the answer arrives, so network delay only moves slots later, never earlier.
 */
export async function reserveSendSlots(
  db: Queryable,
  deliveries: RateLimited[],
  now: () => number = () => performance.now(),
): Promise<void> {
  const byTarget = new Map<string, RateLimited[]>();
  for (const d of deliveries) {
    if (d.rate_limit === null) continue;
    const group = byTarget.get(d.target_id);
    if (group) group.push(d);
    else byTarget.set(d.target_id, [d]);
  }
  if (byTarget.size === 0) return;
  const targets = [...byTarget.keys()];
  const counts = targets.map((id) => byTarget.get(id)!.length);
  const rates = targets.map((id) => byTarget.get(id)![0]!.rate_limit!);
  const rows = await db.query<{ target_id: string; next_in_ms: number }>(reserveSql, [targets, counts, rates]);
  const answeredAt = now();
  for (const row of rows) {
    const group = byTarget.get(row.target_id)!;
    const interval = 1000 / group[0]!.rate_limit!;
    const first = answeredAt + Number(row.next_in_ms) - group.length * interval;
    group.forEach((d, i) => (d.not_before = first + i * interval));
  }
}
