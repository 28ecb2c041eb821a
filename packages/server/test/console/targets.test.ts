import { randomUUID } from 'node:crypto';
import { createClient } from '@clubnotify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTargets, targetApi } from '../../console/src/targets.js';
import { dbFactories, startTestServer, type TestServer } from '../support/server-support.js';

// The console's targets view reads targets with their health in one list request per kind
// (`include=health`), whatever the number of targets; each health is what GET of one target says.

type Json = Record<string, any>;

describe.each(dbFactories())('targets with their health in one page, on $name', (factory) => {
  let server: TestServer;
  let concertId: string;

  beforeAll(async () => {
    server = await startTestServer(factory);
    const concert = await server.call('POST', '/concerts', {
      key: server.adminKey,
      body: { title: 'Health night', startsAt: '2026-12-12T20:00:00Z', venue: 'Main Hall', priceCents: 2500, currency: 'EUR' },
    });
    concertId = ((await concert.json()) as Json).id as string;
    for (let i = 0; i < 6; i++) {
      const res = await server.call('POST', '/registerForAlert', { body: { url: `https://hooks.example.com/r${i}` } });
      expect(res.status).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      const res = await server.call('POST', '/concertUpdates', { body: { concertId, callbackUrl: `https://hooks.example.com/s${i}` } });
      expect(res.status).toBe(200);
    }
  });
  afterAll(() => server?.close());

  it('lists each registration and subscription with the health GET of it shows, and links keep include', async () => {
    for (const [list, one] of [
      ['/registrations', '/registrations/'],
      ['/concertUpdates', '/concertUpdates/'],
    ] as const) {
      const res = await server.call('GET', `${list}?limit=2&include=health`);
      expect(res.status).toBe(200);
      const page = (await res.json()) as Json;
      expect(page.links.next).toContain('include=health');
      for (const target of page.data as Json[]) {
        const detail = (await (await server.call('GET', one + String(target.id))).json()) as Json;
        expect(target.health).toEqual(detail.health);
        expect(target).not.toHaveProperty('secret');
      }
      const plain = (await (await server.call('GET', `${list}?limit=2`)).json()) as Json;
      expect(plain.data[0]).not.toHaveProperty('health');
    }
  });

  it('loads the console targets view in one request per kind, whatever the number of targets', async () => {
    const requests: string[] = [];
    const client = createClient({
      baseUrl: server.url,
      apiKey: server.aliceKey,
      fetch: (input: string | URL | Request, init?: RequestInit) => {
        const request = new Request(input, init);
        requests.push(`${request.method} ${new URL(request.url).pathname}`);
        return fetch(request);
      },
    });
    const targets = await loadTargets(client);
    expect(targets.filter((t) => t.kind === 'registration')).toHaveLength(6);
    expect(targets.filter((t) => t.kind === 'subscription')).toHaveLength(3);
    expect(targets.every((t) => t.health !== null && t.health.circuitState === 'closed')).toBe(true);
    expect(requests.sort()).toEqual(['GET /concertUpdates', 'GET /registrations']);
  });

  it('reads the keys a hold target holds, with the failed delivery holding each, and nothing for the others', async () => {
    const res = await server.call('POST', '/registerForStockUpdates', {
      body: { url: 'https://hooks.example.com/held', ordering: 'hold' },
    });
    const held = ((await res.json()) as Json).id as string;
    // As the record statement leaves a stock update that failed for good at a hold target.
    const id = `dlv_${randomUUID().replace(/-/g, '')}`;
    await server.db.query(
      `INSERT INTO delivery_history (seq, id, message_id, kind, event, target_id, owner_key_id, url, content_type, body, status, attempt_count, round_attempts, created_at, ordering_key, key_seq)
       SELECT nextval(pg_get_serial_sequence('deliveries', 'seq')), $1, $2, 'webhook', 'stockUpdate', id, owner_key_id, url,
              'application/json', '{}', 'failed', 1, 1, now(), 'itm_mojito', 1 FROM registrations WHERE id = $3`,
      [id, `msg_${randomUUID().replace(/-/g, '')}`, held],
    );
    await server.db.query(`INSERT INTO ordering_holds (target_id, ordering_key, delivery_id) VALUES ($1, 'itm_mojito', $2)`, [held, id]);

    const targets = await loadTargets(createClient({ baseUrl: server.url, apiKey: server.aliceKey }));
    const shown = targets.find((t) => t.id === held)!;
    expect(shown.ordering).toBe('hold');
    expect(shown.heldKeys).toEqual([{ orderingKey: 'itm_mojito', deliveryId: id, heldAt: expect.any(String) }]);
    expect(targets.filter((t) => t.heldKeys.length > 0).map((t) => t.id)).toEqual([held]);
    expect((await server.call('DELETE', `/registrations/${held}`)).status).toBe(204);
  });

  it('shows each target payload version and switches it through the same update the API answers', async () => {
    const client = createClient({ baseUrl: server.url, apiKey: server.aliceKey });
    const targets = await loadTargets(client);
    expect(targets.every((t) => t.payloadVersion === 1)).toBe(true);
    for (const kind of ['registration', 'subscription'] as const) {
      const target = targets.find((t) => t.kind === kind)!;
      expect((await targetApi(client, target).setVersion(1)).payloadVersion).toBe(1);
    }
  });
});
