/**
 * `npm run docs`: the Redoc HTML of the contract, written to build/docs/index.html.
 *
 * The page is self-contained (`--inlineBundle`: Redoc's script is embedded; its attribution
 * logo, otherwise fetched from cdn.redoc.ly, is inlined: nothing is fetched from a CDN), so it works offline and can be served as one file. It is built by
 * `redocly build-docs` from spec/openapi.yaml with the `openapi` options of redocly.yaml,
 * which is what `buildDocsHtml()` returns too: anyone serving the docs gets the same page.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

// Redoc's sidebar attribution loads its logo from cdn.redoc.ly; the page must need no network,
// so the logo becomes an inline SVG (the same replacement as the server's /docs).
const ATTRIBUTION_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;
const INLINE_LOGO = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="90" height="16"><text x="0" y="12" font-family="sans-serif" font-size="11" fill="#888">API docs by Redocly</text></svg>')}`;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Where `npm run docs` writes the page. */
export const docsOutputPath = join(root, 'build', 'docs', 'index.html');

function redoclyBin(): string {
  const require = createRequire(import.meta.url);
  const pkgPath = require.resolve('@redocly/cli/package.json');
  const { bin } = require(pkgPath) as { bin: { redocly: string } };
  return join(dirname(pkgPath), bin.redocly);
}

/**
 * Builds the Redoc page of spec/openapi.yaml (with redocly.yaml) and returns its HTML:
 * one self-contained document showing every operation, the webhooks, the callback under
 * `/concertUpdates`, the envelopes, signature headers, auth scheme and examples.
 */
export async function buildDocsHtml(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'clubnotify-docs-'));
  try {
    const out = join(dir, 'index.html');
    await run(
      process.execPath,
      [
        redoclyBin(),
        'build-docs',
        join(root, 'spec', 'openapi.yaml'),
        '--config',
        join(root, 'redocly.yaml'),
        '--inlineBundle',
        '--title',
        'clubnotify API',
        '--output',
        out,
      ],
      { cwd: root, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    return (await readFile(out, 'utf8')).replace(ATTRIBUTION_LOGO, INLINE_LOGO);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Writes the page to `path` (build/docs/index.html by default) and returns the path. */
export async function writeDocs(path: string = docsOutputPath): Promise<string> {
  const html = await buildDocsHtml();
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, html);
  return path;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const path = await writeDocs(process.argv[2] ? resolve(process.argv[2]) : undefined);
  console.log(`Docs written to ${path}`);
}
