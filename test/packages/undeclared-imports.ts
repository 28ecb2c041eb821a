import { builtinModules } from 'node:module';

// Adapted from ../shared/tools/undeclared-imports.mjs: CI runs on a clean clone without it.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["']([^"'./][^"']*)["']/gm;
const builtin = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

export interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** The package a bare specifier names: `@scope/name` or `name`. */
export function packageOf(specifier: string): string {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

/** Packages that `source` (built JavaScript) imports but `manifest` does not declare. */
export function undeclaredImports(manifest: Manifest, source: string): string[] {
  const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {}), manifest.name]);
  const found = new Set<string>();
  for (const [, specifier] of source.matchAll(IMPORT)) {
    if (builtin.has(specifier!) || builtin.has(specifier!.split('/')[0]!)) continue;
    const name = packageOf(specifier!);
    if (!declared.has(name)) found.add(name);
  }
  return [...found];
}
