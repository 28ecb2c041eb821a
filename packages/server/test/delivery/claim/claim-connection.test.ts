import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDue } from '../../../src/delivery/claim/claim-due.js';
import { TargetHolds } from '../../../src/delivery/claim/target-holds.js';
import { addRegistration, createTestDatabase, type TestDatabase } from '../../support/delivery-support.js';
import { fillPending } from '../../support/fill-history.js';

/**
 * The claim on PostgreSQL runs on its own connections, which parse it once and plan it for each
 * call's values: never a generic plan, whose estimates of a queue that was small when it was made
 * keep scanning every pending row once a backlog builds (see delivery/claim/claim.sql.ts).
 */
describe.runIf(process.env.DATABASE_URL)('the claim’s own connection on postgres', () => {
  let t: TestDatabase;
  let target: string;

  beforeAll(async () => {
    t = await createTestDatabase('postgres');
    const registration = await addRegistration(t.db, 'http://127.0.0.1:9/hook');
    target = registration.id;
    await fillPending(t.db, { messages: 50, targetIds: [target], ownerKeyId: registration.ownerKeyId });
  });
  afterAll(async () => t?.drop());

  it('prepares the claim once and plans each call for its values, past the runs after which PostgreSQL may cache a generic plan', async () => {
    expect(t.db.claims).toBeDefined();
    const args = { owner: 'wrk_plans', limit: 8, leaseMs: 60_000, perTarget: 4, perOwner: 100 };
    const maps = { inFlight: new Map<string, number>(), held: new Map<string, string>(), ownerHeld: new Map<string, number>() };
    const holds = new TargetHolds();
    let claimed = 0;
    // One at a time, so the pool keeps to one connection, which the query below then reads.
    for (let i = 0; i < 12; i++) claimed += (await claimDue(t.db, { ...args, ...maps, holds })).rows.length;
    expect(claimed).toBeGreaterThan(0);
    const statements = await t.db.claims!.query<{ statement: string; generic_plans: number; custom_plans: number }>(
      `SELECT statement, generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement LIKE 'WITH me AS%'`,
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]!.generic_plans).toBe(0);
    expect(statements[0]!.custom_plans).toBeGreaterThanOrEqual(12);
  });

  it('refuses nothing the claim needs: its connections write (the claim defers rows of an open circuit)', async () => {
    const [row] = await t.db.claims!.query<{ mode: string; read_only: string }>(
      `SELECT current_setting('plan_cache_mode') AS mode, current_setting('transaction_read_only') AS read_only`,
    );
    expect(row).toEqual({ mode: 'force_custom_plan', read_only: 'off' });
  });
});
