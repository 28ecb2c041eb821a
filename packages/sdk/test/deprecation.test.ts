import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../src/index.js';
import { json, startScriptedServer, type ScriptedServer } from './fixtures/scripted-server.js';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());

const page = { data: [], next_cursor: null, limit: 20 };
const deprecated = { Deprecation: '@1767225600', Sunset: 'Wed, 01 Jul 2026 00:00:00 GMT' };
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('deprecated operations', () => {
  it('warns once per operation that answers with a Deprecation header, naming the sunset', async () => {
    const warnings: Error[] = [];
    const collect = (warning: Error) => {
      if ((warning as Error & { code?: string }).code === 'CLUBNOTIFY_DEPRECATED_OPERATION') warnings.push(warning);
    };
    process.on('warning', collect);
    try {
      server.script(json(200, page, deprecated), json(200, page, deprecated), json(200, { status: 'ok' }));
      const client = createClient({ baseUrl: server.url, apiKey: 'k' });
      const first = once(process, 'warning');
      await client.get('/items/cursor', {});
      await first;
      await client.get('/items/cursor', {});
      await client.health();
      await turn();
      expect(warnings.map((w) => [w.name, w.message])).toEqual([
        [
          'DeprecationWarning',
          'GET /items/cursor is deprecated by the clubnotify API since 2026-01-01 and may be removed after Wed, 01 Jul 2026 00:00:00 GMT (the operation, or a parameter this call sends); see the API changelog for what replaces it.',
        ],
      ]);
    } finally {
      process.off('warning', collect);
    }
  });
});
