// Disabling a target: its row, its pending deliveries, its circuit; and the two ways its health starts over.
import { describe, expect, it } from 'vitest';
import { disableTarget, resetHealth, restartFailureWindow, targetTable } from '../../../src/delivery/record/disable.sql.js';
import { addRegistration, createTestDatabase, queueMessages } from '../../support/delivery-support.js';

const kinds = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

describe('targetTable', () => {
  it('reads the table from the id prefix', () => {
    expect(targetTable('reg_1')).toBe('registrations');
    expect(targetTable('sub_1')).toBe('subscriptions');
    expect(targetTable('ops_1')).toBe('operational_subscriptions');
    expect(targetTable('key_1')).toBeNull();
  });
});

describe.each(kinds)('disabling on %s', (kind) => {
  it('disables an active target with its reason, cancels what waits for it and resets its circuit, once', async () => {
    const t = await createTestDatabase(kind);
    try {
      const target = await addRegistration(t.db, 'https://example.com/gone');
      const other = await addRegistration(t.db, 'https://example.com/fine');
      await queueMessages(t.db, target, 'https://example.com/gone', 3);
      await queueMessages(t.db, other, 'https://example.com/fine', 2);
      await t.db.query(
        `INSERT INTO delivery_targets (target_id, failing_since, consecutive_failures, circuit_open_until, last_failure_at)
         VALUES ($1, now(), 7, now() + interval '1 minute', now())`,
        [target.id],
      );
      await t.db.transaction((tx) => disableTarget(tx, target.id, 'the receiver answered 410 Gone'));

      const [row] = await t.db.query<{ status: string; disabled_reason: string; disabled: boolean }>(
        `SELECT status, disabled_reason, disabled_at IS NOT NULL AS disabled FROM registrations WHERE id = $1`,
        [target.id],
      );
      expect(row).toEqual({ status: 'disabled', disabled_reason: 'the receiver answered 410 Gone', disabled: true });
      const queued = await t.db.query<{ target_id: string; n: number }>(
        `SELECT target_id, count(*)::int AS n FROM deliveries GROUP BY target_id`,
      );
      expect(queued).toEqual([{ target_id: other.id, n: 2 }]);
      const [cancelled] = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM delivery_history WHERE target_id = $1 AND status = 'cancelled'`,
        [target.id],
      );
      expect(cancelled!.n).toBe(3);
      const [health] = await t.db.query(
        `SELECT failing_since, consecutive_failures, circuit_open_until, last_failure_at IS NOT NULL AS failed_before FROM delivery_targets WHERE target_id = $1`,
        [target.id],
      );
      expect(health).toEqual({ failing_since: null, consecutive_failures: 0, circuit_open_until: null, failed_before: true });

      // A second disable keeps the first reason: only an active target is disabled.
      await t.db.transaction((tx) => disableTarget(tx, target.id, 'another reason'));
      const [again] = await t.db.query<{ disabled_reason: string }>(`SELECT disabled_reason FROM registrations WHERE id = $1`, [target.id]);
      expect(again!.disabled_reason).toBe('the receiver answered 410 Gone');
    } finally {
      await t.drop();
    }
  });

  it('restarts only the failure window of a re-activated target; resetting its health also closes its circuit', async () => {
    const t = await createTestDatabase(kind);
    try {
      const target = await addRegistration(t.db, 'https://example.com/flaky');
      await t.db.query(
        `INSERT INTO delivery_targets (target_id, failing_since, consecutive_failures, circuit_open_until)
         VALUES ($1, now(), 4, now() + interval '1 minute')`,
        [target.id],
      );
      const read = async () =>
        (
          await t.db.query<{ failing: boolean; failures: number; open: boolean }>(
            `SELECT failing_since IS NOT NULL AS failing, consecutive_failures AS failures, circuit_open_until IS NOT NULL AS open
             FROM delivery_targets WHERE target_id = $1`,
            [target.id],
          )
        )[0];
      await restartFailureWindow(t.db, target.id);
      expect(await read()).toEqual({ failing: false, failures: 4, open: true });
      await resetHealth(t.db, target.id);
      expect(await read()).toEqual({ failing: false, failures: 0, open: false });
    } finally {
      await t.drop();
    }
  });
});
