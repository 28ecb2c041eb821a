import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// Tools that read spec/openapi.yaml itself (orval, hey-api, Prism, Spectral) resolve each
// $ref as a URI reference against the file holding it, whatever their working directory.
const specDir = resolve(import.meta.dirname, '../../spec');

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? yamlFiles(join(dir, entry.name)) : entry.name.endsWith('.yaml') ? [join(dir, entry.name)] : [],
  );
}

function refsOf(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsOf);
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' && typeof value === 'string' ? [value] : refsOf(value)));
}

const files = yamlFiles(specDir);

describe('the split source under spec/', () => {
  it.each(files.map((file) => [relative(specDir, file)]))('%s has a name that is a valid URI reference as is', (name) => {
    expect(encodeURI(name)).toBe(name);
    expect(name).not.toMatch(/[{}]/);
  });

  it.each(files.map((file) => [relative(specDir, file), file]))(
    '%s has only relative refs, each resolving as a URI to a file that exists',
    (_name, file) => {
      for (const ref of refsOf(parse(readFileSync(file, 'utf8')))) {
        const [target = ''] = ref.split('#');
        expect(ref, `${ref} must be relative (no scheme, no leading /)`).not.toMatch(/^([a-z][a-z0-9+.-]*:|\/)/i);
        expect(encodeURI(ref), `${ref} must be a valid URI reference as written`).toBe(ref);
        if (target === '') continue;
        const resolved = fileURLToPath(new URL(target, pathToFileURL(file)));
        expect(existsSync(resolved), `${ref} from ${relative(specDir, file)}`).toBe(true);
      }
    },
  );
});
