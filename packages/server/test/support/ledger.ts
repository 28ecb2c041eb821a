import { expect } from 'vitest';
import type { Queryable } from '../../src/db/database.js';
import { readLedger, type Ledger } from '../../src/delivery/queue/ledger.sql.js';

/**
 * The server's own books over every delivery so far (GET /deliveries/summary's statement): they
 * add up, and say what the test counted itself. A cheap check for the crash, recovery and SIGTERM
 * tests: "nothing lost" by the server's ledger, not only by counting arrivals.
 */
export async function expectLedger(db: Queryable, want: Partial<Ledger>): Promise<Ledger> {
  const ledger = await readLedger(db, { since: '1970-01-01T00:00:00Z', until: '9999-12-31T00:00:00Z' });
  expect(ledger.published, JSON.stringify(ledger)).toBe(
    ledger.delivered + ledger.failed + ledger.cancelled + ledger.pending + ledger.pruned,
  );
  expect(ledger).toMatchObject(want);
  return ledger;
}
