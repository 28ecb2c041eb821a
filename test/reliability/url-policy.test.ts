import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { LookupFn } from '../../packages/server/src/delivery/index.js';
import { call, startHarness, startReceiver, waitFor, type Harness, type Receiver } from './support.js';

/** Hosts a delivery must never reach, as they appear in a URL, and the address they mean. */
const forbidden: Array<[host: string, address: string]> = [
  ['127.0.0.1', '127.0.0.1'],
  ['127.1', '127.0.0.1'],
  ['2130706433', '127.0.0.1'],
  ['0x7f000001', '127.0.0.1'],
  ['017700000001', '127.0.0.1'],
  ['0251.0376.0251.0376', '169.254.169.254'],
  ['169.254.169.254', '169.254.169.254'],
  ['localhost', '127.0.0.1'],
  ['[::1]', '::1'],
  ['[::ffff:127.0.0.1]', '::ffff:127.0.0.1'],
  ['[::ffff:169.254.169.254]', '::ffff:169.254.169.254'],
  ['[fd00:ec2::254]', 'fd00:ec2::254'],
  ['[fe80::1]', 'fe80::1'],
  ['[64:ff9b::a9fe:a9fe]', '64:ff9b::a9fe:a9fe'],
  ['[64:ff9b::7f00:1]', '64:ff9b::7f00:1'],
  ['[fc00::1]', 'fc00::1'],
  ['[::]', '::'],
  ['0.0.0.0', '0.0.0.0'],
  ['10.0.0.1', '10.0.0.1'],
  ['172.16.0.1', '172.16.0.1'],
  ['172.31.255.255', '172.31.255.255'],
  ['192.168.1.1', '192.168.1.1'],
  ['100.64.0.1', '100.64.0.1'],
  ['100.127.255.254', '100.127.255.254'],
  ['169.254.0.1', '169.254.0.1'],
  ['224.0.0.1', '224.0.0.1'],
  ['255.255.255.255', '255.255.255.255'],
  ['metadata.google.internal', '169.254.169.254'],
];

const publicUrls = [
  'https://93.184.215.14/hook',
  'http://8.8.8.8:8080/hook',
  'https://[2606:4700:4700::1111]/hook',
  'https://hooks.example.com/hook',
  'https://100.128.0.1/hook',
  'https://172.32.0.1/x',
];

/** `alias-<n>.rebind.test` resolves to the n-th forbidden address; everything else is public. */
const aliases: LookupFn = async (hostname) => {
  const m = /^alias-(\d+)\.rebind\.test$/.exec(hostname);
  if (!m) return [{ address: '93.184.215.14', family: 4 }];
  const address = forbidden[Number(m[1])]![1];
  return [{ address, family: address.includes(':') ? 6 : 4 }];
};

describe('URL policy, end to end', () => {
  let h: Harness;
  let canary: Receiver;
  let canary6: Receiver | undefined;

  beforeAll(async () => {
    canary = await startReceiver();
    canary6 = await startReceiver().then(async (r) => {
      // A second canary on ::1 when the machine has IPv6 loopback.
      await r.close();
      return new Promise<Receiver | undefined>((resolve) => {
        r.server.once('error', () => resolve(undefined));
        r.server.listen(canary.port, '::1', () => resolve(r));
      });
    });
    h = await startHarness({ lookup: aliases, policy: { allow: [] }, worker: { schedule: [0], pollMs: 10 } });
  });
  afterAll(async () => {
    await h?.close();
    await canary?.close();
    await canary6?.close();
  });

  const connections = () => canary.connections() + (canary6?.connections() ?? 0);

  it.each(forbidden)('refuses %s at registration with a 422 problem naming the field', async (host) => {
    const url = `http://${host}:${canary.port}/hook`;
    for (const [path, body, pointer] of [
      ['/registerForAlert', { url }, '/body/url'],
      ['/registerForStockUpdates', { url }, '/body/url'],
      ['/concertUpdates', { concertId: 'con_jazznight2026', callbackUrl: url }, '/body/callbackUrl'],
    ] as const) {
      const res = await call(h.url, 'POST', path, { key: h.aliceKey, body });
      expect(res.status, `${path} ${url}`).toBe(422);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([pointer]);
    }
  });

  it('refuses names that resolve to each of those addresses at registration', async () => {
    for (const [index, [host]] of forbidden.entries()) {
      const res = await call(h.url, 'POST', '/registerForAlert', {
        key: h.aliceKey,
        body: { url: `https://alias-${index}.rebind.test/hook` },
      });
      expect(res.status, host).toBe(422);
    }
  });

  it('accepts public addresses and names at registration', async () => {
    for (const url of publicUrls) {
      const res = await call(h.url, 'POST', '/registerForAlert', { key: h.bobKey, body: { url } });
      expect(res.status, url).toBe(200);
    }
  });

  it('never connects to any of them at delivery time: zero connections to the canary, every attempt blocked', async () => {
    const before = connections();
    const [owner] = await h.db.query<{ id: string }>(`SELECT id FROM api_keys WHERE name = 'alice'`);
    // Targets inserted directly (as if the policy had changed since), literal and by name.
    const urls = forbidden.flatMap(([host], index) => [
      `http://${host}:${canary.port}/hook`,
      `http://alias-${index}.rebind.test:${canary.port}/hook`,
    ]);
    for (const [index, url] of urls.entries()) {
      await h.db.query(`INSERT INTO registrations (id, owner_key_id, event, url, secret) VALUES ($1, $2, 'stockUpdate', $3, $4)`, [
        `reg_policy${String(index).padStart(4, '0')}`,
        owner!.id,
        url,
        `whsec_${Buffer.alloc(32, index).toString('base64')}`,
      ]);
    }
    const res = await call(h.url, 'POST', '/stockChanges', {
      key: h.adminKey,
      body: { drink: { id: 'itm_mojito', stock: 17 }, ingredient: { id: 'itm_mint', stock: 2 } },
    });
    expect(res.status).toBe(200);
    h.worker!.wake();
    const settled = async () =>
      (await h.db.query(`SELECT 1 FROM deliveries WHERE target_id LIKE 'reg_policy%' AND status = 'pending'`)).length === 0;
    await waitFor(settled, 30_000, 'every blocked delivery to fail');
    const rows = await h.db.query<{ url: string; status: string; error: string | null }>(
      `SELECT d.url, d.status, a.error FROM delivery_messages d JOIN delivery_attempt_log a ON a.delivery_id = d.id WHERE d.target_id LIKE 'reg_policy%'`,
    );
    expect(rows).toHaveLength(urls.length);
    for (const row of rows) {
      expect(row.status, row.url).toBe('failed');
      expect(row.error, row.url).toMatch(/^blocked address: /);
    }
    expect(connections() - before).toBe(0);
    expect(canary.received).toHaveLength(0);
  });
});
