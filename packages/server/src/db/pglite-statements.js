// Prepared statements for PGlite, as postgres.js and pgx keep them for PostgreSQL: each SQL
// text is parsed and described once under a name, then every later call is one Bind/Execute
// round into the WebAssembly module with no planning. PGlite's own query() parses,
// describes and plans the text on every call in five protocol round trips and decodes each
// field with a TextDecoder; on the delivery worker's statements that was most of the time.
// Plain JavaScript: loaded by the database thread (see pglite-thread.js).
import { Buffer } from 'node:buffer';
import { protocol } from '@electric-sql/pglite';

const { serialize } = protocol;
/** Statements kept per connection; the least recently used is closed beyond this. */
const MAX_STATEMENTS = 200;
/** PostgreSQL's "cached plan must not change result type": the table changed under the statement. */
const FEATURE_NOT_SUPPORTED = '0A000';
/**
 * The session's plan cache mode around a statement run on its generic plan, in the same
 * round into the module. A SET in a transaction that fails is undone by its rollback.
 */
const FORCE_GENERIC = serialize.query('SET plan_cache_mode = force_generic_plan');
const RESET_PLAN_MODE = serialize.query('RESET plan_cache_mode');

/**
 * @typedef {{
 *   name: string;
 *   paramTypes: number[];
 *   fields: Array<{ name: string; oid: number }>;
 *   parsers: Array<((text: string, oid: number) => unknown) | undefined>;
 * }} Statement
 * @typedef {import('@electric-sql/pglite').PGlite} PGlite
 */

/** PostgreSQL's ErrorResponse field codes, named as PGlite and node-postgres name them. */
const ERROR_FIELDS = /** @type {Record<string, string>} */ ({
  S: 'severity',
  C: 'code',
  M: 'message',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
});

/**
 * Runs protocol messages and returns the reply. Through execProtocolRawStream, not
 * execProtocolRawSync: the latter also parses every reply into PGlite's own result list,
 * which only PGlite's query()/exec() empty, so statements run here alone kept each reply's
 * messages alive (the soak's database-thread heap grew by about 3 MB a minute).
 * @param {PGlite} db
 * @param {Uint8Array[]} messages
 */
async function run(db, messages) {
  /** @type {Buffer[]} */
  const chunks = [];
  // Each chunk is a view of the WebAssembly memory: copied before the next overwrites it.
  await db.execProtocolRawStream(Buffer.concat(messages), { syncToFs: false, onRawData: (data) => void chunks.push(Buffer.from(data)) });
  return chunks.length === 1 ? /** @type {Buffer} */ (chunks[0]) : Buffer.concat(chunks);
}

/**
 * Reads a backend message stream. Calls `onRow` for each DataRow with the buffer and the
 * offset of its first field; returns the ParameterDescription / RowDescription seen, the
 * error (if any) and the transaction status of the final ReadyForQuery.
 * @param {Buffer} buf
 * @param {(buf: Buffer, offset: number) => void} [onRow]
 */
function readMessages(buf, onRow) {
  /** @type {number[] | undefined} */
  let paramTypes;
  /** @type {Array<{ name: string; oid: number }> | undefined} */
  let fields;
  /** @type {Record<string, string> | undefined} */
  let error;
  let status = 'I';
  let offset = 0;
  while (offset + 5 <= buf.length) {
    const type = buf[offset];
    const length = buf.readInt32BE(offset + 1);
    const body = offset + 5;
    const end = offset + 1 + length;
    switch (type) {
      case 0x44: // D DataRow
        onRow?.(buf, body);
        break;
      case 0x74: {
        // t ParameterDescription
        const n = buf.readInt16BE(body);
        paramTypes = [];
        for (let i = 0; i < n; i++) paramTypes.push(buf.readUInt32BE(body + 2 + 4 * i));
        break;
      }
      case 0x54: {
        // T RowDescription
        const n = buf.readInt16BE(body);
        fields = [];
        let at = body + 2;
        for (let i = 0; i < n; i++) {
          const nul = buf.indexOf(0, at);
          const name = buf.toString('utf8', at, nul);
          at = nul + 1;
          fields.push({ name, oid: buf.readUInt32BE(at + 6) });
          at += 18;
        }
        break;
      }
      case 0x6e: // n NoData
        fields = [];
        break;
      case 0x45: {
        // E ErrorResponse: the first one (a RESET after a failed statement in a transaction fails too)
        if (error) break;
        error = {};
        let at = body;
        while (at < end && buf[at] !== 0) {
          const code = String.fromCharCode(/** @type {number} */ (buf[at]));
          const nul = buf.indexOf(0, at + 1);
          const key = ERROR_FIELDS[code];
          if (key) error[key] = buf.toString('utf8', at + 1, nul);
          at = nul + 1;
        }
        break;
      }
      case 0x5a: // Z ReadyForQuery
        status = String.fromCharCode(/** @type {number} */ (buf[body]));
        break;
      default:
        break;
    }
    offset = end;
  }
  return { paramTypes, fields, error, status };
}

