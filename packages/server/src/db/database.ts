/** Something that runs one SQL statement with `$1` placeholders and returns its rows. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** PGlite's thread: PostgreSQL's WebAssembly memory (it never shrinks) and the thread's JavaScript heap. */
export interface EmbeddedMemory {
  wasmBytes: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
}

/** The server's storage: PGlite (embedded) or PostgreSQL, one SQL dialect for both. */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a gzipped tarball (`DatabaseOptions.snapshot`). */
  dump?(): Promise<Uint8Array>;
  /** PGlite only: the memory of the database thread, which the process's heap figures leave out. */
  memory?(): Promise<EmbeddedMemory>;
  /**
   * PGlite only: resolves once every statement sent before the call has finished (it runs
   * one at a time, in the order sent), so a caller that gathers work can send it then, with
   * what arrived meanwhile, without it starting any later.
   */
  free?(): Promise<void>;
  /**
   * PostgreSQL: the reads' own connections (console, lists, health, metrics), read-only, so
   * that reads never take a connection the delivery path needs. Absent: reads share these.
   */
  readonly reads?: Database;
  /**
   * PostgreSQL: the claim's own connections, which parse each statement once and plan it for
   * every call's values (`plan_cache_mode = force_custom_plan`; see delivery/claim/claim.sql.ts). Absent: the
   * claim is sent as text and planned on these.
   */
  readonly claims?: Database;
}

/** A transaction handle that can also run a multi-statement script (migrations). */
export interface ScriptRunner extends Queryable {
  exec(sql: string): Promise<void>;
}

/** The migration runner needs scripts; both implementations provide them. */
export interface MigratableDatabase extends Database {
  transaction<T>(fn: (tx: ScriptRunner) => Promise<T>): Promise<T>;
}
