import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createNodeHandler, createReceiver } from '@clubnotify/receiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeliveryWorker, type DeliveryWorker } from '../../src/delivery/worker.js';
import { dbFactories, startTestServer, type TestServer } from '../support/server-support.js';

/** A @clubnotify/receiver on loopback that knows exactly one secret; it counts what it accepted. */
async function receiverKnowing(secret: () => string): Promise<{ url: string; accepted: string[]; server: Server }> {
  const accepted: string[] = [];
  const handler = (options: { secret: string }) =>
    createNodeHandler(
      createReceiver({
        secret: options.secret,
        logger: { error: () => {} },
        handlers: { webhooks: { stockUpdate: (_payload, ctx) => void accepted.push(ctx.id) } },
      }),
    );
  const server = createServer((req, res) => void handler({ secret: secret() })(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stockUpdate`, accepted, server };
}

describe.each(dbFactories())('secret rotation on $name', (factory) => {
  let s: TestServer;
  let worker: DeliveryWorker;
  beforeAll(async () => {
    s = await startTestServer(factory, {
      deps: { deliveryHandoff: { offer: (fresh) => worker?.offer(fresh), wake: () => worker?.wake() } },
    });
    worker = createDeliveryWorker({ db: s.db, policy: { allow: ['127.0.0.1/32'] }, schedule: [0], pollMs: 20, timeoutMs: 2_000 });
    worker.start();
  });
  afterAll(async () => {
    await worker?.stop();
    await s?.close();
  });

  async function sendAndWait(id: string): Promise<void> {
    expect((await s.call('POST', `/registrations/${id}/test`)).status).toBe(202);
    await worker.drained();
  }

  it('signs with both secrets during the overlap, so receivers knowing only the old or only the new one accept', async () => {
    let oldSecret = '';
    let newSecret = '';
    const old = await receiverKnowing(() => oldSecret);
    const fresh = await receiverKnowing(() => newSecret);
    try {
      const a = (await (await s.call('POST', '/registerForStockUpdates', { body: { url: old.url } })).json()) as {
        id: string;
        secret: string;
      };
      const b = (await (await s.call('POST', '/registerForStockUpdates', { body: { url: fresh.url } })).json()) as {
        id: string;
        secret: string;
      };
      oldSecret = a.secret;
      const rotatedA = (await (await s.call('POST', `/registrations/${a.id}/rotateSecret`, { body: { overlapSeconds: 3600 } })).json()) as {
        secret: string;
        previousSecretExpiresAt: string;
      };
      expect(rotatedA.secret).not.toBe(a.secret);
      expect(Date.parse(rotatedA.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(3_500_000);
      const rotatedB = await s.call('POST', `/registrations/${b.id}/rotateSecret`);
      expect(rotatedB.status).toBe(200);
      newSecret = ((await rotatedB.json()) as { secret: string }).secret;
      await sendAndWait(a.id);
      await sendAndWait(b.id);
      expect(old.accepted).toHaveLength(1);
      expect(fresh.accepted).toHaveLength(1);
      const detail = (await (await s.call('GET', `/registrations/${b.id}`)).json()) as { previousSecretExpiresAt: string };
      expect(Date.parse(detail.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(86_000_000);

      // Without overlap the old secret stops at once: the old-secret receiver answers 401.
      const now = (await (await s.call('POST', `/registrations/${a.id}/rotateSecret`, { body: { overlapSeconds: 0 } })).json()) as {
        previousSecretExpiresAt: null;
      };
      expect(now.previousSecretExpiresAt).toBeNull();
      await sendAndWait(a.id);
      expect(old.accepted).toHaveLength(1);
      const log = (await (await s.call('GET', `/deliveries?targetId=${a.id}&limit=1`)).json()) as {
        data: Array<{ attempts: Array<{ statusCode: number }> }>;
      };
      expect(log.data[0]!.attempts[0]!.statusCode).toBe(401);
    } finally {
      for (const r of [old, fresh]) {
        r.server.closeAllConnections();
        await new Promise((resolve) => r.server.close(resolve));
      }
    }
  });

  it('ends the overlap when its time is up: the old secret no longer signs, the new one does', async () => {
    let knows = '';
    const r = await receiverKnowing(() => knows);
    try {
      const a = (await (await s.call('POST', '/registerForStockUpdates', { body: { url: r.url } })).json()) as {
        id: string;
        secret: string;
      };
      knows = a.secret;
      const rotated = (await (await s.call('POST', `/registrations/${a.id}/rotateSecret`, { body: { overlapSeconds: 3600 } })).json()) as {
        secret: string;
      };
      await sendAndWait(a.id);
      expect(r.accepted).toHaveLength(1);
      // The hour passes, as the database counts it (the claim compares its now() with the overlap's end).
      await s.db.query(`UPDATE registrations SET previous_secret_expires_at = now() - interval '1 second' WHERE id = $1`, [a.id]);
      await sendAndWait(a.id);
      expect(r.accepted).toHaveLength(1);
      const log = (await (await s.call('GET', `/deliveries?targetId=${a.id}&limit=1`)).json()) as {
        data: Array<{ attempts: Array<{ statusCode: number }> }>;
      };
      expect(log.data[0]!.attempts[0]!.statusCode).toBe(401);
      knows = rotated.secret;
      await sendAndWait(a.id);
      expect(r.accepted).toHaveLength(2);
    } finally {
      r.server.closeAllConnections();
      await new Promise((resolve) => r.server.close(resolve));
    }
  });

  it('answers 404 to rotating a registration of another key', async () => {
    const reg = (await (
      await s.call('POST', '/registerForStockUpdates', { body: { url: `https://hooks.example.com/${randomUUID()}` } })
    ).json()) as { id: string };
    expect((await s.call('POST', `/registrations/${reg.id}/rotateSecret`, { key: s.bobKey })).status).toBe(404);
  });
});
