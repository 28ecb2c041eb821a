import { describe, expect, it } from 'vitest';
import { collectPagination } from '../../scripts/generate/pagination.js';

type Node = Record<string, unknown>;

/** A one-collection document: GET /things with these query parameters, body properties and headers. */
function spec(options: { query: string[]; properties: Node; required?: string[]; headers?: string[]; pagination?: Node }): Node {
  return {
    openapi: '3.1.0',
    paths: {
      '/things': {
        get: {
          ...(options.pagination && { 'x-pagination': options.pagination }),
          parameters: options.query.map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
          responses: {
            '200': {
              description: 'ok',
              headers: Object.fromEntries((options.headers ?? []).map((h) => [h, { schema: { type: 'string' } }])),
              content: {
                'application/json': { schema: { type: 'object', required: options.required ?? [], properties: options.properties } },
              },
            },
          },
        },
      },
    },
  };
}

const array = { type: 'array', items: { type: 'object' } };
const int = { type: 'integer' };
const str = { type: 'string' };

describe('pagination table: inferred for specs without x-pagination', () => {
  it.each([
    [
      'items + nextPageToken',
      { query: ['pageToken', 'pageSize'], properties: { items: array, nextPageToken: str }, required: ['items'] },
      {
        strategy: 'cursor',
        items: 'items',
        cursorParam: 'pageToken',
        limitParam: 'pageSize',
        nextCursor: 'nextPageToken',
        optional: ['nextPageToken'],
      },
    ],
    [
      'data + links.next with a cursor',
      {
        query: ['after', 'limit'],
        properties: { data: array, links: { type: 'object', properties: { next: str } } },
        required: ['data', 'links'],
      },
      { strategy: 'cursor', items: 'data', cursorParam: 'after', limitParam: 'limit', nextLink: 'links.next', optional: ['links.next'] },
    ],
    [
      'page numbers and a page count in meta',
      {
        query: ['page', 'per_page'],
        properties: {
          records: array,
          meta: { type: 'object', required: ['page', 'totalPages'], properties: { page: int, per_page: int, totalPages: int } },
        },
        required: ['records', 'meta'],
      },
      {
        strategy: 'page',
        items: 'records',
        pageParam: 'page',
        sizeParam: 'per_page',
        page: 'meta.page',
        size: 'meta.per_page',
        totalPages: 'meta.totalPages',
        optional: ['meta.per_page'],
      },
    ],
    [
      'a Link header and X-Total-Count',
      { query: ['page'], properties: { values: array }, required: ['values'], headers: ['Link', 'X-Total-Count'] },
      { strategy: 'link-header', items: 'values', pageParam: 'page', totalHeader: 'X-Total-Count' },
    ],
  ])('%s', (_name, given, want) => {
    expect(collectPagination(spec(given))['/things']).toEqual({ operation: 'getThings', ...want });
  });

  it('leaves out a GET that is not a collection', () => {
    expect(collectPagination(spec({ query: [], properties: { id: str } }))).toEqual({});
  });
});

describe('pagination table: a declared x-pagination that does not fit fails generation', () => {
  const base = { query: ['cursor', 'limit'], properties: { data: array, next_cursor: str }, required: ['data', 'next_cursor'] };
  it.each([
    [
      'an unknown key',
      { strategy: 'cursor', items: 'data', cursorParam: 'cursor', nextCursor: 'next_cursor', nextToken: 'x' },
      'unknown key "nextToken"',
    ],
    [
      'a strategy it does not know',
      { strategy: 'keyset', items: 'data' },
      'strategy must be one of cursor, page, offset, link-header, not "keyset"',
    ],
    [
      'a parameter the operation lacks',
      { strategy: 'cursor', items: 'data', cursorParam: 'after', nextCursor: 'next_cursor' },
      'cursorParam names "after", which is not a query parameter (it has cursor, limit)',
    ],
    [
      'a cursor strategy without a next cursor or link',
      { strategy: 'cursor', items: 'data', cursorParam: 'cursor' },
      'cursor pagination needs nextCursor or nextLink',
    ],
    [
      'items that are not an array',
      { strategy: 'cursor', items: 'next_cursor', cursorParam: 'cursor', nextCursor: 'next_cursor' },
      'items names "next_cursor", which is not an array',
    ],
    [
      'a link-header strategy without a declared Link header',
      { strategy: 'link-header', items: 'data' },
      'link-header pagination needs a declared Link response header',
    ],
  ])('%s', (_name, pagination, message) => {
    expect(() => collectPagination(spec({ ...base, pagination }))).toThrow(`GET /things (getThings): x-pagination ${message}`);
  });
});
