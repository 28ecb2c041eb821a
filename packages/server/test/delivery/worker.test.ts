import { describe, it, expect, beforeAll, afterAll, afterEach } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { validateBody } from '@clubnotify/spec';
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerOptions } from '../../src/delivery/worker.js';
import { enqueueDeliveries, type OutgoingMessage } from '../../src/delivery/queue/enqueue.js';
import type { LookupFn } from '../../src/net/url-policy.js';
import {
  addRegistration,
  createTestDatabase,
  databaseKinds,
  startReceiver,
  textMessage,
  waitFor,
  type Receiver,
  type TestDatabase,
} from '../support/delivery-support.js';
import { freePort } from '../../../../test/free-port.js';

const loopback = { allow: ['127.0.0.1/32'] };
const fast = [0, 20, 20, 20];

/** Verifies a received request with the standardwebhooks library (text bodies are not JSON). */
function verifies(secret: string, body: string, headers: Record<string, string | string[] | undefined>): boolean {
  new Webhook(secret).verify(body, headers as Record<string, string>, { jsonParse: false });
  return true;
}

describe.each(databaseKinds())('delivery worker on %s', (kind) => {
  let t: TestDatabase;
  let worker: DeliveryWorker | undefined;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => t?.drop());
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await Promise.all(receivers.splice(0).map((r) => r.close()));
    // A retry left pending here would go to whatever listens on its port next: a later test's receiver.
    await t.db.query(`DELETE FROM deliveries`);
  });

  async function receiver(...args: Parameters<typeof startReceiver>): Promise<Receiver> {
    const r = await startReceiver(...args);
    receivers.push(r);
    return r;
  }

  function startWorker(extra: Partial<DeliveryWorkerOptions> = {}): DeliveryWorker {
    worker = createDeliveryWorker({ db: t.db, policy: loopback, schedule: fast, pollMs: 20, timeoutMs: 2_000, ...extra });
    worker.start();
    return worker;
  }

  async function publish(target: { id: string; ownerKeyId: string }, url: string, over: Partial<OutgoingMessage> = {}): Promise<string> {
    const m: OutgoingMessage = { ...textMessage(target, url, 'Jazz Night — Fri 21:00, Blue Room, €12'), ...over };
    await t.db.transaction((tx) => enqueueDeliveries(tx, [m]));
    worker?.wake();
    const [row] = await t.db.query<{ id: string }>(`SELECT id FROM delivery_messages WHERE target_id = $1 ORDER BY seq DESC LIMIT 1`, [
      target.id,
    ]);
    return row!.id;
  }

  const delivery = async (id: string) =>
    (
      await t.db.query<{ status: string; attempt_count: number; message_id: string }>(
        `SELECT status, attempt_count, message_id FROM delivery_messages WHERE id = $1`,
        [id],
      )
    )[0]!;
  const attempts = (id: string) =>
    t.db.query<{ attempt: number; status_code: number | null; error: string | null; response_body: string | null; started_at: Date }>(
      `SELECT attempt, status_code, error, response_body, started_at FROM delivery_attempt_log WHERE delivery_id = $1 ORDER BY attempt`,
      [id],
    );

  it('delivers a text/plain webhook signed so the standardwebhooks library verifies it, with a body the spec accepts', async () => {
    const r = await receiver();
    const reg = await addRegistration(t.db, r.url);
    startWorker();
    const id = await publish(reg, r.url);
    await worker!.drained();
    expect(r.received).toHaveLength(1);
    const { headers, body } = r.received[0]!;
    expect(headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(headers['webhook-id']).toMatch(/^msg_[A-Za-z0-9]+$/);
    expect(headers['webhook-timestamp']).toMatch(/^[0-9]{1,12}$/);
    expect(headers['webhook-attempt']).toBe('1');
    expect(body).toBe('Jazz Night — Fri 21:00, Blue Room, €12');
    expect(verifies(reg.secret, body, headers)).toBe(true);
    expect(validateBody('webhook.concertAlert.body.text/plain', body)).toEqual({ ok: true });
    expect(await delivery(id)).toMatchObject({ status: 'succeeded', attempt_count: 1, message_id: headers['webhook-id'] });
    expect(await attempts(id)).toMatchObject([{ attempt: 1, status_code: 200, error: null, response_body: 'ok' }]);
  });

  it('sends stockUpdate as JSON and the concertAlert callback as text, both valid per the spec', async () => {
    const r = await receiver();
    const reg = await addRegistration(t.db, r.url, { event: 'stockUpdate' });
    const stock = {
      drink: { id: 'itm_mojito', name: 'Mojito', stock: 18, unit: 'glass' },
      ingredient: { id: 'itm_mint', name: 'Fresh mint', stock: 3, unit: 'bunch' },
    };
    startWorker();
    await publish(reg, r.url, { event: 'stockUpdate', contentType: 'application/json', body: JSON.stringify(stock) });
    await publish(reg, r.url, { kind: 'callback', body: 'Rescheduled to 22:00' });
    await worker!.drained();
    const json = r.received.find((x) => x.headers['content-type'] === 'application/json')!;
    expect(validateBody('webhook.stockUpdate.body.application/json', JSON.parse(json.body))).toEqual({ ok: true });
    expect(new Webhook(reg.secret).verify(json.body, json.headers as Record<string, string>)).toEqual(stock);
    const text = r.received.find((x) => x.headers['content-type'] === 'text/plain; charset=utf-8')!;
    expect(text.body).toBe('Rescheduled to 22:00');
    expect(validateBody('callback.concertAlert.body.text/plain', text.body)).toEqual({ ok: true });
  });

  it('retries failures on the schedule with the same webhook-id, fresh signatures, then marks the message failed', async () => {
    const r = await receiver((_req, res) => {
      res.statusCode = 500;
      res.end('{"title":"boom"}');
    });
    const reg = await addRegistration(t.db, r.url);
    startWorker({ schedule: [0, 150, 300], jitter: 0.2 });
    const id = await publish(reg, r.url);
    await worker!.drained();
    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(1);
    expect(r.received.map((x) => x.headers['webhook-attempt'])).toEqual(['1', '2', '3']);
    for (const x of r.received) expect(verifies(reg.secret, x.body, x.headers)).toBe(true);
    const gaps = r.received.slice(1).map((x, i) => x.at - r.received[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(150 * 0.8 - 5);
    expect(gaps[1]).toBeGreaterThanOrEqual(300 * 0.8 - 5);
    expect(await delivery(id)).toMatchObject({ status: 'failed', attempt_count: 3 });
    expect((await attempts(id)).map((a) => a.status_code)).toEqual([500, 500, 500]);
  });

  it('waits at least as long as Retry-After on 429 and 503', async () => {
    let n = 0;
    const r = await receiver((_req, res) => {
      n++;
      if (n === 1) {
        res.writeHead(503, { 'retry-after': '1' }).end();
      } else res.end('ok');
    });
    const reg = await addRegistration(t.db, r.url);
    startWorker({ schedule: [0, 10, 10] });
    const id = await publish(reg, r.url);
    await worker!.drained();
    expect(r.received).toHaveLength(2);
    expect(r.received[1]!.at - r.received[0]!.at).toBeGreaterThanOrEqual(990);
    expect((await delivery(id)).status).toBe('succeeded');
  });

  it('never follows a redirect: the redirect target receives nothing and the attempt fails', async () => {
    const elsewhere = await receiver();
    const r = await receiver((_req, res) => res.writeHead(307, { location: elsewhere.url }).end());
    const reg = await addRegistration(t.db, r.url);
    startWorker({ schedule: [0, 10] });
    const id = await publish(reg, r.url);
    await worker!.drained();
    expect(r.received).toHaveLength(2);
    expect(elsewhere.received).toHaveLength(0);
    expect((await attempts(id)).map((a) => a.status_code)).toEqual([307, 307]);
    expect((await delivery(id)).status).toBe('failed');
  });

  it('disables the registration on 410 Gone and cancels its other pending deliveries', async () => {
    const r = await receiver((_req, res) => res.writeHead(410).end('gone'));
    const reg = await addRegistration(t.db, r.url);
    const first = await publish(reg, r.url);
    const second = await publish(reg, r.url);
    startWorker({ perTargetConcurrency: 1, concurrency: 1 });
    await worker!.drained();
    expect(r.received).toHaveLength(1);
    // Either may go first: two enqueues can share a next_attempt_at (same clock tick), and the claim then orders by id.
    const outcomes = await Promise.all([first, second].map(async (id) => [(await delivery(id)).status, (await attempts(id)).length]));
    expect(outcomes.sort()).toEqual([
      ['cancelled', 0],
      ['failed', 1],
    ]);
    const [row] = await t.db.query<{ status: string; disabled_reason: string }>(
      `SELECT status, disabled_reason FROM registrations WHERE id = $1`,
      [reg.id],
    );
    expect(row).toMatchObject({ status: 'disabled' });
    expect(row!.disabled_reason).toMatch(/410 Gone/);
  });

  it('records a timeout and a refused connection as failed attempts and retries them', async () => {
    const silent = await receiver(() => {});
    const regA = await addRegistration(t.db, silent.url);
    // Nothing listens there, and no listen(0) elsewhere can take it (a closed receiver's port could be).
    const closedUrl = `http://127.0.0.1:${await freePort()}/`;
    const regB = await addRegistration(t.db, closedUrl);
    startWorker({ schedule: [0, 10], timeoutMs: 300 });
    const a = await publish(regA, silent.url);
    const b = await publish(regB, closedUrl);
    await worker!.drained();
    expect((await attempts(a)).map((x) => x.error)).toEqual(['timeout after 300 ms', 'timeout after 300 ms']);
    expect((await attempts(b)).map((x) => x.error)).toEqual(['connection refused', 'connection refused']);
    expect(silent.received).toHaveLength(2);
  });

  it('bounds a body that never ends by the same time limit, and keeps the status', async () => {
    const r = await receiver((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('still typing');
    });
    const reg = await addRegistration(t.db, r.url);
    startWorker({ timeoutMs: 300 });
    const id = await publish(reg, r.url);
    // The body never ends: only the time limit ends the attempt (without it, drained() throws).
    await worker!.drained();
    const [attempt] = await attempts(id);
    expect(attempt).toMatchObject({ status_code: 200, error: 'timeout after 300 ms', response_body: 'still typing' });
    expect((await delivery(id)).status).toBe('succeeded');
  });

  it('stores only the first 4 KiB of a 10 MB answer and stops reading it', async () => {
    let written = 0;
    let finished = false;
    const r = await receiver((_req, res) => {
      const chunk = Buffer.alloc(64 * 1024, 'a');
      let left = 160;
      const pump = () => {
        while (left > 0) {
          left--;
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        finished = true;
        res.end();
      };
      res.on('close', () => undefined);
      pump();
    });
    const reg = await addRegistration(t.db, r.url);
    startWorker();
    const id = await publish(reg, r.url);
    await worker!.drained();
    const [attempt] = await attempts(id);
    expect(attempt!.status_code).toBe(200);
    expect(attempt!.response_body).toHaveLength(4096);
    expect(finished).toBe(false);
    expect(written).toBeLessThan(10 * 1024 * 1024);
  });

  it('stores a response body holding NUL bytes without them', async () => {
    const r = await receiver((_req, res) => res.end(Buffer.from('ok\u0000then\u0000more')));
    const reg = await addRegistration(t.db, r.url);
    startWorker();
    const id = await publish(reg, r.url);
    await worker!.drained();
    expect(await attempts(id)).toMatchObject([{ status_code: 200, response_body: 'okthenmore' }]);
    expect((await delivery(id)).status).toBe('succeeded');
  });

  it('keeps a slow receiver to 4 attempts in flight while a fast receiver is served', async () => {
    const held: Array<() => void> = [];
    let concurrent = 0;
    let maxConcurrent = 0;
    const slow = await receiver((_req, res) => {
      concurrent++;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      held.push(() => {
        concurrent--;
        res.end('ok');
      });
    });
    const quick = await receiver();
    const slowReg = await addRegistration(t.db, slow.url);
    const quickReg = await addRegistration(t.db, quick.url);
    for (let i = 0; i < 12; i++) await publish(slowReg, slow.url);
    for (let i = 0; i < 12; i++) await publish(quickReg, quick.url);
    startWorker({ timeoutMs: 10_000 });
    await waitFor(() => quick.received.length === 12, 10_000, 'the fast receiver');
    expect(slow.received).toHaveLength(4);
    expect(maxConcurrent).toBe(4);
    const release = setInterval(() => held.splice(0).forEach((f) => f()), 10);
    await worker!.drained();
    clearInterval(release);
    expect(slow.received).toHaveLength(12);
    expect(maxConcurrent).toBe(4);
  });

  it('disables a target that fails for the whole window, naming the reason', async () => {
    const r = await receiver((_req, res) => res.writeHead(500).end());
    const reg = await addRegistration(t.db, r.url);
    startWorker({ schedule: Array(40).fill(25), disableAfterMs: 400 });
    const id = await publish(reg, r.url);
    await worker!.drained({ timeoutMs: 10_000 });
    const [row] = await t.db.query<{ status: string; disabled_reason: string }>(
      `SELECT status, disabled_reason FROM registrations WHERE id = $1`,
      [reg.id],
    );
    expect(row!.status).toBe('disabled');
    expect(row!.disabled_reason).toMatch(/every delivery failed since .* without a success/);
    expect((await delivery(id)).status).toBe('cancelled');
    // It kept trying through the window: the first failure opens it, only a later one can find it over
    // (how many fit in 400 ms depends on the machine's load, so only that much is certain).
    expect(r.received.length).toBeGreaterThanOrEqual(2);
  });

  it('does not disable a target whose failures are sporadic', async () => {
    let n = 0;
    const r = await receiver((_req, res) => res.writeHead(n++ % 2 === 0 ? 500 : 200).end());
    const reg = await addRegistration(t.db, r.url);
    // Failing on and off for over three times the window; each retry succeeds about 30 ms after a
    // failure, so only a stall of over half a second on a loaded machine could look like an outage.
    startWorker({ schedule: [0, 30, 30], disableAfterMs: 600 });
    const started = Date.now();
    while (Date.now() - started < 2_000) {
      await publish(reg, r.url);
      await worker!.drained();
    }
    const [row] = await t.db.query<{ status: string }>(`SELECT status FROM registrations WHERE id = $1`, [reg.id]);
    expect(row!.status).toBe('active');
    expect(r.received.length).toBeGreaterThan(4);
  });

  it('cancels a delivery whose registration was deleted before it was sent, without a request', async () => {
    const r = await receiver();
    const reg = await addRegistration(t.db, r.url);
    const id = await publish(reg, r.url);
    await t.db.query(`UPDATE registrations SET deleted_at = now() WHERE id = $1`, [reg.id]);
    startWorker();
    await worker!.drained();
    expect(r.received).toHaveLength(0);
    expect(await delivery(id)).toMatchObject({ status: 'cancelled', attempt_count: 0 });
  });

  it('fans one event out to every registration', async () => {
    const rs = await Promise.all([receiver(), receiver(), receiver()]);
    const regs = await Promise.all(rs.map((r) => addRegistration(t.db, r.url)));
    await t.db.transaction((tx) =>
      enqueueDeliveries(
        tx,
        regs.map((reg, i) => ({
          kind: 'webhook' as const,
          event: 'concertAlert' as const,
          targetId: reg.id,
          ownerKeyId: reg.ownerKeyId,
          url: rs[i]!.url,
          contentType: 'text/plain; charset=utf-8' as const,
          body: 'Fan-out night',
        })),
      ),
    );
    startWorker();
    await worker!.drained();
    rs.forEach((r, i) => {
      expect(r.received).toHaveLength(1);
      expect(verifies(regs[i]!.secret, r.received[0]!.body, r.received[0]!.headers)).toBe(true);
    });
  });

  it('blocks a name that rebinds to a loopback address outside the allowlist: zero connections to the canary', async () => {
    let connections = 0;
    const canary = await receiver();
    canary.server.on('connection', () => connections++);
    const url = `http://rebind.example:${canary.port}/hook`;
    const rebinding: LookupFn = async () => [{ address: '127.0.0.1', family: 4 }];
    const reg = await addRegistration(t.db, url);
    startWorker({ policy: { allow: [] }, lookup: rebinding, schedule: [0, 10] });
    const id = await publish(reg, url);
    await worker!.drained();
    expect(connections).toBe(0);
    expect((await attempts(id)).map((a) => a.error)).toEqual([
      'blocked address: rebind.example resolves to 127.0.0.1, a loopback address; to deliver there, start the server with ALLOW_PRIVATE_TARGETS=127.0.0.1/32',
      'blocked address: rebind.example resolves to 127.0.0.1, a loopback address; to deliver there, start the server with ALLOW_PRIVATE_TARGETS=127.0.0.1/32',
    ]);
  });
});
