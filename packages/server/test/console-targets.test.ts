import { createClient } from '@clubnotify/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTargets } from '../console/src/targets.js';
import { dbFactories, startTestServer, type TestServer } from './server-support.js';

// The console's targets view reads targets with their health in one list request per kind
// (`include=health`), whatever the number of targets; each health is what GET of one target says.

type Json = Record<string, any>;

describe.each(dbFactories)('targets with their health in one page, on $name', (factory) => {
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
});
