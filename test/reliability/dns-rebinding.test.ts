import { describe, it, expect, afterEach } from 'vitest';
import type { LookupFn } from '../../packages/server/src/delivery/index.js';
import { call, startHarness, startReceiver, waitFor, type Harness, type Receiver } from './support.js';

const PUBLIC = { address: '93.184.215.14', family: 4 };

/** Answers public to the first `honest` lookups of a name, then the canary's loopback address (and optionally the public one too). */
function rebinding(honest: number, answer: 'private' | 'mixed'): LookupFn & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    if (calls.filter((h) => h === hostname).length <= honest) return [PUBLIC];
    const loopback = { address: '127.0.0.1', family: 4 };
    return answer === 'mixed' ? [PUBLIC, loopback] : [loopback];
  };
  return Object.assign(lookup, { calls });
}

describe('DNS rebinding, end to end through the HTTP API', () => {
  let h: Harness | undefined;
  let canary: Receiver | undefined;
  afterEach(async () => {
    await h?.close();
    await canary?.close();
  });

  it.each([
    ['a name that answers public at registration and loopback at delivery', 'private'],
    ['a name that answers public at registration and public plus loopback at delivery', 'mixed'],
  ] as const)('never connects to %s: the delivery fails as blocked', async (_name, answer) => {
    canary = await startReceiver();
    const lookup = rebinding(1, answer);
    h = await startHarness({ lookup, policy: { allow: [] }, worker: { schedule: [0, 10, 10], pollMs: 10 } });
    const url = `http://rebind.attacker.test:${canary.port}/hook`;
    const registered = await call(h.url, 'POST', '/registerForAlert', { key: h.aliceKey, body: { url } });
    expect(registered.status).toBe(200);

    const scheduled = await call(h.url, 'POST', '/concerts', {
      key: h.adminKey,
      body: { title: 'Rebind night', startsAt: '2027-02-01T20:00:00Z', venue: 'Cellar' },
    });
    expect(scheduled.status).toBe(201);
    h.worker!.wake();

    const list = async () => (await call(h!.url, 'GET', `/deliveries?targetId=${registered.body.id}`, { key: h!.aliceKey })).body.data;
    await waitFor(async () => (await list())[0]?.status === 'failed', 20_000, 'the delivery to fail');
    const [delivery] = await list();
    expect(delivery.attempts).toHaveLength(3);
    for (const attempt of delivery.attempts) {
      expect(attempt.statusCode).toBeNull();
      expect(attempt.error).toMatch(/^blocked address: rebind\.attacker\.test resolves to 127\.0\.0\.1/);
    }
    expect(lookup.calls.length).toBeGreaterThanOrEqual(4);
    expect(canary.connections()).toBe(0);
  });
});
