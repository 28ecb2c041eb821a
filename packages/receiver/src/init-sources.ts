import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Where the scaffold gets the kit from, when not the registry: a folder or an `npm pack` tarball. */
export interface LocalSources {
  /** `@clubnotify/receiver`, e.g. `./clubnotify-receiver-1.0.0.tgz` or a checkout's `packages/receiver`. */
  kit?: string;
  /** `@clubnotify/spec` (the kit's dependency), for when it is not on the registry either. */
  spec?: string;
}

/** What the scaffold's package.json gains from local sources. */
export interface LocalSpecs {
  dependencies: Record<string, string>;
  overrides: Record<string, string>;
}

function fileSpec(path: string, what: string): string {
  const absolute = resolve(path);
  if (!existsSync(absolute)) throw new Error(`${what}: nothing at ${absolute}; pass a folder or an \`npm pack\` tarball.`);
  return `file:${absolute}`;
}

/**
 * Resolves local sources to `file:` specs: the kit as a dependency, and the spec through npm
 * `overrides` (it is a dependency of the kit, not of the project). Throws when a path is missing.
 */
export function localSpecs(sources: LocalSources): LocalSpecs {
  const specs: LocalSpecs = { dependencies: {}, overrides: {} };
  if (sources.kit !== undefined) specs.dependencies['@clubnotify/receiver'] = fileSpec(sources.kit, '--kit');
  if (sources.spec !== undefined) specs.overrides['@clubnotify/spec'] = fileSpec(sources.spec, '--spec');
  return specs;
}

/** The scaffold's package.json text with `specs` merged in. */
export function withLocalSpecs(packageJson: string, specs: LocalSpecs): string {
  const pkg = JSON.parse(packageJson) as { dependencies?: Record<string, string>; overrides?: Record<string, string> };
  pkg.dependencies = { ...pkg.dependencies, ...specs.dependencies };
  if (Object.keys(specs.overrides).length > 0) pkg.overrides = { ...pkg.overrides, ...specs.overrides };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}
