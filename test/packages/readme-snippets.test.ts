// Every README's TypeScript, as written: each ```ts block that starts with an import is a
// whole program a reader pastes, so it must typecheck (strict, NodeNext) against the
// packages. Blocks that do not start with an import are fragments of the block before.
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { typeChecker } from '../type-checker.js';
import { repoRoot, run } from './support.js';

/** The ```ts blocks of a README that start with an import: the programs a reader pastes whole. */
export function programs(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```/gm)].map((m) => m[1]!).filter((code) => /^import /.test(code));
}

// Under the repository's node_modules, so the packages resolve as they do for the workspace.
const dir = join(repoRoot, 'node_modules/.cache/cn-readme-snippets', String(process.pid));
afterAll(() => rm(dir, { recursive: true, force: true }));

it('every whole TypeScript program in the READMEs typechecks as pasted', { timeout: 120_000 }, async () => {
  const readmes = ['README.md', ...(await readdir(join(repoRoot, 'packages'))).map((p) => `packages/${p}/README.md`)];
  await mkdir(join(dir, 'src'), { recursive: true });
  const written: string[] = [];
  for (const readme of readmes) {
    const text = await readFile(join(repoRoot, readme), 'utf8').catch(() => '');
    for (const [index, code] of programs(text).entries()) {
      const file = `${readme.replace(/[/.]/g, '_')}_${index + 1}.ts`;
      await writeFile(join(dir, 'src', file), `${code}\nexport {};\n`);
      written.push(`${readme} block ${index + 1} -> src/${file}`);
    }
  }
  // The spec, SDK, receiver and server READMEs each open with a program.
  expect(written.length).toBeGreaterThanOrEqual(4);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
  const compilerOptions = {
    strict: true,
    noEmit: true,
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    target: 'ES2022',
    customConditions: ['clubnotify-source'],
    types: ['node'],
    skipLibCheck: true,
  };
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['src'] }));
  const result = await run(process.execPath, [typeChecker, '-p', 'tsconfig.json'], { cwd: dir, allowFailure: true });
  expect(result.stdout + result.stderr, written.join('\n')).toBe('');
});
