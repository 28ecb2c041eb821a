import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { EmbeddedMemory } from './database.js';
import { prefersGenericPlan } from './prepared.js';
import { DatabaseUnavailableError } from './unavailable.js';

type Request =
  | { op: 'query'; sql: string; params?: unknown[]; generic?: true }
  | { op: 'exec'; sql: string }
  | { op: 'dump' }
  | { op: 'memory' }
  | { op: 'close' };
type Reply = { id: number; rows?: unknown[]; error?: Record<string, unknown> } | { ready: true } | { initError: Record<string, unknown> };

/** An error raised in the database thread, with PostgreSQL's fields (code, detail, …) copied over. */
export class PgliteError extends Error {
  constructor(fields: Record<string, unknown>) {
    super(String(fields.message ?? 'PGlite failed'));
    Object.assign(this, fields);
  }
}

/**
 * PGlite in a worker thread (see pglite-thread.js): the WebAssembly database takes the
 * second core instead of the event loop's time. One request at a time is enough: PGlite
 * has a single connection, and callers serialise transactions with a mutex anyway.
 */
export class PgliteClient {
  readonly #worker: Worker;
  // In the order sent: the first key is the oldest request still out.
  readonly #pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  #freeWaiters: Array<{ before: number; resolve: () => void }> = [];
  #nextId = 0;
  #failure: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: Reply) => {
      if (!('id' in reply)) return;
      const waiter = this.#pending.get(reply.id);
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.error) waiter?.reject(new PgliteError(reply.error));
      else waiter?.resolve(reply.rows ?? []);
      if (this.#freeWaiters.length > 0) this.#wakeFree();
    });
    const fail = (error: Error) => {
      this.#failure ??= new DatabaseUnavailableError(`The embedded database stopped: ${error.message}`, { cause: error });
      for (const waiter of this.#pending.values()) waiter.reject(this.#failure);
      this.#pending.clear();
      this.#wakeFree();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the PGlite thread exited (code ${code})`)));
  }

  /** Starts the thread and waits until the database is open (created on first use, or in memory from `snapshot`, a `dump()`). */
  static async open(dataDir: string | undefined, snapshot?: Uint8Array): Promise<PgliteClient> {
    const worker = new Worker(new URL('./pglite-thread.js', import.meta.url), { workerData: { dataDir, snapshot } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (reply: Reply) => {
        if ('ready' in reply) resolve();
        else if ('initError' in reply) reject(new PgliteError(reply.initError));
        else return;
        worker.off('message', onMessage);
        worker.off('error', reject);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    worker.unref();
    return new PgliteClient(worker);
  }

  query<T>(sql: string, params?: unknown[]): Promise<T[]> {
    return this.#send(prefersGenericPlan(sql) ? { op: 'query', sql, params, generic: true } : { op: 'query', sql, params }) as Promise<T[]>;
  }

  async exec(sql: string): Promise<void> {
    await this.#send({ op: 'exec', sql });
  }

  /** Resolves once every request sent before the call has been answered (see `Database.free`). */
  free(): Promise<void> {
    const before = this.#nextId;
    if (!this.#busyBefore(before)) return Promise.resolve();
    return new Promise((resolve) => this.#freeWaiters.push({ before, resolve }));
  }

  #busyBefore(id: number): boolean {
    const oldest = this.#pending.keys().next();
    return !oldest.done && oldest.value < id;
  }

  #wakeFree(): void {
    const waiting = this.#freeWaiters;
    this.#freeWaiters = [];
    for (const w of waiting)
      if (this.#busyBefore(w.before)) this.#freeWaiters.push(w);
      else w.resolve();
  }

  /** The data directory as a gzipped tarball, to open another database from. */
  async dump(): Promise<Uint8Array> {
    return (await this.#send({ op: 'dump' }))[0] as Uint8Array;
  }

  /** The database thread's memory: PostgreSQL's WebAssembly memory and the thread's JavaScript heap. */
  async memory(): Promise<EmbeddedMemory> {
    return (await this.#send({ op: 'memory' }))[0] as EmbeddedMemory;
  }

  async close(): Promise<void> {
    if (this.#failure) return;
    const exited = once(this.#worker, 'exit');
    await this.#send({ op: 'close' });
    // The thread ends by itself once PGlite and its port are closed. Terminating it while it
    // exits raced its own teardown, and Node 24 once aborted the whole process on it.
    this.#worker.ref();
    const lingering = setTimeout(() => void this.#worker.terminate(), 5_000);
    await exited;
    clearTimeout(lingering);
  }

  #send(request: Request): Promise<unknown[]> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    // A request in flight keeps the process alive; an idle database does not.
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...request });
    });
  }
}
