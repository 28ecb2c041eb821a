/**
 * Regenerates everything derived from spec/: the bundled document, openapi-typescript
 * types, the event catalogue, the SDK's retry-safe operations and registrations, the compiled validators, and packages/spec/openapi.{json,yaml}. With --check it writes nothing
 * and exits 1 naming each stale file. --root DIR works on another checkout (tests use it).
 * --spec FILE reads another OpenAPI 3.1 document instead of ROOT/spec/openapi.yaml, and
 * --out DIR writes the same file layout under DIR instead of ROOT.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { bundleSpec } from './generate/bundle.js';
import { renderDocument } from './generate/document.js';
import { renderTypes } from './generate/types.js';
import { renderCatalogue } from './generate/catalogue.js';
import { renderSdkOperations } from './generate/sdk-operations.js';
import { renderValidators } from './generate/validators.js';
import { hoistEventPayloads } from './generate/hoist.js';
import { renderPagination } from './generate/pagination.js';

const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? resolve(process.argv[rootArg + 1]!) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name: string) => (process.argv.includes(name) ? resolve(process.argv[process.argv.indexOf(name) + 1]!) : undefined);
const out = argument('--out') ?? root;
const at = (path: string) => resolve(out, path);

async function main(check: boolean): Promise<number> {
  const document = hoistEventPayloads(await bundleSpec(root, argument('--spec')));
  const types = await renderTypes(document);
  const files: Record<string, string> = {
    // The bundled contract as files, for tools that read a document rather than import one.
    'packages/spec/openapi.json': `${JSON.stringify(document, null, 2)}\n`,
    'packages/spec/openapi.yaml': stringify(document, { lineWidth: 0, aliasDuplicateObjects: false }),
    'packages/spec/src/generated/document.ts': renderDocument(document),
    'packages/spec/src/generated/openapi.ts': types,
    'packages/sdk/src/generated/openapi.ts': types,
    'packages/spec/src/generated/events.ts': renderCatalogue(document),
    'packages/sdk/src/generated/operations.ts': renderSdkOperations(document),
    ...(await renderValidators(document, 'packages/spec/src/generated')),
    'packages/sdk/src/generated/pagination.ts': renderPagination(document),
  };

  const stale: string[] = [];
  for (const [path, content] of Object.entries(files)) {
    const current = await readFile(at(path), 'utf8').catch(() => undefined);
    if (current === content) continue;
    stale.push(path);
    if (!check) {
      await mkdir(dirname(at(path)), { recursive: true });
      await writeFile(at(path), content);
    }
  }
  if (check && stale.length > 0) {
    for (const path of stale) console.error(`stale: ${relative(out, at(path))}`);
    console.error('Generated code has drifted from spec/. Run `npm run generate` and commit the result.');
    return 1;
  }
  console.log(
    check
      ? `generated code is up to date (${Object.keys(files).length} files)`
      : `wrote ${stale.length} of ${Object.keys(files).length} files`,
  );
  return 0;
}

process.exitCode = await main(process.argv.includes('--check'));
