import { PGlite } from '@electric-sql/pglite';
const t0 = performance.now();
const db = new PGlite();
await db.waitReady;
const t1 = performance.now();
await db.query('select 1');
console.log('open', Math.round(t1 - t0), 'q', Math.round(performance.now() - t1), process.cpuUsage());
process.exit(0);
