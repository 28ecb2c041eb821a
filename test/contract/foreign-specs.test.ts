/**
 * The generator, the receiver kit and the paginator on two other teams' OpenAPI 3.1
 * documents (test/fixtures/foreign-specs/): inline payload schemas, no operationIds, their
 * own envelope names. Each spec is generated into a temporary directory and its output used
 * over real sockets.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContractReceiver, createNodeHandler, signedHeaders, type EventContract } from '@clubnotify/receiver';
import { createPaginator, PaginationContractError, type PaginationTable } from '@clubnotify/sdk';
import { importGenerated, repoRoot, runGenerator, type GeneratorRun } from '../run-generator.js';

const SECRET = `whsec_${Buffer.from('foreign-spec-test-secret-32bytes').toString('base64')}`;
const specs = ['parcel-tracking', 'payment-intents'] as const;
const runs = new Map<string, GeneratorRun>();
const servers: Server[] = [];

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function generated(spec: string) {
  const run = runs.get(spec)!;
  const [events, validators, paging] = await Promise.all([
    importGenerated<{ events: EventContract['events'] }>(run, 'packages/spec/src/generated/events.ts'),
    importGenerated<{ bodyValidators: EventContract['bodyValidators'] }>(run, 'packages/spec/src/generated/body-validators.ts'),
    importGenerated<{ pagination: PaginationTable }>(run, 'packages/sdk/src/generated/pagination.ts'),
  ]);
  return { contract: { events: events.events, bodyValidators: validators.bodyValidators }, pagination: paging.pagination };
}

async function deliver(url: string, payload: unknown, secret = SECRET) {
  const body = JSON.stringify(payload);
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signedHeaders(secret, { id, timestamp: new Date(), body }) },
    body,
  });
  return { status: response.status, body: await response.text() };
}

function sendJson(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id_${String(i).padStart(3, '0')}`);

beforeAll(async () => {
  const results = await Promise.all(
    specs.map((spec) => runGenerator((dir) => ['--spec', join(repoRoot, `test/fixtures/foreign-specs/${spec}.yaml`), '--out', dir])),
  );
  specs.forEach((spec, i) => runs.set(spec, results[i]!));
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  await Promise.all([...runs.values()].map((run) => rm(run.dir, { recursive: true, force: true })));
});

describe('a foreign spec with webhooks (parcel-tracking)', () => {
  it('generates its files without operationIds or named payload schemas', () => {
    const run = runs.get('parcel-tracking')!;
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/wrote (\d+) of \1 files/);
  });

  it('a receiver built from the generated catalogue verifies, validates and dispatches a signed delivery', async () => {
    const { contract } = await generated('parcel-tracking');
    const received: unknown[] = [];
    const receiver = createContractReceiver({
      secret: SECRET,
      contract,
      logger: { error: () => undefined },
      handlers: { webhooks: { 'shipment.delivered': (payload, ctx) => void received.push({ payload, name: ctx.name }) } },
    });
    const url = await listen(createNodeHandler(receiver));
    const payload = { shipmentId: 'shp_1', deliveredAt: '2026-03-01T10:00:00Z', signedBy: null };

    expect(await deliver(`${url}/webhooks/shipment.delivered`, payload)).toEqual({ status: 200, body: '' });
    expect(received).toEqual([{ payload, name: 'shipment.delivered' }]);

    const invalid = await deliver(`${url}/webhooks/shipment.delivered`, {
      shipmentId: 'shp_2',
      deliveredAt: 'yesterday',
      signedBy: 'x',
      extra: 1,
    });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body).errors).toEqual(
      expect.arrayContaining([
        { pointer: '/body/deliveredAt', detail: expect.stringContaining('date-time') },
        { pointer: '/body/extra', detail: 'is not a known field' },
      ]),
    );
    expect(
      (
        await deliver(
          `${url}/webhooks/shipment.delivered`,
          payload,
          `whsec_${Buffer.from('another-secret-of-thirty-two-byte').toString('base64')}`,
        )
      ).status,
    ).toBe(401);
    expect((await deliver(`${url}/webhooks/concertAlert`, payload)).status).toBe(404);
    expect(received).toHaveLength(1);
  });

  it('the generated paginator walks every page of items + nextPageToken', async () => {
    const { pagination } = await generated('parcel-tracking');
    const all = ids(23);
    const requests: string[] = [];
    const url = await listen((req, res) => {
      const query = new URL(req.url!, 'http://x').searchParams;
      requests.push(req.url!);
      const start = query.has('pageToken') ? all.indexOf(atob(query.get('pageToken')!)) + 1 : 0;
      const items = all
        .slice(start, start + Number(query.get('pageSize') ?? 10))
        .map((id) => ({ id, status: 'in_transit', trackingNumber: `T${id}` }));
      const last = items.at(-1)?.id;
      sendJson(res, { items, ...(last !== undefined && last !== all.at(-1) && { nextPageToken: btoa(last) }) });
    });
    const client = createPaginator({ baseUrl: url, pagination, strictPagination: true });
    const items = await client.paginate<{ id: string }>('/shipments', { query: { pageSize: 5 } }).toArray();
    expect(items.map((i) => i.id)).toEqual(all);
    expect(requests).toHaveLength(5);
  });

  it('a page with another items field than declared is a PaginationContractError with strictPagination', async () => {
    const { pagination } = await generated('parcel-tracking');
    const url = await listen((_req, res) => sendJson(res, { shipments: [{ id: 'a' }], nextPageToken: 'x' }));
    const client = createPaginator({ baseUrl: url, pagination, strictPagination: true });
    await expect(client.paginate('/shipments').toArray()).rejects.toThrow(PaginationContractError);
    await expect(client.paginate('/shipments').toArray()).rejects.toMatchObject({ operation: 'getShipments', missing: ['items'] });
  });
});

describe('a foreign spec with callbacks (payment-intents)', () => {
  it('generates its files', () => {
    const run = runs.get('payment-intents')!;
    expect(run.code, run.output).toBe(0);
  });

  it('a receiver built from the generated catalogue verifies and validates a signed callback, answering a declared status', async () => {
    const { contract } = await generated('payment-intents');
    const received: unknown[] = [];
    const receiver = createContractReceiver({
      secret: SECRET,
      contract,
      mode: 'development',
      logger: { error: () => undefined },
      handlers: { callbacks: { statusChanged: (payload) => (received.push(payload), { status: 204 }) } },
    });
    const url = await listen(createNodeHandler(receiver));
    const payload = { intentId: 'pi_1', status: 'succeeded', occurredAt: '2026-03-01T10:00:00Z' };
    expect(await deliver(`${url}/callbacks/statusChanged`, payload)).toEqual({ status: 204, body: '' });
    expect(received).toEqual([payload]);
    const invalid = await deliver(`${url}/callbacks/statusChanged`, { ...payload, status: 'lost' });
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.body).errors).toEqual([{ pointer: '/body/status', detail: expect.stringContaining('must be one of') }]);
    expect((await deliver(`${url}/webhooks/statusChanged`, payload)).status).toBe(404);
  });

  it('the generated paginator walks every page of results + paging.offset/limit/total', async () => {
    const { pagination } = await generated('payment-intents');
    expect(pagination['/payment-intents']).toMatchObject({ strategy: 'offset', items: 'results', total: 'paging.total' });
    const all = ids(23);
    const url = await listen((req, res) => {
      const query = new URL(req.url!, 'http://x').searchParams;
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 25);
      sendJson(res, {
        results: all.slice(offset, offset + limit).map((id) => ({ id, amount: 100, currency: 'EUR', status: 'succeeded' })),
        paging: { offset, limit, total: all.length },
      });
    });
    const client = createPaginator({ baseUrl: url, pagination, strictPagination: true });
    const pages = [];
    for await (const page of client.paginate<{ id: string }>('/payment-intents', { query: { limit: 5 } }).pages()) pages.push(page);
    expect(pages.flatMap((p) => p.items.map((i) => i.id))).toEqual(all);
    expect(pages[0]!.total).toBe(23);
  });
});
