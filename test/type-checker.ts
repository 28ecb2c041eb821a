import { join, resolve } from 'node:path';

/**
 * The compiler the tests run on the projects they write out (README programs, scaffolds,
 * integrators' projects, fixture contracts): TypeScript's native port (`tsgo`, TypeScript 7),
 * the same checker as `tsc` for about a quarter of its CPU (the READMEs' programs against the
 * sources: 19.4 s of CPU with tsc, 4.6 s with tsgo). `npm run typecheck` and the build keep
 * `tsc`, a scaffold's own `npm run typecheck` runs its own, and the tarball checks run
 * arethetypeswrong with both.
 */
export const typeChecker = join(resolve(import.meta.dirname, '..'), 'node_modules/@typescript/native-preview/bin/tsgo');
