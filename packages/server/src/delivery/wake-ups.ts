import pg from 'pg';

/** The channel enqueueing notifies after its transaction commits, with the enqueueing worker's id (or '') as payload. */
export const DELIVERY_CHANNEL = 'clubnotify_deliveries';

export interface WakeUpListener {
  close(): Promise<void>;
}

/**
 * Listens for new deliveries on a dedicated PostgreSQL connection (LISTEN needs a session
 * of its own; pooled connections rotate). A dropped connection is reopened after a short
 * pause; meanwhile, and always, the worker's poll is the fallback. Notifications from `self`
 * are ignored: that worker was handed what it could send, and woken for the rest.
 */
export function listenForDeliveries(url: string, self: string, onNotify: () => void, onError: (error: unknown) => void, retryMs = 1_000): WakeUpListener {
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
      if (message.payload !== self) onNotify();
    });
    c.on('error', (error) => {
      onError(error);
      void c.end().catch(() => {});
    });
    c.on('end', () => {
      if (client === c) reconnect();
    });
    try {
      await c.connect();
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
