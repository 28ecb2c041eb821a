import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { document } from '@clubnotify/spec';
import { createClient, pagination, PaginationContractError, type PaginationTable } from '../src/index.js';
import { copySpec, importGenerated, runGenerator, type GeneratorRun } from '../../../test/run-generator.js';
import { apiKey, makeItems, startCollectionServer, type CollectionServer } from './fixtures/collection-server.js';

const GENERATED_TABLE = 'packages/sdk/src/generated/pagination.ts';

async function edit(dir: string, file: string, from: RegExp, to: string): Promise<void> {
  const path = join(dir, 'spec', file);
  const text = await readFile(path, 'utf8');
  if (!from.test(text)) throw new Error(`${file} has no ${from}`);
  await writeFile(path, text.replace(from, to));
}

/** The rename of issue 27, done the way the team would: schema, example and x-pagination. */
async function renameNextCursor(dir: string, inPagination: boolean): Promise<void> {
  await copySpec(dir);
  await edit(dir, 'components/schemas/ItemCursorPlain.yaml', /next_cursor/g, 'nextCursor');
  await edit(dir, 'components/examples/ItemCursorPlain.yaml', /next_cursor/g, 'nextCursor');
  if (inPagination) await edit(dir, 'paths/items_cursor.yaml', /next_cursor/g, 'nextCursor');
}

let server: CollectionServer;
let renamed: GeneratorRun;
let schemaOnly: GeneratorRun;

beforeAll(async () => {
  server = await startCollectionServer();
  [renamed, schemaOnly] = await Promise.all([
    runGenerator(
      (dir) => ['--root', dir],
      (dir) => renameNextCursor(dir, true),
    ),
    runGenerator(
      (dir) => ['--root', dir],
      (dir) => renameNextCursor(dir, false),
    ),
  ]);
});
afterAll(async () => {
  await server.close();
  await Promise.all([renamed, schemaOnly].map((run) => run && rm(run.dir, { recursive: true, force: true })));
});
afterEach(() => {
  server.items = [];
  server.faults = {};
  server.requests = [];
  vi.restoreAllMocks();
});

type Json = Record<string, any>;
const deref = (node: Json | undefined): Json | undefined => {
  let current = node;
  while (current?.$ref)
    current = (current.$ref as string)
      .split('/')
      .slice(1)
      .reduce((o: Json, k) => o[k], document as Json);
  return current;
};
function answersList(get: Json): boolean {
  const schema = deref(deref(get.responses?.['200'])?.content?.['application/json']?.schema);
  const parts = (schema?.allOf as Json[] | undefined)?.map(deref) ?? [schema];
  return parts.some((part) => part?.type === 'array' || deref(part?.properties?.data)?.type === 'array');
}

describe('pagination from the spec', () => {
  it('every collection of this spec declares its pagination in x-pagination', () => {
    const paths = document.paths as Record<string, { get?: Record<string, unknown> }>;
    const declared = Object.entries(paths)
      .filter(([, item]) => item.get?.['x-pagination'] !== undefined)
      .map(([path]) => path);
    expect(Object.keys(pagination).sort()).toEqual(declared.sort());
    // Derived, not counted: every GET that answers a list (an array, or `data` as one) declares how it pages.
    const lists = Object.entries(paths)
      .filter(([, item]) => item.get && answersList(item.get))
      .map(([path]) => path);
    expect(declared.sort()).toEqual(lists.sort());
    expect(declared.length).toBeGreaterThan(0);
  });

  it('next_cursor renamed to nextCursor in the spec regenerates a paginator that reads all 23 items', async () => {
    expect(renamed.code, renamed.output).toBe(0);
    const { pagination: table } = await importGenerated<{ pagination: PaginationTable }>(renamed, GENERATED_TABLE);
    expect(table['/items/cursor']).toMatchObject({ strategy: 'cursor', nextCursor: 'nextCursor', cursorParam: 'cursor' });
    server.items = makeItems(23);
    server.faults.nextCursorField = 'nextCursor';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createClient({ baseUrl: server.url, apiKey, retry: false, strictPagination: true, pagination: table });
    const items = await client.paginate('/items/cursor', { query: { limit: 5 } }).toArray();
    expect(items.map((i) => i.id)).toEqual(server.items.map((i) => i.id));
    expect(warn).not.toHaveBeenCalled();
  });

  it('renaming the field in the schema but not in x-pagination fails generation, naming the operation and field', () => {
    expect(schemaOnly.code).toBe(1);
    expect(schemaOnly.output).toContain(
      'GET /items/cursor (listItemsCursor): x-pagination nextCursor names "next_cursor", which the 200 response does not have (it has data, nextCursor, limit)',
    );
  });
});

describe('a page off its declared envelope', () => {
  it('warns once by default, naming the operation and the missing field', async () => {
    server.items = makeItems(23);
    server.faults.nextCursorField = 'nextCursor';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const client = createClient({ baseUrl: server.url, apiKey, retry: false });
    expect(await client.paginate('/items/cursor', { query: { limit: 5 } }).toArray()).toHaveLength(5);
    expect(await client.paginate('/items/cursor', { query: { limit: 5 } }).toArray()).toHaveLength(5);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toMatch(/listItemsCursor \(GET \/items\/cursor\) answered a page without next_cursor/);
  });

  it('throws a PaginationContractError with strictPagination, before yielding the page', async () => {
    server.items = makeItems(23);
    server.faults.nextCursorField = 'nextCursor';
    const client = createClient({ baseUrl: server.url, apiKey, retry: false, strictPagination: true });
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const item of client.paginate('/items/cursor', { query: { limit: 5 } })) seen.push(item);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationContractError);
    expect(error).toMatchObject({ operation: 'listItemsCursor', missing: ['next_cursor'] });
    expect(seen).toEqual([]);
  });

  it('a missing Link header on a link-header collection is a mismatch too', async () => {
    server.items = makeItems(6);
    server.faults.noLinkHeader = true;
    const client = createClient({ baseUrl: server.url, apiKey, retry: false, strictPagination: true });
    await expect(client.paginate('/items/pages/link-header', { query: { size: 3 } }).toArray()).rejects.toMatchObject({
      name: 'PaginationContractError',
      operation: 'listItemsLinkHeader',
      missing: ['Link header'],
    });
  });

  it('a path the spec declares no pagination for is refused up front', () => {
    const client = createClient({ baseUrl: server.url, apiKey, pagination: {} });
    expect(() => client.paginate('/items')).toThrow(/declares no pagination for this path/);
  });
});
