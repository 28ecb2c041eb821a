import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentPayloadVersion } from '@clubnotify/spec';
import { eventPlaceholders, eventsOf, genericHandler, TEMPLATE_PAYLOAD_VERSION } from './init-events.js';
import { localSpecs, withLocalSpecs, type LocalSources } from './init-sources.js';
import { isScaffoldSignature, signaturePlaceholders, SIGNATURES, type ScaffoldSignature } from './init-signature.js';

const templates = fileURLToPath(new URL('../templates/init/', import.meta.url));
const overlays = fileURLToPath(new URL('../templates/frameworks/', import.meta.url));
/** Files a `v1a` receiver has instead: its server reads the key set's URL, its test signs with ed25519. */
const signatureOverlays = fileURLToPath(new URL('../templates/signatures/', import.meta.url));

/** The frameworks `init --framework` scaffolds on, with what each adds to the project's package.json. */
export const FRAMEWORKS = {
  node: { dependencies: {}, devDependencies: {} },
  express: { dependencies: { express: '^5.1.0' }, devDependencies: { '@types/express': '^5.0.0' } },
  hono: { dependencies: { hono: '^4.7.0', '@hono/node-server': '^2.0.0' }, devDependencies: {} },
  fastify: { dependencies: { fastify: '^5.0.0' }, devDependencies: {} },
} satisfies Record<string, { dependencies: Record<string, string>; devDependencies: Record<string, string> }>;
export type Framework = keyof typeof FRAMEWORKS;

/** This kit's version: the scaffold depends on `^` it. */
export async function kitVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as { version: string };
  return pkg.version;
}

export function isFramework(name: string): name is Framework {
  return Object.hasOwn(FRAMEWORKS, name);
}

function withFramework(packageJson: string, framework: Framework): string {
  const pkg = JSON.parse(packageJson) as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  pkg.dependencies = { ...pkg.dependencies, ...FRAMEWORKS[framework].dependencies };
  pkg.devDependencies = { ...pkg.devDependencies, ...FRAMEWORKS[framework].devDependencies };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

const HANDLER = /^src\/handlers\/(webhook|callback)s\/(.+)\.ts$/;

/**
 * Writes a receiver project into `dir` (which must be missing or empty): one handler file
 * per event of the spec (the template's example where it has one, a generic one otherwise),
 * a server reading PORT and WEBHOOK_SECRET (or, with `signature: 'v1a'`, WEBHOOK_JWKS_URL) on
 * `framework` (default `node:http`), and a test over a real socket, all of `payloadVersion`
 * (default the current one).
 * `kit` and `spec` make it depend on local folders or tarballs instead of the registry.
 * Returns the files written, relative to `dir`.
 */
export async function scaffold(
  dir: string,
  options: { name?: string; framework?: Framework; payloadVersion?: number; signature?: ScaffoldSignature } & LocalSources = {},
): Promise<string[]> {
  const framework = options.framework ?? 'node';
  const payloadVersion = options.payloadVersion ?? currentPayloadVersion;
  const scaffoldEvents = eventsOf(payloadVersion);
  if (!isFramework(framework)) throw new Error(`--framework: "${String(framework)}" is not one of ${Object.keys(FRAMEWORKS).join(', ')}.`);
  const signature = options.signature ?? 'v1';
  if (!isScaffoldSignature(signature)) throw new Error(`--signature: "${String(signature)}" is not one of ${SIGNATURES.join(', ')}.`);
  const target = resolve(dir);
  const existing = await readdir(target).catch(() => []);
  if (existing.length > 0) throw new Error(`${target} is not empty; choose a new folder.`);
  const specs = localSpecs(options);
  const version = await kitVersion();
  const name = (options.name ?? basename(target)).toLowerCase().replace(/[^a-z0-9._-]+/g, '-');
  const placeholders = Object.entries({
    '{{name}}': name,
    '{{version}}': version,
    ...eventPlaceholders(payloadVersion),
    ...signaturePlaceholders(signature),
  });
  const files = new Map<string, string>();
  for await (const source of walk(templates)) {
    const rel = relative(templates, source)
      .split(sep)
      .join('/')
      .replace(/\.template$/, '')
      .replace(/(^|\/)gitignore$/, '$1.gitignore');
    const handler = HANDLER.exec(rel);
    // A template's example handler is for its version and for events that version has; else a generic one is written.
    if (
      handler &&
      (payloadVersion !== TEMPLATE_PAYLOAD_VERSION || !scaffoldEvents.some((e) => e.kind === handler[1] && e.name === handler[2]))
    )
      continue;
    const overlay = [join(overlays, framework), join(signatureOverlays, signature)]
      .map((dir) => join(dir, relative(templates, source)))
      .find((path) => existsSync(path));
    const text = placeholders.reduce((t, [from, to]) => t.replaceAll(from, to), await readFile(overlay ?? source, 'utf8'));
    files.set(rel, rel === 'package.json' ? withLocalSpecs(withFramework(text, framework), specs) : text);
  }
  for (const event of scaffoldEvents) if (!files.has(event.file)) files.set(event.file, genericHandler(event, payloadVersion));
  const written: string[] = [];
  for (const [rel, text] of files) {
    await mkdir(dirname(join(target, rel)), { recursive: true });
    await writeFile(join(target, rel), text);
    written.push(rel);
  }
  if (!(await stat(target)).isDirectory()) throw new Error(`${target} is not a folder.`);
  return written.sort();
}
