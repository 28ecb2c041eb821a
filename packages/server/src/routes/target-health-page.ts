import type { Queryable } from '../db/database.js';
import { targetHealthReports, type TargetHealthReport } from '../domain/target-health-report.js';

/** A page of targets with their health (`include=health`): one request instead of one per target, one read for the page. */
export async function withHealth<T extends { id: string }>(
  db: Queryable,
  targets: T[],
): Promise<Array<T & { health: TargetHealthReport }>> {
  const health = await targetHealthReports(
    db,
    targets.map((t) => t.id),
  );
  return targets.map((target) => ({ ...target, health: health.get(target.id)! }));
}

/** Whether a list request asked for health. */
export const wantsHealth = (query: Record<string, unknown>): boolean => query.include === 'health';
