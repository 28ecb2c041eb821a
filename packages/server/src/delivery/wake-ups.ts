import pg from 'pg';
import type { Database } from '../db/database.js';
import { DELIVERY_CHANNEL, releasedPayload } from './queue/channel.js';
import { lockHolderSql, SESSION_HOLDER } from './claim/holder-lock.js';

/**
 * Wakes the workers of other processes after a commit, outside the transaction that queued:
 * PostgreSQL holds one lock from a notifying transaction's commit until its WAL is flushed,
 * so a NOTIFY in every publish would serialize every publish's commit behind the one before
 * (peers burst form: 15–20% more CPU per message). One statement at a time, its commit not
 * waited for; calls while one is out send one more after it. A lost wake-up costs a poll.
 * A no-op on PGlite (one process).
 */
export function wakeUpSender(db: Database, self: string, onError: (error: unknown) => void): WakeUpSender {
  if (db.kind !== 'postgres') return { send: () => {}, settled: () => Promise.resolve() };
  let sending: Promise<void> | undefined;
  let again = false;
  const send = async () => {
    do {
      again = false;
      try {
        await db.query(`SELECT set_config('synchronous_commit', 'off', true), pg_notify('${DELIVERY_CHANNEL}', $1)`, [self]);
      } catch (error) {
        onError(error);
      }
    } while (again);
    sending = undefined;
  };
  return {
    send: () => {
      if (sending) again = true;
      else sending = send();
    },
    settled: () => sending ?? Promise.resolve(),
  };
}

export interface WakeUpSender {
  /** Sends a wake-up now, or once the one out has gone. */
  send(): void;
  /** Resolves once no wake-up is out (before the database closes). */
  settled(): Promise<void>;
}

export interface WakeUpListener {
  close(): Promise<void>;
}

export interface WakeUpHandlers {
  onNotify: () => void;
  /** Another worker gave back its targets. */
  onReleased: () => void;
  /** The session (and with it the worker's lock, if it holds one) ended. */
  onLost: () => void;
  onError: (error: unknown) => void;
}

/**
 * Listens for new deliveries on a dedicated PostgreSQL connection (LISTEN needs a session
 * of its own; pooled connections rotate). A dropped connection is reopened after a short
 * pause; meanwhile, and always, the worker's poll is the fallback. Notifications from `self`
 * are ignored: that worker sent them, for the others. A worker whose id names a session
 * holder (see holder-lock.ts) holds its lock on this session first: its target holds live
 * as long as the session, and while it is down it takes no new ones.
 */
export function listenForDeliveries(url: string, self: string, handlers: WakeUpHandlers, retryMs = 1_000): WakeUpListener {
  const { onNotify, onReleased, onLost, onError } = handlers;
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const reconnect = () => {
    client = undefined;
    if (!closed) retry = setTimeout(connect, retryMs);
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('notification', (message) => {
      if (message.payload === self) return;
      if (message.payload?.startsWith(releasedPayload(''))) onReleased();
      onNotify();
    });
    c.on('error', (error) => {
      onError(error);
      void c.end().catch(() => {});
    });
    c.on('end', () => {
      if (client !== c) return;
      onLost();
      reconnect();
    });
    try {
      await c.connect();
      if (self.startsWith(SESSION_HOLDER)) await c.query(lockHolderSql, [self]);
      await c.query(`LISTEN ${DELIVERY_CHANNEL}`);
      // What was enqueued while nobody listened is claimed now rather than at the next poll.
      onNotify();
    } catch (error) {
      onError(error);
      await c.end().catch(() => {});
    }
  }

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
