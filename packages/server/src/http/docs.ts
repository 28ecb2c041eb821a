import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { document } from '@clubnotify/spec';
import type { Router } from 'express';
import express from 'express';
import { stringify } from 'yaml';
import { HttpProblem } from './problem.js';

const run = promisify(execFile);

// Redoc's sidebar attribution loads its logo from cdn.redoc.ly; the page must need no network,
// so the logo becomes an inline SVG (the same replacement as scripts/docs.ts).
const ATTRIBUTION_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;
const INLINE_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="16">' +
    '<text x="0" y="12" font-family="sans-serif" font-size="11" fill="#888">API docs by Redocly</text></svg>',
)}`;

/** The Redoc page with its only CDN reference (the attribution logo) inlined. */
export function offlineDocs(html: string): string {
  return html.replace(ATTRIBUTION_LOGO, INLINE_LOGO);
}
const json = JSON.stringify(document);
const hash = createHash('sha256').update(json).digest('hex').slice(0, 16);

/**
 * Builds the Redoc page with `redocly build-docs` once per spec version into `cacheDir`
 * (the first request waits for it; later requests and restarts read the file).
 */
export function docsRenderer(cacheDir: string): () => Promise<string> {
  let pending: Promise<string> | undefined;
  const file = join(cacheDir, `clubnotify-docs-inline-${hash}.html`);
  const build = async () => {
    try {
      return offlineDocs(await readFile(file, 'utf8'));
    } catch {
      await mkdir(cacheDir, { recursive: true });
      const specFile = join(cacheDir, `clubnotify-openapi-${hash}.json`);
      await writeFile(specFile, json);
      const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
      // --inlineBundle embeds Redoc itself: the page must render with no network (same flags as scripts/docs.ts).
      await run(process.execPath, [cli, 'build-docs', specFile, '--inlineBundle', '--title', 'clubnotify API', '-o', `${file}.tmp`], {
        timeout: 120_000,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
      const html = await readFile(`${file}.tmp`, 'utf8');
      await writeFile(file, html);
      return offlineDocs(html);
    }
  };
  return () => {
    pending ??= build().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}

/** `/openapi.json`, `/openapi.yaml` and `/docs`, outside the spec's operations. */
export function docsRoutes(cacheDir: string): Router {
  const router = express.Router();
  const yamlText = stringify(document, { aliasDuplicateObjects: false });
  const render = docsRenderer(cacheDir);
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(`${json}\n`);
  });
  router.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(yamlText);
  });
  router.get('/docs', async (_req, res) => {
    let html: string;
    try {
      html = await render();
    } catch (error) {
      throw new HttpProblem(
        'unavailable',
        `The docs could not be built (${(error as Error).message.split('\n')[0]}); is @redocly/cli installed?`,
      );
    }
    res.type('text/html').send(html);
  });
  return router;
}

export const defaultDocsCacheDir = join(tmpdir(), 'clubnotify-docs');
