// Wake-ups between processes: NOTIFY after a commit, LISTEN on a session of its own (PostgreSQL); nothing on PGlite.
import { describe, expect, it } from 'vitest';
import { holderAlive } from '../../src/delivery/claim/holder-lock.js';
import { DELIVERY_CHANNEL, releasedPayload } from '../../src/delivery/queue/channel.js';
import { listenForDeliveries, wakeUpSender } from '../../src/delivery/wake-ups.js';
import { createTestDatabase } from '../support/delivery-support.js';

/** Counts what a listener was told, with a promise per kind that resolves once the count reaches `n`. */
function counted() {
  const counts = { notify: 0, released: 0, lost: 0 };
  const waiters: Array<() => void> = [];
  const bump = (kind: keyof typeof counts) => () => {
    counts[kind]++;
    for (const w of waiters.splice(0)) w();
  };
  const reach = (kind: keyof typeof counts, n: number) =>
    new Promise<void>((resolve) => {
      const check = () => (counts[kind] >= n ? resolve() : waiters.push(check));
      check();
    });
  const errors: unknown[] = [];
  return {
    counts,
    reach,
    errors,
    handlers: { onNotify: bump('notify'), onReleased: bump('released'), onLost: bump('lost'), onError: (e: unknown) => errors.push(e) },
  };
}

describe('wake-ups on PGlite', () => {
  it('sends nothing: one process owns the database', async () => {
    const t = await createTestDatabase('pglite');
    try {
      const sender = wakeUpSender(t.db, 'wrk_a', (error) => {
        throw error;
      });
      sender.send();
      sender.send();
      await sender.settled();
    } finally {
      await t.drop();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('wake-ups on PostgreSQL', () => {
  it("wakes the other workers, not the sender's own, and says when one gave back its targets", async () => {
    const t = await createTestDatabase('postgres');
    const heard = counted();
    const listener = listenForDeliveries(t.url!, 'wrk_listener', heard.handlers, 50);
    try {
      // Listening starts with a notify of its own: what was queued while nobody listened is claimed at once.
      await heard.reach('notify', 1);
      // Its own wake-up is ignored; notifications arrive in commit order, so the next one heard is the other's.
      const own = wakeUpSender(t.db, 'wrk_listener', (e) => heard.errors.push(e));
      own.send();
      await own.settled();
      const other = wakeUpSender(t.db, 'wrk_other', (e) => heard.errors.push(e));
      other.send();
      await other.settled();
      await heard.reach('notify', 2);
      expect(heard.counts).toEqual({ notify: 2, released: 0, lost: 0 });

      await t.db.query(`SELECT pg_notify('${DELIVERY_CHANNEL}', $1)`, [releasedPayload('wrk_other')]);
      await heard.reach('released', 1);
      expect(heard.counts).toMatchObject({ notify: 3, released: 1 });
      expect(heard.errors).toEqual([]);
    } finally {
      await listener.close();
      await t.drop();
    }
  });

  it('sends one more after the one out when called meanwhile, never one per call', async () => {
    const t = await createTestDatabase('postgres');
    const heard = counted();
    const listener = listenForDeliveries(t.url!, 'wrk_listener', heard.handlers, 50);
    try {
      await heard.reach('notify', 1);
      const sender = wakeUpSender(t.db, 'wrk_other', (e) => heard.errors.push(e));
      for (let i = 0; i < 10; i++) sender.send();
      await sender.settled();
      // A marker sent after them: once it is heard, every wake-up before it has been heard too.
      await t.db.query(`SELECT pg_notify('${DELIVERY_CHANNEL}', $1)`, [releasedPayload('marker')]);
      await heard.reach('released', 1);
      // The first listen's, the one sent at once and the one after it for the nine calls meanwhile, the marker's.
      expect(heard.counts.notify).toBe(1 + 2 + 1);
    } finally {
      await listener.close();
      await t.drop();
    }
  });

  it("reopens a dropped session, and a session holder's lock lives and dies with it", async () => {
    const t = await createTestDatabase('postgres');
    const heard = counted();
    const self = 'wks_wakeups_test';
    const listener = listenForDeliveries(t.url!, self, heard.handlers, 50);
    const alive = async () => (await t.db.query<{ alive: boolean }>(`SELECT ${holderAlive('$1::text')} AS alive`, [self]))[0]!.alive;
    try {
      await heard.reach('notify', 1);
      expect(await alive()).toBe(true);
      await t.db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN ${DELIVERY_CHANNEL}' AND pid <> pg_backend_pid()`,
      );
      await heard.reach('lost', 1);
      // Reopened: it listens again (and says so with a notify), holding its lock again.
      await heard.reach('notify', 2);
      expect(await alive()).toBe(true);
      await listener.close();
      expect(await alive()).toBe(false);
    } finally {
      await listener.close();
      await t.drop();
    }
  });
});
