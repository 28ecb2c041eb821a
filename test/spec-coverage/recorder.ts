import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync, mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { document, routeTable } from '@clubnotify/spec';
import { coveredOperations, itemsOf, type CoveredOperation } from '../../scripts/spec-coverage/items.js';
import { recordsDir } from '../../scripts/spec-coverage/records.js';

// Vitest setup file: records the spec items each answer of the reference server and each
// checked webhook or callback body covers, into one JSONL file per test process (appends from
// one process only, so parallel workers never interleave). `npm run spec:coverage` reads them.

const KEY = Symbol.for('clubnotify.spec-coverage');
const state = globalThis as { [KEY]?: boolean };

if (!state[KEY]) {
  state[KEY] = true;
  const file = join(recordsDir, `${process.pid}.jsonl`);
  const seen = new Set<string>();
  const record = (items: string[]) => {
    const fresh = items.filter((item) => !seen.has(item));
    if (fresh.length === 0) return;
    for (const item of fresh) seen.add(item);
    mkdirSync(recordsDir, { recursive: true });
    appendFileSync(file, fresh.map((item) => JSON.stringify({ item }) + '\n').join(''));
  };
  const operations = new Map(coveredOperations(document).map((op) => [op.id, op]));
  const table = routeTable(({ operation }) => operation.operationId as string);

  /** The operations an answer belongs to: its matched one, or every operation of its path for a 405. */
  const operationsOf = (
    req: IncomingMessage & { originalUrl?: string },
    res: ServerResponse & { locals?: any },
    path: string,
  ): CoveredOperation[] => {
    const matched = res.locals?.ctx?.operation?.id as string | undefined;
    if (matched) return [operations.get(matched)!].filter(Boolean);
    const match = table.match(req.method ?? 'GET', path);
    if (!match) return [];
    const ids = match.operation ? [match.operation] : match.allowed.map((m) => table.match(m, path)?.operation);
    return ids.flatMap((id) => (id && operations.has(id) ? [operations.get(id)!] : []));
  };

  subscribe('http.server.response.finish', (message) => {
    const { request: req, response: res } = message as {
      request: IncomingMessage & { app?: any; originalUrl?: string };
      response: ServerResponse & { locals?: any };
    };
    if (req.app?.locals?.servesContract !== true) return;
    const url = new URL(req.originalUrl ?? req.url ?? '/', 'http://x');
    const exchange = {
      query: [...url.searchParams.keys()],
      requestHeaders: Object.keys(req.headers),
      status: res.statusCode,
      responseHeaders: res.getHeaderNames(),
    };
    record(operationsOf(req, res, url.pathname).flatMap((op) => itemsOf(op, exchange)));
  });

  subscribe('clubnotify:outgoing-payload', (message) => {
    const { kind, event } = message as { kind: string; event: string };
    record([`${kind} ${event}`]);
  });
}
