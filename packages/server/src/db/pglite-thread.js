// The embedded database's own thread: PGlite (PostgreSQL compiled to WebAssembly) runs here
// so its queries never block the server's event loop. Plain JavaScript on purpose: the file
// is loaded as is by `new Worker()` in every context (tsx, vitest, the built package).
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { createStatementCache } from './pglite-statements.js';

const INT8_OID = 20;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** @param {unknown} error */
function serialize(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const fields = { name: error.name, message: error.message };
  // PostgreSQL's error fields (code, detail, constraint, …) travel along.
  for (const [key, value] of Object.entries(error)) if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  return fields;
}

/**
 * What this thread holds: PostgreSQL's WebAssembly memory (it only ever grows) and this
 * thread's own JavaScript heap, which the process's heap figures leave out.
 * @param {import('@electric-sql/pglite').PGlite} db
 */
function memory(db) {
  // `mod` (the Emscripten module) is protected in PGlite's types, not at run time.
  const mod = /** @type {{ mod?: { HEAPU8: Uint8Array } }} */ (/** @type {unknown} */ (db)).mod;
  const heap = getHeapStatistics();
  return { wasmBytes: mod?.HEAPU8.buffer.byteLength ?? 0, heapUsedBytes: heap.used_heap_size, heapTotalBytes: heap.total_heap_size };
}

try {
  const { dataDir, snapshot } = /** @type {{ dataDir?: string; snapshot?: Uint8Array<ArrayBuffer> }} */ (workerData);
  // Counts and sequence numbers stay far below 2^53; numbers keep both drivers identical.
  const parsers = { [INT8_OID]: (/** @type {string} */ value) => Number(value) };
  // A snapshot skips initdb (a third of the CPU time). PGlite reads `loadDataDir` only with a
  // dataDir: `new PGlite(undefined, { loadDataDir })` makes a new database.
  // PGlite runs no checkpointer, so its WAL only grows until the server checkpoints (Upkeep);
  // a checkpoint then keeps what these allow (PostgreSQL's defaults keep up to 1 GB).
  const startParams = [...PGlite.defaultStartParams, '-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB'];
  const db = snapshot
    ? new PGlite('memory://', { parsers, startParams, loadDataDir: new globalThis.Blob([snapshot]) })
    : new PGlite(dataDir, { parsers, startParams });
  await db.waitReady;
  const statements = createStatementCache(db);
  port.on(
    'message',
    async (
      /** @type {{ id: number; op: 'query' | 'exec' | 'dump' | 'memory' | 'close'; sql?: string; params?: unknown[]; generic?: boolean }} */ message,
    ) => {
      try {
        if (message.op === 'query') {
          const rows = await statements.query(/** @type {string} */ (message.sql), message.params, message.generic);
          port.postMessage({ id: message.id, rows });
        } else if (message.op === 'exec') {
          await db.exec(/** @type {string} */ (message.sql));
          port.postMessage({ id: message.id, rows: [] });
        } else if (message.op === 'memory') {
          port.postMessage({ id: message.id, rows: [memory(db)] });
        } else if (message.op === 'dump') {
          const tarball = new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer());
          port.postMessage({ id: message.id, rows: [tarball] }, [tarball.buffer]);
        } else {
          await db.close();
          port.postMessage({ id: message.id, rows: [] });
          port.close();
        }
      } catch (error) {
        port.postMessage({ id: message.id, error: serialize(error) });
      }
    },
  );
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ initError: serialize(error) });
}
