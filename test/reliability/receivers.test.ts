import type { IncomingMessage, ServerResponse } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { call, startHarness, startReceiver, waitFor, type Harness, type Receiver } from './support.js';

// Four attempts 50 ms apart and a 300 ms timeout: the spec's schedule, compressed.
const SCHEDULE = [0, 50, 50, 50];
const TIMEOUT_MS = 300;

type Behaviour = (req: IncomingMessage, res: ServerResponse, attempt: number) => void;

interface Target {
  name: string;
  behaviour: Behaviour;
  receiver?: Receiver;
  registration?: { id: string; secret: string };
}

interface Delivery {
  id: string;
  messageId: string;
  status: string;
  attempts: Array<{ attempt: number; statusCode: number | null; error: string | null }>;
}

const ok: Behaviour = (_req, res) => res.end('stored');
const failTimes =
  (n: number, fail: Behaviour): Behaviour =>
  (req, res, attempt) =>
    attempt <= n ? fail(req, res, attempt) : ok(req, res, attempt);
const status =
  (code: number, headers: Record<string, string> = {}): Behaviour =>
  (_req, res) =>
    res.writeHead(code, headers).end(`answer ${code}`);
const hang: Behaviour = () => {};
const reset: Behaviour = (req) => req.socket.destroy();

describe('receivers that fail, hang, reset, redirect or answer 410, through the HTTP API', () => {
  let h: Harness;
  let landing: Receiver;
  const targets: Target[] = [
    { name: 'fails twice with 500, then stores', behaviour: failTimes(2, status(500)) },
    { name: 'hangs once, then stores', behaviour: failTimes(1, hang) },
    { name: 'resets the connection once, then stores', behaviour: failTimes(1, reset) },
    { name: 'answers 503 with a 0 s Retry-After once, then stores', behaviour: failTimes(1, status(503, { 'retry-after': '0' })) },
    { name: 'answers 400 every time', behaviour: status(400) },
    { name: 'hangs every time', behaviour: hang },
    { name: 'redirects with 301', behaviour: () => {} },
    { name: 'redirects with 307', behaviour: () => {} },
    { name: 'redirects with 308', behaviour: () => {} },
    { name: 'answers 410 Gone', behaviour: status(410) },
  ];
  const byName = (name: string) => targets.find((t) => t.name.startsWith(name))!;

  beforeAll(async () => {
    h = await startHarness({
      policy: { allow: ['127.0.0.1/32'] },
      worker: { schedule: SCHEDULE, jitter: 0, timeoutMs: TIMEOUT_MS, pollMs: 10 },
    });
    landing = await startReceiver();
    for (const code of [301, 307, 308]) byName(`redirects with ${code}`).behaviour = status(code, { location: landing.url });
    for (const t of targets) {
      const counts = new Map<string, number>();
      t.receiver = await startReceiver((req, res) => {
        const id = req.headers['webhook-id'] as string;
        counts.set(id, (counts.get(id) ?? 0) + 1);
        t.behaviour(req, res, counts.get(id)!);
      });
      const res = await call(h.url, 'POST', '/registerForAlert', { key: h.aliceKey, body: { url: t.receiver.url } });
      expect(res.status).toBe(200);
      t.registration = { id: res.body.id, secret: res.body.secret };
    }
    const published = await call(h.url, 'POST', '/concerts', {
      key: h.adminKey,
      body: { title: 'Receiver night', startsAt: '2027-04-01T20:00:00Z', venue: 'Main Hall', priceCents: 1500 },
    });
    expect(published.status).toBe(201);
    h.worker!.wake();
    await waitFor(
      async () => (await call(h.url, 'GET', '/deliveries?status=pending', { key: h.aliceKey })).body.data.length === 0,
      30_000,
      'every delivery to settle',
    );
  });
  afterAll(async () => {
    await h?.close();
    await Promise.all([landing, ...targets.map((t) => t.receiver)].map((r) => r?.close()));
  });

  async function deliveryOf(t: Target): Promise<Delivery> {
    const res = await call(h.url, 'GET', `/deliveries?targetId=${t.registration!.id}`, { key: h.aliceKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    return res.body.data[0] as Delivery;
  }

  const outcome = (d: Delivery) => d.attempts.map((a) => a.statusCode ?? a.error);

  it.each([
    ['fails twice', 'succeeded', [500, 500, 200]],
    ['hangs once', 'succeeded', [`timeout after ${TIMEOUT_MS} ms`, 200]],
    ['resets the connection', 'succeeded', ['connection reset', 200]],
    ['answers 503', 'succeeded', [503, 200]],
    ['answers 400', 'failed', [400, 400, 400, 400]],
    ['hangs every time', 'failed', Array(4).fill(`timeout after ${TIMEOUT_MS} ms`)],
    ['redirects with 301', 'failed', [301, 301, 301, 301]],
    ['redirects with 307', 'failed', [307, 307, 307, 307]],
    ['redirects with 308', 'failed', [308, 308, 308, 308]],
    ['answers 410', 'failed', [410]],
  ])('a receiver that %s: delivery %s after attempts %j', async (name, status, attempts) => {
    const t = byName(name);
    const d = await deliveryOf(t);
    expect(d.status).toBe(status);
    expect(outcome(d)).toEqual(attempts);
    // Every attempt that reached the receiver carried the same webhook-id and a valid signature.
    const got = t.receiver!.received;
    expect(got.length).toBe(attempts.length);
    for (const [i, r] of got.entries()) {
      expect(r.headers['webhook-id']).toBe(d.messageId);
      expect(r.headers['webhook-attempt']).toBe(String(i + 1));
      expect(() =>
        new Webhook(t.registration!.secret).verify(r.body, r.headers as Record<string, string>, { jsonParse: false } as never),
      ).not.toThrow();
    }
  });

  it('never follows a redirect: the Location target received nothing', () => {
    expect(landing.received).toHaveLength(0);
    expect(landing.connections()).toBe(0);
  });

  it('disables a registration that answered 410, says why, and queues nothing more for it', async () => {
    const gone = byName('answers 410');
    const regs = await call(h.url, 'GET', '/registrations?limit=100', { key: h.aliceKey });
    const status = new Map(regs.body.data.map((r: { id: string; status: string; disabledReason: string | null }) => [r.id, r]));
    expect(status.get(gone.registration!.id)).toMatchObject({ status: 'disabled', disabledReason: expect.stringMatching(/410 Gone/) });
    for (const t of targets.filter((x) => x !== gone)) expect(status.get(t.registration!.id)).toMatchObject({ status: 'active' });

    const again = await call(h.url, 'POST', '/concerts', {
      key: h.adminKey,
      body: { title: 'Second night', startsAt: '2027-04-02T20:00:00Z', venue: 'Main Hall' },
    });
    expect(again.status).toBe(201);
    const list = await call(h.url, 'GET', `/deliveries?targetId=${gone.registration!.id}`, { key: h.aliceKey });
    expect(list.body.data).toHaveLength(1);
    expect(gone.receiver!.received).toHaveLength(1);
  });
});
