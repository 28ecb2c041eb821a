import { cp, mkdir, readdir, symlink } from 'node:fs/promises';
import { basename, join } from 'node:path';

const PACKAGES = ['spec', 'sdk', 'receiver', 'server'] as const;

/**
 * A copy of the monorepo in `to` (spec, generator, mock scripts and the four packages'
 * sources) whose `@clubnotify/*` resolve to the copies, while every other dependency is
 * linked to `root`'s node_modules: code run there sees only the copied spec.
 */
export async function copyWorkspace(root: string, to: string): Promise<void> {
  const skip = new Set(['node_modules', 'dist', 'data', '.data']);
  const filter = (source: string) => !skip.has(basename(source));
  for (const entry of ['spec', 'scripts', 'redocly.yaml', 'package.json', 'tsconfig.base.json']) {
    await cp(join(root, entry), join(to, entry), { recursive: true, filter });
  }
  for (const name of PACKAGES) {
    await cp(join(root, 'packages', name), join(to, 'packages', name), { recursive: true, filter });
    const own = join(root, 'packages', name, 'node_modules');
    if ((await readdir(own).catch(() => undefined)) !== undefined) await symlink(own, join(to, 'packages', name, 'node_modules'), 'dir');
  }
  await mkdir(join(to, 'node_modules', '@clubnotify'), { recursive: true });
  for (const entry of await readdir(join(root, 'node_modules'))) {
    if (entry !== '@clubnotify') await symlink(join(root, 'node_modules', entry), join(to, 'node_modules', entry));
  }
  for (const name of PACKAGES) await symlink(join(to, 'packages', name), join(to, 'node_modules', '@clubnotify', name), 'dir');
}
