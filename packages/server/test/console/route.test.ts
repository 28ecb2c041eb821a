import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRoutes } from '../../src/http/console.js';

describe('/console static files', () => {
  let dir: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'cn-console-route-'));
    await mkdir(join(dir, 'built', 'assets'), { recursive: true });
    await writeFile(
      join(dir, 'built', 'index.html'),
      '<!doctype html><script type="module" src="/console/assets/index-abc123.js"></script>',
    );
    await writeFile(join(dir, 'built', 'assets', 'index-abc123.js'), 'console.log(1)');
    const app = express();
    app.use(consoleRoutes(join(dir, 'built')));
    app.use('/missing', consoleRoutes(join(dir, 'nothing-here')));
    app.use((_req, res) => void res.status(404).end());
    app.use(
      ((error, _req, res, _next) => void res.status(error.status ?? 500).json({ detail: error.detail })) as express.ErrorRequestHandler,
    );
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('sends the page revalidated, with a CSP that allows no inline or foreign code', async () => {
    for (const path of ['/console', '/console/']) {
      const res = await fetch(`${base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/unsafe|\*|https?:/);
    }
  });

  it('sends hashed assets immutable for a year, and unknown assets fall through', async () => {
    const res = await fetch(`${base}/console/assets/index-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${base}/console/assets/nope.js`)).status).toBe(404);
  });

  it('answers 503 naming the build when the console is not built', async () => {
    const res = await fetch(`${base}/missing/console`);
    expect(res.status).toBe(503);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/npm run build/);
  });
});
