const names = new Map<string, string>();
const generic = new Set<string>();

/**
 * Marks a hot statement of constant text: on PostgreSQL each pooled connection parses it
 * once as a named prepared statement and then only binds and executes it, which saves the
 * database parsing (and, once its generic plan is chosen, planning) on every call.
 * PGlite prepares every statement anyway. Returns the text unchanged.
 *
 * `plan: 'generic'` makes PGlite run it on its generic plan, planned once, where the planner
 * would plan it again on every call because its guesses for the arrays a generic plan cannot
 * see make that plan look dearer than it is (see `prefersGenericPlan`).
 */
export function prepared(sql: string, { plan }: { plan?: 'generic' } = {}): string {
  if (!names.has(sql)) names.set(sql, `cn_${names.size + 1}`);
  if (plan === 'generic') generic.add(sql);
  return sql;
}

/** The prepared statement name of a text marked with {@link prepared}, if any. */
export const preparedName = (sql: string): string | undefined => names.get(sql);

/** Whether a text was marked with {@link prepared} to run on its generic plan. */
export const prefersGenericPlan = (sql: string): boolean => generic.has(sql);
