/**
 * Claim: the database CPU of one claim (`claimDue` on PostgreSQL) as the server sends it, on the
 * claim's own connections (parsed once, planned for each call's values: `force_custom_plan`),
 * against the two other ways to send it: as text (parsed, analysed and planned on every call,
 * how it went before), and prepared with a generic plan (which PostgreSQL caches after five runs
 * when its estimates favour it), over a backlog of CLAIM_BACKLOG (400) events × 50 registrations,
 * analysed. The three alternate, CLAIMS_PER_BATCH claims at a time, so they meet the same
 * machine. Then ours per row claimed: CLAIM_LIMIT (64) and CLAIM_PER_TARGET (4) set the claim's
 * size (320 and 32 are a fan-out's, where a claim's cost is per row). Runs only with DATABASE_URL.
 */
import type { Database } from '../../packages/server/src/db/database.js';
import { migrate } from '../../packages/server/src/db/migrate.js';
import { openDatabase } from '../../packages/server/src/db/open.js';
import { seed } from '../../packages/server/src/db/seed.js';
import { claimDue, type ClaimArgs } from '../../packages/server/src/delivery/claim/claim-due.js';
import { TargetHolds } from '../../packages/server/src/delivery/claim/target-holds.js';
import { changeStocks, StockFanOut } from '../../packages/server/src/publish/stock-change.js';
import { stockChange } from './peers/message.js';
import { scratchDatabase } from './peers/contenders.js';
import { oneConnection } from './one-connection.js';
import { addBenchRegistrations } from './registrations.js';
import { printFigures, printRatios } from './table.js';

const BACKLOG = Number(process.env.CLAIM_BACKLOG ?? 400);
const REGISTRATIONS = 50;
const BATCHES = 20;
const CLAIMS_PER_BATCH = 40;
/** A claim's size and per-target cap: the defaults are a burst's; 320 and 32 are a fan-out's (its cost is then per row). */
const LIMIT = Number(process.env.CLAIM_LIMIT ?? 64);
const PER_TARGET = Number(process.env.CLAIM_PER_TARGET ?? 4);

async function fill(db: Database): Promise<void> {
  await addBenchRegistrations(db, REGISTRATIONS);
  const fanOut = new StockFanOut();
  for (let e = 0; e < BACKLOG; e += 8) {
    const changes = Array.from({ length: 8 }, (_, i) => stockChange(e + i));
    for (const answer of await changeStocks(db, changes, fanOut)) if (answer instanceof Error) throw answer;
  }
  // The backlog's statistics, as the worker's upkeep keeps them (it analyses the queue beside the claims).
  await db.query('ANALYZE');
}

export default async function claimBench(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    console.log('(skipped: set DATABASE_URL)\n');
    return;
  }
  const scratch = await scratchDatabase('claim');
  const ours = await openDatabase({ url: scratch.url, readPoolSize: 0 });
  const { db: asText } = await oneConnection(scratch.url, { prepare: false });
  const { db: preparedGeneric } = await oneConnection(scratch.url, { prepare: true, options: '-c plan_cache_mode=force_generic_plan' });
  try {
    await migrate(ours);
    await seed(ours);
    await fill(ours);
    const sides = [ours, asText, preparedGeneric];
    const cpu = sides.map(() => 0);
    const args = (): ClaimArgs => ({
      owner: 'wrk_bench',
      limit: LIMIT,
      leaseMs: 60_000,
      perTarget: PER_TARGET,
      perOwner: 1_000,
      inFlight: new Map(),
      held: new Map(),
      ownerHeld: new Map(),
      holds: new TargetHolds(),
    });
    const rows = sides.map(() => 0);
    for (let batch = -1; batch < BATCHES; batch++) {
      for (const [k, db] of sides.entries()) {
        const meter = scratch.meter();
        meter.start();
        let claimed = 0;
        for (let i = 0; i < CLAIMS_PER_BATCH; i++) claimed += (await claimDue(db, args())).rows.length;
        const used = meter.stop();
        if (batch < 0) continue;
        cpu[k]! += used;
        rows[k]! += claimed;
      }
    }
    if (rows[0] === 0) throw new Error('the claims took nothing');
    const perClaim = cpu.map((ms) => (1000 * ms) / (BATCHES * CLAIMS_PER_BATCH));
    printRatios(
      `Claim, database CPU per claim (${BACKLOG * REGISTRATIONS} due rows, ${REGISTRATIONS} targets, ${BATCHES * CLAIMS_PER_BATCH} claims each)`,
      [
        {
          name: 'ours (own connection) vs as text, planned each call',
          ours: perClaim[0]!,
          baseline: perClaim[1]!,
          unit: 'µs',
          better: 'lower',
        },
        { name: 'ours vs prepared with a generic plan', ours: perClaim[0]!, baseline: perClaim[2]!, unit: 'µs', better: 'lower' },
      ],
    );
    printFigures(`Ours, per row claimed (limit ${LIMIT}, ${PER_TARGET} per target)`, [
      ['rows a claim', rows[0]! / (BATCHES * CLAIMS_PER_BATCH)],
      ['database CPU a row', (1000 * cpu[0]!) / rows[0]!, 'µs'],
    ]);
  } finally {
    await asText.close();
    await preparedGeneric.close();
    await ours.close();
    await scratch.drop();
  }
}
