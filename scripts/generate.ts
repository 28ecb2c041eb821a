/**
 * Regenerates everything derived from spec/: the bundled document, openapi-typescript
 * types, the event catalogue, the SDK's retry-safe operations and registrations, the compiled validators,
 * each payload version's types and validators (older ones from spec/released/), the converters of
 * spec/converters/, and packages/spec/openapi.{json,yaml}. With --check it writes nothing
 * and exits 1 naming each stale file. --root DIR works on another checkout (tests use it).
 * --spec FILE reads another OpenAPI 3.1 document instead of ROOT/spec/openapi.yaml, and
 * --out DIR writes the same file layout under DIR instead of ROOT.
 */
import { readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
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
import { payloadVersionsOf, readReleased } from './generate/payload-versions.js';
import { checkConverters, readConverters, renderConverters } from './generate/converters.js';
import { renderPayloadVersions } from './generate/versions.js';

const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? resolve(process.argv[rootArg + 1]!) : resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name: string) => (process.argv.includes(name) ? resolve(process.argv[process.argv.indexOf(name) + 1]!) : undefined);
const out = argument('--out') ?? root;
const at = (path: string) => resolve(out, path);
/** Released contracts and converters live beside the root document: spec/released/, spec/converters/. */
const specDir = dirname(argument('--spec') ?? resolve(root, 'spec/openapi.yaml'));
const GENERATED = 'packages/spec/src/generated';

async function main(check: boolean): Promise<number> {
  const bundled = await bundleSpec(root, argument('--spec'));
  const versions = payloadVersionsOf(bundled, await readReleased(resolve(specDir, 'released')));
  const converters = await readConverters(resolve(specDir, 'converters'), relative(root, resolve(specDir, 'converters')));
  checkConverters(converters, versions);
  const document = hoistEventPayloads(bundled);
  const version = versions.at(-1)!.version;
  const types = await renderTypes(document);
  const files: Record<string, string> = {
    // The bundled contract as files, for tools that read a document rather than import one.
    'packages/spec/openapi.json': `${JSON.stringify(document, null, 2)}\n`,
    'packages/spec/openapi.yaml': stringify(document, { lineWidth: 0, aliasDuplicateObjects: false }),
    'packages/spec/src/generated/document.ts': renderDocument(document),
    'packages/spec/src/generated/openapi.ts': types,
    'packages/sdk/src/generated/openapi.ts': types,
    'packages/spec/src/generated/events.ts': renderCatalogue(document),
    'packages/sdk/src/generated/operations.ts': renderSdkOperations(
      document,
      versions.map((v) => v.version),
    ),
    ...(await renderValidators(document, GENERATED, version)),
    ...(await renderPayloadVersions(versions, document, GENERATED)),
    ...renderConverters(converters, GENERATED, relative(root, resolve(specDir, 'converters'))),
    'packages/sdk/src/generated/pagination.ts': renderPagination(document),
  };

  const stale: string[] = [];
  for (const path of await orphans(files)) {
    stale.push(path);
    if (!check) await rm(at(path));
  }
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
    for (const path of stale) console.error(`${path in files ? 'stale' : 'not generated, remove'}: ${relative(out, at(path))}`);
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

/** Files under the generated folder that generation no longer writes (a removed converter, version or event). */
async function orphans(files: Record<string, string>): Promise<string[]> {
  const found = await readdir(at(GENERATED), { recursive: true, withFileTypes: true }).catch(() => []);
  return found
    .filter((entry) => entry.isFile())
    .map((entry) => relative(out, join(entry.parentPath, entry.name)))
    .filter((path) => !(path in files))
    .sort();
}

process.exitCode = await main(process.argv.includes('--check'));
