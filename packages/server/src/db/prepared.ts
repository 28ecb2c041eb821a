const names = new Map<string, string>();

/**
 * Marks a hot statement of constant text: on PostgreSQL each pooled connection parses it
 * once as a named prepared statement and then only binds and executes it, which saves the
 * database parsing (and, once its generic plan is chosen, planning) on every call.
 * PGlite prepares every statement anyway. Returns the text unchanged.
 */
export function prepared(sql: string): string {
  if (!names.has(sql)) names.set(sql, `cn_${names.size + 1}`);
  return sql;
}

/** The prepared statement name of a text marked with {@link prepared}, if any. */
export const preparedName = (sql: string): string | undefined => names.get(sql);
