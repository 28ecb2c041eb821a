import type { Queryable } from '../db/database.js';
import { targetHealthReport, type TargetHealthReport } from '../domain/target-health-report.js';

/**
 * A page of targets with their health (`include=health`): one request instead of one per
 * target. The reports are read one after another, so a page holds one read connection.
 */
export async function withHealth<T extends { id: string }>(
  db: Queryable,
  targets: T[],
): Promise<Array<T & { health: TargetHealthReport }>> {
  const page: Array<T & { health: TargetHealthReport }> = [];
  for (const target of targets) page.push({ ...target, health: await targetHealthReport(db, target.id) });
  return page;
}

/** Whether a list request asked for health. */
export const wantsHealth = (query: Record<string, unknown>): boolean => query.include === 'health';
