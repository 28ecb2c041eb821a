import { describe, expect, it } from 'vitest';
import { insertDeliveries } from '../../../src/delivery/queue/insert.sql.js';
import { recordOutcomes } from '../../../src/delivery/record/record.sql.js';
import { requeueDelivery } from '../../../src/delivery/queue/requeue.sql.js';
import { addRegistration, claimAsIdle, createTestDatabase, databaseKinds, textMessage } from '../../support/delivery-support.js';

const POLICY = { disableAfterMs: 86_400_000, breakAfter: 5, coolDownMs: 60_000 };
const TRACE = { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'cn=1' };
const MESSAGE = 'seq, id, message_id, target_id, url, body, traceparent, tracestate';

describe.each(databaseKinds())('a delivery moving between queue and history on %s', (kind) => {
  it('keeps its id, seq, message and trace context when it ends and when it is replayed, and is in one table at a time', async () => {
    const t = await createTestDatabase(kind);
    try {
      const target = await addRegistration(t.db, 'http://127.0.0.1:9/hook');
      await t.db.transaction((tx) => insertDeliveries(tx, [textMessage(target, 'http://127.0.0.1:9/hook', 'hello')], TRACE));
      const [queued] = await t.db.query<Record<string, unknown>>(`SELECT ${MESSAGE} FROM deliveries`);
      expect(queued).toMatchObject(TRACE);
      const [claimed] = await claimAsIdle(t.db, 'wrk_moves');
      const result = { startedAt: new Date(), durationMs: 3, statusCode: 204, error: null, responseBody: '', retryAfterMs: null };
      await recordOutcomes(t.db, [{ delivery: claimed!, result, status: 'succeeded', retryInMs: null }], POLICY);

      expect(await t.db.query(`SELECT count(*)::int AS n FROM deliveries`)).toEqual([{ n: 0 }]);
      expect(await t.db.query(`SELECT ${MESSAGE} FROM delivery_history`)).toEqual([queued]);
      await t.db.transaction((tx) => requeueDelivery(tx, queued!.id as string, 'id'));
      expect(await t.db.query(`SELECT ${MESSAGE} FROM deliveries`)).toEqual([queued]);
      expect(await t.db.query(`SELECT count(*)::int AS n FROM delivery_history`)).toEqual([{ n: 0 }]);
      // The success that ended the first round joined the attempt log.
      expect(await t.db.query(`SELECT attempt, status_code FROM delivery_attempt_log`)).toEqual([{ attempt: 1, status_code: 204 }]);
    } finally {
      await t.drop();
    }
  }, 120_000);
});
