// The pull feed on its own: leases within the target's cap, reports recorded like push outcomes, expired leases as
// failed attempts, and a waiting reader woken by what this process queued.
import { describe, expect, it } from 'vitest';
import type { MigratableDatabase as Database } from '../../../src/db/database.js';
import { PullFeed } from '../../../src/delivery/pull/pull-feed.js';
import { insertDeliveries } from '../../../src/delivery/queue/insert.sql.js';
import { addRegistration, createTestDatabase, textMessage } from '../../support/delivery-support.js';

const kinds = process.env.DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const URL = 'https://example.com/pulled';
const answer = (statusCode: number | null) => ({
  statusCode,
  durationMs: 3,
  error: statusCode === null ? 'no answer' : null,
  responseBody: 'ok',
});

/** A pull target with `count` messages queued for it; `queue` queues more and gives back what it queued. */
async function pullTarget(db: Database, count: number) {
  const target = await addRegistration(db, URL);
  await db.query(`UPDATE registrations SET delivery = 'pull' WHERE id = $1`, [target.id]);
  const queue = (n: number) =>
    db.transaction((tx) =>
      insertDeliveries(
        tx,
        Array.from({ length: n }, (_, i) => ({ ...textMessage(target, URL, `message ${i}`), pull: true })),
      ),
    );
  if (count > 0) await queue(count);
  return { ...target, queue };
}

const history = (db: Database, targetId: string) =>
  db.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM delivery_history WHERE target_id = $1 GROUP BY status`, [
    targetId,
  ]);

describe.each(kinds)('PullFeed on %s', (kind) => {
  it('leases at most the per-target cap; a report frees its place', async () => {
    const t = await createTestDatabase(kind);
    try {
      const target = await pullTarget(t.db, 6);
      const feed = new PullFeed({ db: t.db, perTarget: 4 });
      const first = await feed.lease(target.id, 10, 0, new AbortController().signal);
      expect(new Set(first.map((d) => d.body)).size).toBe(4);
      expect(first.every((d) => d.attempt_count === 1 && d.secret === target.secret && d.lease_expires_at)).toBe(true);
      expect(await feed.lease(target.id, 10, 0, new AbortController().signal)).toEqual([]);

      const report = await feed.report(target.id, first[0]!.id, 1, answer(200));
      expect(report).toMatchObject({ outcome: { status: 'succeeded' } });
      const next = await feed.lease(target.id, 10, 0, new AbortController().signal);
      expect(next).toHaveLength(1);
      expect(first.map((d) => d.id)).not.toContain(next[0]!.id);
      expect(await history(t.db, target.id)).toEqual([{ status: 'succeeded', n: 1 }]);
    } finally {
      await t.drop();
    }
  });

  it('records a failure as a retry leased again under the next attempt, and refuses reports of what is not leased', async () => {
    const t = await createTestDatabase(kind);
    try {
      const target = await pullTarget(t.db, 1);
      const feed = new PullFeed({ db: t.db, schedule: [0, 0, 0], jitter: 0 });
      const [leased] = await feed.lease(target.id, 1, 0, new AbortController().signal);
      expect(await feed.report(target.id, leased!.id, 1, answer(500))).toMatchObject({ outcome: { status: 'pending' } });
      expect(await feed.report(target.id, leased!.id, 1, answer(200))).toEqual({ missing: 'lease' });
      expect(await feed.report(target.id, 'dlv_unknown', 1, answer(200))).toEqual({ missing: 'delivery' });

      const [again] = await feed.lease(target.id, 1, 0, new AbortController().signal);
      expect(again).toMatchObject({ id: leased!.id, attempt_count: 2 });
      expect(await feed.report(target.id, again!.id, 2, answer(204))).toMatchObject({ outcome: { status: 'succeeded' } });
      const attempts = await t.db.query<{ status_code: number }>(
        `SELECT status_code FROM delivery_attempt_log WHERE delivery_id = $1 ORDER BY attempt`,
        [leased!.id],
      );
      expect(attempts.map((a) => a.status_code)).toEqual([500, 204]);
    } finally {
      await t.drop();
    }
  });

  it('records a lease that ran out unreported as an attempt without an answer', async () => {
    const t = await createTestDatabase(kind);
    try {
      const target = await pullTarget(t.db, 1);
      const feed = new PullFeed({ db: t.db, leaseMs: 1, schedule: [0, 60_000], jitter: 0 });
      const [leased] = await feed.lease(target.id, 1, 0, new AbortController().signal);
      // The lease runs out in the database's clock: sweep until it has.
      await expect.poll(() => feed.sweep()).toBe(1);
      const [attempt] = await t.db.query<{ status_code: number | null; error: string }>(
        `SELECT status_code, error FROM delivery_attempt_log WHERE delivery_id = $1`,
        [leased!.id],
      );
      expect(attempt).toEqual({ status_code: null, error: 'not acknowledged within the pull lease (0 s)' });
      expect(await feed.report(target.id, leased!.id, 1, answer(200))).toEqual({ missing: 'lease' });
    } finally {
      await t.drop();
    }
  });

  it('wakes a waiting reader with what this process queued, and an aborted wait leases nothing', async () => {
    const t = await createTestDatabase(kind);
    try {
      const target = await pullTarget(t.db, 0);
      const feed = new PullFeed({ db: t.db, pollMs: 600_000 });
      const waiting = feed.lease(target.id, 5, 600_000, new AbortController().signal);
      // The reader is waiting once the feed has someone to wake; a poll would come only in ten minutes.
      await expect.poll(() => feed.waiting(target.id)).toBe(1);
      feed.offer(await target.queue(2));
      expect((await waiting).map((d) => d.body).sort()).toEqual(['message 0', 'message 1']);
      expect(feed.waiting(target.id)).toBe(0);

      const abort = new AbortController();
      const aborted = feed.lease(target.id, 5, 600_000, abort.signal);
      await expect.poll(() => feed.waiting(target.id)).toBe(1);
      abort.abort();
      expect(await aborted).toEqual([]);
    } finally {
      await t.drop();
    }
  });
});
