/**
 * What a phase of the growth bench cost, read from outside the timings (issue 29.3): the bench
 * process's CPU, the CPU of the PostgreSQL backends connected to each site's database (from
 * /proc, so only for a server on this machine), the machine's busy and iowait share, and the
 * database's shared-buffer accesses (pg_stat_database, which backends report up to 10 s late, so
 * read over the whole run only).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { cpuMs } from './peers/cpu.js';

export interface Snapshot {
  at: number;
  nodeMs: number;
  /** CPU of each database's backends, by database name. */
  dbMs: Map<string, number>;
  machine: { busy: number; iowait: number; total: number };
}

export interface PhaseCost {
  nodeUs: number;
  dbUs: number;
  busyPct: number;
  iowaitPct: number;
}

function machine(): Snapshot['machine'] {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]!
    .split(/\s+/)
    .slice(1)
    .map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + steal!;
  return { busy, iowait: iowait!, total: busy + idle! + iowait! };
}

export interface CostMeter {
  snapshot(): Promise<Snapshot>;
  /** Per message between two snapshots, for the site on database `db` (undefined: PGlite). */
  cost(from: Snapshot, to: Snapshot, db: string | undefined, messages: number): PhaseCost;
  /** Shared-buffer accesses (hit + read) of a database so far. */
  buffers(db: string): Promise<number>;
  close(): Promise<void>;
}

export async function costMeter(adminUrl: string | undefined): Promise<CostMeter> {
  const admin = adminUrl ? new pg.Client({ connectionString: adminUrl }) : undefined;
  await admin?.connect();
  // Backends come and go with the pools: a pid's CPU counts from the first snapshot that saw it
  // to its last reading (a backend that ended keeps what it used: dropping it made a phase's CPU negative).
  const seen = new Map<number, { db: string; first: number; last: number }>();
  return {
    async snapshot() {
      const dbMs = new Map<string, number>();
      if (admin) {
        const { rows } = await admin.query<{ pid: number; datname: string }>(
          'SELECT pid, datname FROM pg_stat_activity WHERE datname IS NOT NULL AND pid <> pg_backend_pid()',
        );
        for (const { pid, datname } of rows) {
          const ms = cpuMs(pid) ?? 0;
          if (!seen.has(pid)) seen.set(pid, { db: datname, first: ms, last: ms });
        }
        for (const [pid, entry] of seen) {
          const ms = cpuMs(pid);
          if (ms !== undefined && ms >= entry.last) entry.last = ms;
          dbMs.set(entry.db, (dbMs.get(entry.db) ?? 0) + entry.last - entry.first);
        }
      }
      const cpu = process.cpuUsage();
      return { at: performance.now(), nodeMs: (cpu.user + cpu.system) / 1000, dbMs, machine: machine() };
    },
    cost(from, to, db, messages) {
      const total = to.machine.total - from.machine.total || 1;
      return {
        nodeUs: ((to.nodeMs - from.nodeMs) * 1000) / messages,
        dbUs: db ? (((to.dbMs.get(db) ?? 0) - (from.dbMs.get(db) ?? 0)) * 1000) / messages : NaN,
        busyPct: (100 * (to.machine.busy - from.machine.busy)) / total,
        iowaitPct: (100 * (to.machine.iowait - from.machine.iowait)) / total,
      };
    },
    async buffers(db) {
      if (!admin) return NaN;
      const { rows } = await admin.query<{ n: string }>('SELECT blks_hit + blks_read AS n FROM pg_stat_database WHERE datname = $1', [db]);
      return Number(rows[0]?.n ?? NaN);
    },
    async close() {
      await admin?.end();
    },
  };
}

/**
 * Logs a share (`sampleRate`) of the statements on `url`'s database with their plans, buffers
 * and WAL to the PostgreSQL server's log (auto_explain, loaded by each new session), to compare
 * what the same statement does on the two databases.
 */
export async function logPlans(adminUrl: string, url: string, sampleRate: number): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const db = new URL(url).pathname.slice(1);
    const settings = {
      session_preload_libraries: 'auto_explain',
      'auto_explain.log_min_duration': '0',
      'auto_explain.log_analyze': 'on',
      'auto_explain.log_buffers': 'on',
      'auto_explain.log_wal': 'on',
      'auto_explain.log_timing': 'off',
      'auto_explain.sample_rate': String(sampleRate),
    };
    for (const [name, value] of Object.entries(settings)) await admin.query(`ALTER DATABASE ${db} SET ${name} = '${value}'`);
  } finally {
    await admin.end();
  }
}
