/**
 * What an outside user installs: each workspace package as `npm pack` makes it (tarballs.ts packs
 * them once for the run, after an incremental build).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packed } from './support.js';
import { packageNames as packages, type PackageName } from './tarballs.js';
import { undeclaredImports, type Manifest } from './undeclared-imports.js';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../..');
const bin = (name: string) => join(repoRoot, 'node_modules/.bin', name);

interface Packed {
  manifest: Manifest & Record<string, unknown>;
  tarball: string;
  files: string[];
}

let out: string;
const manifests = new Map<PackageName, Packed['manifest']>();

beforeAll(async () => {
  out = await mkdtemp(join(tmpdir(), 'cn-pack-'));
  for (const name of packages)
    manifests.set(name, JSON.parse(await readFile(join(repoRoot, 'packages', name, 'package.json'), 'utf8')) as Packed['manifest']);
});
afterAll(() => (out ? rm(out, { recursive: true, force: true }) : undefined));

const get = (name: PackageName): Packed => ({ manifest: manifests.get(name)!, tarball: packed()[name].path, files: packed()[name].files });

describe.each(packages)('@clubnotify/%s as packed', (name) => {
  it('holds dist, its README and CHANGELOG, and no sources, tests, maps or build info', () => {
    const { files, manifest } = get(name);
    expect(files).toEqual(expect.arrayContaining(['package.json', 'README.md', 'CHANGELOG.md', 'dist/index.js', 'dist/index.d.ts']));
    const allowed =
      /^(package\.json|README\.md|CHANGELOG\.md|dist\/.+\.(js|d\.ts)|dist\/console\/(index\.html|assets\/[\w-]+\.(js|css))|bin\/[\w-]+\.js|templates\/.+|grafana\/[\w-]+\.json)$/;
    // @clubnotify/spec also ships the bundled contract as files, for tools that read a document.
    const bundled = name === 'spec' ? ['openapi.json', 'openapi.yaml'] : [];
    expect(files).toEqual(expect.arrayContaining(bundled));
    expect(files.filter((file) => !allowed.test(file) && !bundled.includes(file))).toEqual([]);
    expect(files.filter((file) => /(^|\/)(src|test)\//.test(file) && !file.startsWith('templates/'))).toEqual([]);
    for (const target of Object.values((manifest.bin ?? {}) as Record<string, string>))
      expect(files).toContain(target.replace(/^\.\//, ''));
    // The web console ships as built static files, with the server only.
    const consoleFiles = files.filter((file) => file.startsWith('dist/console/'));
    if (name === 'server')
      expect(consoleFiles).toEqual(
        expect.arrayContaining(['dist/console/index.html', expect.stringMatching(/^dist\/console\/assets\/index-[\w-]+\.js$/)]),
      );
    else expect(consoleFiles).toEqual([]);
  });

  it('declares every package its built code imports', async () => {
    const { files, manifest, tarball } = get(name);
    const dir = await mkdtemp(join(out, 'unpacked-'));
    await run('tar', ['-xzf', tarball, '-C', dir]);
    const undeclared = new Map<string, string>();
    for (const file of files.filter((f) => /\.(m?js|cjs)$/.test(f))) {
      for (const dependency of undeclaredImports(manifest, await readFile(join(dir, 'package', file), 'utf8')))
        undeclared.set(dependency, file);
    }
    expect(Object.fromEntries(undeclared)).toEqual({});
  });

  it('lets patch and minor releases of sibling packages satisfy its ranges', () => {
    const internal = Object.entries(get(name).manifest.dependencies ?? {}).filter(([dep]) => dep.startsWith('@clubnotify/'));
    for (const [, range] of internal) expect(range).toMatch(/^\^\d+\.\d+\.\d+$/);
  });

  it('has no publint errors, warnings or suggestions', async () => {
    const tarball = await readFile(get(name).tarball);
    const { messages, pkg } = await publint({
      pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) as ArrayBuffer },
      level: 'suggestion',
      strict: true,
    });
    expect(messages.map((message) => `${message.type}: ${formatMessage(message, pkg)}`)).toEqual([]);
  });

  it('has types that resolve for ESM consumers (attw, esm-only profile)', async () => {
    // openapi.yaml is a file to read (require.resolve), not a module: no type can describe an import of it.
    const exclude = name === 'spec' ? ['--exclude-entrypoints', './openapi.yaml'] : [];
    const result = await run(bin('attw'), [get(name).tarball, '--profile', 'esm-only', '--format', 'ascii', ...exclude]).catch(
      (error: { stdout: string }) => error,
    );
    expect('code' in result ? result.stdout : '').toBe('');
  });

  it('passes npm publish --dry-run of its tarball', async () => {
    const { stdout } = await run('npm', ['publish', '--dry-run', '--loglevel=notice', get(name).tarball], { cwd: out });
    expect(stdout.trim()).toBe(`+ ${get(name).manifest.name}@${String(get(name).manifest.version)}`);
  });
});

describe('declarations for a consumer with skipLibCheck: false', () => {
  let consumer: string;
  beforeAll(async () => {
    consumer = await mkdtemp(join(tmpdir(), 'cn-consumer-'));
    // The workspace links resolve @clubnotify/* to the packages, whose `types` are the built .d.ts.
    await symlink(join(repoRoot, 'node_modules'), join(consumer, 'node_modules'), 'dir');
    await writeFile(join(consumer, 'package.json'), '{ "type": "module" }\n');
    const entries = [
      ...packages.map((name) => `@clubnotify/${name}`),
      '@clubnotify/receiver/hono',
      '@clubnotify/receiver/fastify',
      '@clubnotify/receiver/edge',
      '@clubnotify/spec/events/webhook.stockUpdate',
    ];
    const imports = entries.map((entry, i) => `import * as p${i} from '${entry}';`).join('\n');
    await writeFile(join(consumer, 'index.ts'), `${imports}\nexport const all = [${entries.map((_, i) => `p${i}`).join(', ')}];\n`);
    for (const [resolution, module] of [
      ['NodeNext', 'NodeNext'],
      ['Bundler', 'ESNext'],
    ]) {
      const compilerOptions = {
        module,
        moduleResolution: resolution,
        target: 'ES2022',
        strict: true,
        noEmit: true,
        skipLibCheck: false,
        types: ['node'],
      };
      await writeFile(join(consumer, `tsconfig.${resolution}.json`), JSON.stringify({ compilerOptions, files: ['index.ts'] }));
    }
  });
  afterAll(() => (consumer ? rm(consumer, { recursive: true, force: true }) : undefined));

  it.each([
    ['tsc', 'NodeNext'],
    ['tsc', 'Bundler'],
    ['tsgo', 'NodeNext'],
    ['tsgo', 'Bundler'],
  ])('compile with %s under moduleResolution %s', { timeout: 120_000 }, async (compiler, resolution) => {
    const result = await run(bin(compiler), ['-p', `tsconfig.${resolution}.json`], { cwd: consumer }).catch(
      (error: { stdout: string }) => error,
    );
    expect('code' in result ? result.stdout : '').toBe('');
  });
});
