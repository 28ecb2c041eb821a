import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The registry npm installs from: the one npm passes to what it runs (`npx`, scripts), or npm's default. */
export function registryUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.npm_config_registry || 'https://registry.npmjs.org/';
  return url.endsWith('/') ? url : `${url}/`;
}

/** True when `versions` has one that `^version` takes (same major, not older). */
function takesCaret(versions: string[], version: string): boolean {
  const parse = (v: string) => v.split(/[.+-]/, 3).map(Number);
  const [major, minor, patch] = parse(version);
  return versions.some((v) => {
    if (v.includes('-')) return false;
    const [a, b, c] = parse(v);
    return a === major && (b! > minor! || (b === minor && c! >= patch!));
  });
}

/**
 * Which of `names` the registry has no `^version` of: npm install would stop at them with a 404
 * (or ETARGET). Undefined when the registry did not answer (offline, or slower than `timeoutMs`).
 */
export async function missingFromRegistry(
  names: readonly string[],
  version: string,
  registry = registryUrl(),
  timeoutMs = 5000,
): Promise<string[] | undefined> {
  try {
    const missing: string[] = [];
    for (const name of names) {
      const response = await fetch(`${registry}${name.replace('/', '%2f')}`, {
        headers: { accept: 'application/vnd.npm.install-v1+json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (response.status === 404) missing.push(name);
      else if (!response.ok) return undefined;
      else if (!takesCaret(Object.keys(((await response.json()) as { versions?: object }).versions ?? {}), version)) missing.push(name);
    }
    return missing;
  } catch {
    return undefined;
  }
}

/** The clubnotify checkout this kit runs from (its root), or undefined when it runs from an install. */
export function checkoutRoot(): string | undefined {
  const packageDir = fileURLToPath(new URL('..', import.meta.url));
  if (packageDir.split(sep).includes('node_modules')) return undefined;
  const root = resolve(packageDir, '../..');
  return existsSync(join(root, 'packages/spec/package.json')) ? root : undefined;
}

/** What to tell a user whose scaffold depends on packages the registry does not have. */
export function missingAdvice(missing: readonly string[], version: string, dir: string, registry: string): string {
  const root = checkoutRoot();
  const fix = root
    ? [
        `This kit runs from the checkout ${root}; make the project use it instead:`,
        `  (cd ${root} && npm run build)`,
        `  rm -r ${dir} && npx clubnotify-receiver init ${dir} --kit ${join(root, 'packages/receiver')} --spec ${join(root, 'packages/spec')}`,
      ]
    : [
        'Use local copies instead: in the clubnotify repository run `npm pack -w @clubnotify/spec -w @clubnotify/receiver`, then',
        `  rm -r ${dir} && npx clubnotify-receiver init ${dir} --kit ./clubnotify-receiver-${version}.tgz --spec ./clubnotify-spec-${version}.tgz`,
      ];
  return [
    `Warning: ${missing.map((n) => `${n}@^${version}`).join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not on the registry (${registry}), ` +
      `so npm install in ${dir} would fail with 404.`,
    ...fix,
  ].join('\n');
}
