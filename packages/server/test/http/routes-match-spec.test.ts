import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, operationHandlers } from '../../src/app.js';
import { operations } from '../../src/http/operations.js';
import type { Services } from '../../src/services.js';
import { dbFactories, startTestServer, type TestServer } from '../support/server-support.js';

// Routes the app serves outside the spec's operations, each with its reason.
const OUTSIDE_THE_CONTRACT: Record<string, string> = {
  '/openapi.json': 'the contract itself, as JSON',
  '/openapi.yaml': 'the contract itself, as YAML',
  '/docs': 'the Redoc rendering of the contract',
  '/console': 'the operator console (static files; its calls are spec operations)',
  '/console/': 'the operator console',
  '/console/assets': "the console's built scripts and styles",
  '/favicon.ico': "the console's and docs' tab icon (browsers ask for it)",
};

interface Layer {
  route?: { path: string | string[] };
  slash: boolean;
  rawPath?: string;
  handle: { stack?: Layer[] };
}

/** Every path the Express app names explicitly (routes and mounted middleware), in every router. */
function explicitPaths(stack: Layer[]): string[] {
  return stack.flatMap((layer) => [
    ...(layer.route ? [layer.route.path].flat() : []),
    ...(!layer.route && !layer.slash && layer.rawPath ? [layer.rawPath] : []),
    ...(layer.handle.stack ? explicitPaths(layer.handle.stack) : []),
  ]);
}

const specPaths = new Set([...operations.values()].map((op) => op.path));

describe('no handler without an operation', () => {
  it('every operation handler is keyed by an operationId of the spec', () => {
    const ids = Object.keys(operationHandlers({} as Services));
    expect(ids.filter((id) => !operations.has(id))).toEqual([]);
  });

  it('every path the Express app names is a path of the spec or a listed route outside the contract', async () => {
    const app = createApp({ db: { kind: 'pglite' } as never, cursorKey: Buffer.alloc(32), urlPolicy: { allow: [] } }) as unknown as {
      router: { stack: Layer[] };
    };
    const unknown = [...new Set(explicitPaths(app.router.stack))].filter((path) => !specPaths.has(path) && !(path in OUTSIDE_THE_CONTRACT));
    expect(unknown).toEqual([]);
  });
});

describe.each(dbFactories().filter((f) => f.name === 'pglite'))('no operation without a handler, on $name', (factory) => {
  let s: TestServer;
  // Without request validation every request reaches the dispatch, so a missing handler shows as the fallback's 404.
  beforeAll(async () => {
    s = await startTestServer(factory, { deps: { requestValidation: false, responseValidation: 'off' } });
  });
  afterAll(() => s?.close());

  it('answers every operation of the spec with a handler, not the "not served" fallback', async () => {
    const unserved: string[] = [];
    for (const op of operations.values()) {
      const path = op.path.replace(/\{[^}]+\}/g, 'x_unknown');
      const res = await s.call(op.method, path, { key: s.adminKey, body: op.bodyTypes.length > 0 ? {} : undefined });
      const text = await res.text();
      if (res.status === 404 && text.includes('is not served by this server')) unserved.push(op.id);
    }
    expect(unserved).toEqual([]);
  });
});