/** @param {Record<string, string>} fields */
function databaseError(fields) {
  const error = Object.assign(new Error(fields.message ?? 'PGlite failed'), fields);
  error.name = 'error';
  return error;
}

/**
 * Runs SQL with `$n` parameters through named prepared statements, with PGlite's own type
 * serializers and parsers, so rows match what `PGlite.query()` returns.
 * @param {PGlite} db
 */
export function createStatementCache(db) {
  /** @type {Map<string, Statement>} */
  const statements = new Map();
  let counter = 0;

  /** @param {string} sql */
  async function forget(sql) {
    const statement = statements.get(sql);
    if (!statement) return;
    statements.delete(sql);
    await run(db, [serialize.close({ type: 'S', name: statement.name }), serialize.sync()]);
  }

  /** @param {string} sql @returns {Promise<Statement>} */
  async function prepare(sql) {
    const name = `cn_${counter++}`;
    const reply = await run(db, [serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()]);
    const { paramTypes, fields = [], error } = readMessages(reply);
    if (error) throw databaseError(error);
    /** @type {Statement} */
    const statement = { name, paramTypes: paramTypes ?? [], fields, parsers: fields.map((f) => db.parsers[f.oid]) };
    // The first entry is the least recently used (query() moves each hit to the end).
    if (statements.size >= MAX_STATEMENTS) await forget(/** @type {string} */ (statements.keys().next().value));
    statements.set(sql, statement);
    return statement;
  }

  /** @param {Statement} statement @param {unknown[]} params @param {boolean} [generic] */
  async function execute(statement, params, generic) {
    if (params.length !== statement.paramTypes.length) {
      throw databaseError({
        severity: 'ERROR',
        code: '08P01',
        message: `bind message supplies ${params.length} parameters, but prepared statement requires ${statement.paramTypes.length}`,
      });
    }
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const oid = /** @type {number} */ (statement.paramTypes[i]);
      const serializer = db.serializers[oid];
      return serializer ? serializer(value) : String(value);
    });
    const bound = [serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()];
    const reply = await run(db, generic ? [FORCE_GENERIC, ...bound, RESET_PLAN_MODE] : bound);
    const { fields, parsers } = statement;
    /** @type {Record<string, unknown>[]} */
    const rows = [];
    const outcome = readMessages(reply, (buf, offset) => {
      const n = buf.readInt16BE(offset);
      let at = offset + 2;
      /** @type {Record<string, unknown>} */
      const row = {};
      for (let i = 0; i < n; i++) {
        const length = buf.readInt32BE(at);
        at += 4;
        const field = /** @type {{ name: string; oid: number }} */ (fields[i]);
        if (length < 0) {
          row[field.name] = null;
          continue;
        }
        const text = buf.toString('utf8', at, at + length);
        at += length;
        const parse = parsers[i];
        row[field.name] = parse ? parse(text, field.oid) : text;
      }
      rows.push(row);
    });
    return { rows, error: outcome.error, status: outcome.status };
  }

  return {
    /**
     * @param {string} sql
     * @param {unknown[]} [params]
     * @param {boolean} [generic] run on the statement's generic plan (`prepared(sql, { plan: 'generic' })`)
     * @returns {Promise<Record<string, unknown>[]>}
     */
    query(sql, params = [], generic = false) {
      return db.runExclusive(async () => {
        let statement = statements.get(sql);
        if (statement) {
          statements.delete(sql);
          statements.set(sql, statement);
        } else {
          statement = await prepare(sql);
        }
        let result = await execute(statement, params, generic);
        if (result.error?.code === FEATURE_NOT_SUPPORTED && /cached plan/.test(result.error.message ?? '')) {
          await forget(sql);
          result = await execute(await prepare(sql), params, generic);
        }
        if (result.error) throw databaseError(result.error);
        if (result.status === 'I') await db.syncToFs();
        return result.rows;
      });
    },
  };
}
