import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allItems, coveredOperations, itemsOf } from '../../scripts/spec-coverage/items.js';
import { readRecords, recordsDir } from '../../scripts/spec-coverage/records.js';
import { coverageReport } from '../../scripts/spec-coverage/report.js';
import { startRealServer } from '../e2e/real-server.js';

const tiny = {
  paths: {
    '/things/{thingId}': {
      parameters: [{ name: 'thingId', in: 'path', required: true }],
      get: {
        operationId: 'getThing',
        parameters: [{ $ref: '#/components/parameters/Fields' }],
        responses: { '200': { headers: { ETag: {} } }, '4XX': {}, default: {} },
        callbacks: { thingChanged: {} },
      },
    },
  },
  webhooks: { thingAdded: { post: {} } },
  components: { parameters: { Fields: { name: 'fields', in: 'query' } } },
};

describe('spec coverage items', () => {
  it('lists each operation × declared status, each parameter, each response header, each webhook and callback', () => {
    expect(allItems(tiny)).toEqual([
      'getThing 200',
      'getThing 4XX',
      'getThing default',
      'getThing param path:thingId',
      'getThing param query:fields',
      'getThing 200 header ETag',
      'webhook thingAdded',
      'callback thingChanged',
    ]);
  });

  it.each([
    [
      'a 200 with its header and parameters',
      { status: 200, query: ['fields'], responseHeaders: ['etag'] },
      ['getThing 200', 'getThing 200 header ETag', 'getThing param path:thingId', 'getThing param query:fields'],
    ],
    ['a 404 under 4XX, its parameters not counted as accepted', { status: 404, query: ['fields'], responseHeaders: [] }, ['getThing 4XX']],
    ['a 500 under default', { status: 500, query: [], responseHeaders: [] }, ['getThing default']],
  ])('counts %s', (_name, exchange, want) => {
    const [op] = coveredOperations(tiny);
    expect(itemsOf(op!, { requestHeaders: [], ...exchange })).toEqual(want);
  });

  it('reports N/M without the excluded items, and exclusions that match nothing', () => {
    const report = coverageReport(allItems(tiny), new Set(['getThing 200', 'webhook thingAdded']), [
      { items: ['getThing 4XX', 'getThing default', 'getThing param *', 'getThing 200 header *'], reason: 'r' },
      { items: ['getThing 418'], reason: 'typo' },
    ]);
    expect(report).toMatchObject({ covered: 2, total: 3, uncovered: ['callback thingChanged'], unusedPatterns: ['getThing 418'] });
  });
});

describe('the coverage recorder', () => {
  it('records what the reference server answered, and nothing another server in the process answers', async () => {
    // The reference server never answers healthz with 503 (see spec/coverage-exclusions.yaml): only the other server does.
    const other = createServer((_req, res) => res.writeHead(503, { 'retry-after': '5' }).end());
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const server = await startRealServer();
    try {
      await (await fetch(`http://127.0.0.1:${(other.address() as AddressInfo).port}/healthz`)).arrayBuffer();
      const res = await fetch(`${server.url}/items/pages?size=2`, { headers: { authorization: `Bearer ${server.subscriberKey}` } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      const mine = readFileSync(join(recordsDir, `${process.pid}.jsonl`), 'utf8');
      expect(mine).toContain('"listItemsPages param query:size"');
      expect(mine).toContain('"listItemsPages 200 header X-Request-Id"');
      expect(readRecords().has('listItemsPages param query:size')).toBe(true);
      expect(mine).not.toContain('"healthz 503"');
    } finally {
      other.close();
      await server.close();
    }
  });
});
